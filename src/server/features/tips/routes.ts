import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPayLaterBodySchema,
  feedbackBodySchema,
  feedbackResponseSchema,
  payLaterLinkResponseSchema,
  payLaterMailBodySchema,
  payLaterMailResponseSchema,
  payLaterTokenParamsSchema,
  startTipPaymentBodySchema,
  startTipPaymentResponseSchema,
  thankYouQuerySchema,
  thankYouResponseSchema,
  tipIdParamsSchema,
  tipStatusResponseSchema,
  tipTokenBodySchema,
} from '../../../shared/api/tips';
import { guestBrowserOf } from '../analytics/page-views';
import { paymentContext } from '../payments/context';
import { submitFeedback } from './feedback';
import { receiptContext } from '../receipts/context';
import { GUEST_MAIL_PER_ADDRESS } from '../receipts/limits';
import { createPayLaterLink, mailPayLaterLink, readPayLaterLink } from './pay-later';
import { cancelTipPayment, getTipStatus, startTipPayment } from './service';
import { getThankYou } from './thank-you';
import { limitPerClientAddress } from '../../http/rate-limit';
import { GUEST_RATE_RULES } from '../../http/guest-rate-rules';

/** Public guest endpoints of a tip: pay, follow the payment, give feedback, thank-you, pay later. */
export const tipRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['guest'];

  app.post(
    '/api/guest/tips',
    {
      onRequest: limitPerClientAddress(app, GUEST_RATE_RULES.startPayment),
      schema: {
        tags,
        summary: 'Trinkgeld-Zahlung starten (legt Trinkgeld und Zahlungssitzung an)',
        body: startTipPaymentBodySchema,
        response: { 201: startTipPaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const started = await startTipPayment(
        paymentContext(app.deps, request.log),
        request.body,
        'app',
        app.guestCodes,
        guestBrowserOf(request),
      );
      return reply.status(201).send(started);
    },
  );

  app.get(
    '/api/guest/tips/:tipId',
    {
      schema: {
        tags,
        summary: 'Stand einer Trinkgeld-Zahlung (fragt bei Bedarf den Zahlungsanbieter)',
        params: tipIdParamsSchema,
        response: { 200: tipStatusResponseSchema },
      },
    },
    async (request) =>
      getTipStatus(
        paymentContext(app.deps, request.log),
        request.params.tipId,
        tipTokenOf(request),
      ),
  );

  app.post(
    '/api/guest/tips/:tipId/cancel',
    {
      schema: {
        tags,
        summary: 'Abgebrochene Zahlung beenden (nur der zahlende Browser)',
        params: tipIdParamsSchema,
        body: tipTokenBodySchema,
        response: { 200: tipStatusResponseSchema },
      },
    },
    async (request) =>
      cancelTipPayment(paymentContext(app.deps, request.log), {
        tipId: request.params.tipId,
        token: request.body.token,
      }),
  );

  app.post(
    '/api/guest/tips/:tipId/feedback',
    {
      schema: {
        tags,
        summary:
          'Reaktion, Nachricht und E-Mail-Adresse (Beleg, Antwort per E-Mail) zu genau diesem Trinkgeld senden',
        params: tipIdParamsSchema,
        body: feedbackBodySchema,
        response: { 200: feedbackResponseSchema },
      },
      // Only a request that gives an address is a guest mail and counts as one.
      preHandler: limitPerClientAddress(app, GUEST_MAIL_PER_ADDRESS, (request) =>
        givesAddress(request.body),
      ),
    },
    async (request) =>
      submitFeedback(receiptContext(app, request.log), {
        tipId: request.params.tipId,
        token: request.body.token,
        emoji: request.body.emoji ?? null,
        message: request.body.message ?? null,
        contact: request.body.contact ?? null,
      }),
  );

  app.get(
    '/api/guest/thank-you',
    {
      schema: {
        tags,
        summary: 'Dankeseite: bezahltes Trinkgeld nach tipId oder session_id',
        querystring: thankYouQuerySchema,
        response: { 200: thankYouResponseSchema },
      },
    },
    async (request) =>
      getThankYou(
        paymentContext(app.deps, request.log),
        { tipId: request.query.tipId, sessionId: request.query.session_id },
        tipTokenOf(request),
      ),
  );

  app.post(
    '/api/guest/pay-later-links',
    {
      onRequest: limitPerClientAddress(app, GUEST_RATE_RULES.payLaterLink),
      schema: {
        tags,
        summary: '„Später zahlen“: Link mit Betrag, 24 Stunden gültig',
        body: createPayLaterBodySchema,
        response: { 201: payLaterLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const link = await createPayLaterLink(paymentContext(app.deps, request.log), request.body);
      return reply.status(201).send(link);
    },
  );

  app.get(
    '/api/guest/pay-later-links/:token',
    {
      schema: {
        tags,
        summary: 'Zahlungslink öffnen (nach 24 Stunden abgelehnt)',
        params: payLaterTokenParamsSchema,
        response: { 200: payLaterLinkResponseSchema },
      },
    },
    async (request) =>
      readPayLaterLink(paymentContext(app.deps, request.log), request.params.token),
  );

  app.post(
    '/api/guest/pay-later-links/email',
    {
      onRequest: limitPerClientAddress(app, GUEST_MAIL_PER_ADDRESS),
      schema: {
        tags,
        summary:
          'Zahlungslink an die eigene E-Mail-Adresse senden (Adresse wird nicht gespeichert)',
        body: payLaterMailBodySchema,
        response: { 202: payLaterMailResponseSchema },
      },
    },
    async (request, reply) => {
      await mailPayLaterLink(receiptContext(app, request.log), request.body);
      return reply.status(202).send({ sent: true });
    },
  );
};

/** Whether a (validated) feedback body carries the guest's address. */
function givesAddress(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'contact' in body &&
    body.contact !== undefined &&
    body.contact !== null
  );
}

const TIP_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The paying browser's tip secret from `X-Tip-Token` (a header, so it never lands in URL logs). */
function tipTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-tip-token'];
  return typeof value === 'string' && TIP_TOKEN.test(value) ? value : undefined;
}
