import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaymentPointListSchema,
  apiPaymentPointSchema,
  apiPayoutListSchema,
  apiPayoutSchema,
  apiTipListSchema,
  apiTipSchema,
  BUSINESS_API_ERRORS,
  listQuerySchema,
  paymentPointParamsSchema,
  payoutListQuerySchema,
  payoutParamsSchema,
  tipListQuerySchema,
  tipParamsSchema,
} from '../../../shared/api/business-api';
import { AppError } from '../../http/errors';
import { apiKeyGate, apiKeyOf } from '../api-keys/guard';
import { businessApiDocument, renderBusinessApiDocs } from './openapi';
import { findPoint, listPoints } from '../payment-points/queries/points';
import { presentApiPaymentPoint, presentApiPayout, presentApiTip } from './presenter';
import {
  isListedTip,
  isPayoutOf,
  selectAllocations,
  selectPayout,
  selectPayoutPage,
  selectTip,
  selectTipPage,
} from './queries';

/** A list's answer: the page's first `limit` rows, and whether the extra one said more follow. */
function listOf<Row, Item>(url: string, rows: Row[], limit: number, present: (row: Row) => Item) {
  return {
    object: 'list' as const,
    url,
    has_more: rows.length > limit,
    data: rows.slice(0, limit).map(present),
  };
}

const tags = ['Betriebs-API'];

/**
 * The business API (decision 0631): read by a business's own API keys, for that business only.
 * So far its paid tips, with their splits, and its payouts.
 */
export const businessApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const apiKey = apiKeyGate(app);
  const origin = app.deps.config.publicOrigin;
  const document = () =>
    businessApiDocument(app.swagger() as Parameters<typeof businessApiDocument>[0], origin);

  // The description is public, as a developer reads it before holding a key.
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return document();
  });
  app.get('/api/v1/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderBusinessApiDocs(document())),
  );

  app.get(
    '/api/v1/tips',
    {
      onRequest: apiKey('tips:read'),
      schema: {
        tags,
        summary: 'Bezahlte Trinkgelder, neueste zuerst (Berechtigung tips:read)',
        description:
          'Seitenweise mit limit und starting_after; gefiltert nach Zeitraum (created_gte, created_lt) und Empfänger (recipient: direkt oder über einen Anteil).',
        querystring: tipListQuerySchema,
        response: { 200: apiTipListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const query = request.query;
      if (query.starting_after && !(await isListedTip(db, businessId, query.starting_after))) {
        throw new AppError(BUSINESS_API_ERRORS.cursor_unknown);
      }
      const rows = await selectTipPage(db, businessId, query);
      const allocations = await selectAllocations(
        db,
        rows.slice(0, query.limit).map((row) => row.id),
      );
      return listOf('/api/v1/tips', rows, query.limit, (row) =>
        presentApiTip(
          row,
          allocations.filter((share) => share.tipId === row.id),
        ),
      );
    },
  );

  app.get(
    '/api/v1/tips/:id',
    {
      onRequest: apiKey('tips:read'),
      schema: {
        tags,
        summary: 'Ein bezahltes Trinkgeld mit Aufteilung und Auszahlung (Berechtigung tips:read)',
        params: tipParamsSchema,
        response: { 200: apiTipSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const row = await selectTip(db, businessId, request.params.id);
      if (!row) throw new AppError(BUSINESS_API_ERRORS.tip_not_found);
      return presentApiTip(row, await selectAllocations(db, [row.id]));
    },
  );

  app.get(
    '/api/v1/payouts',
    {
      onRequest: apiKey('payouts:read'),
      schema: {
        tags,
        summary: 'Auszahlungen an Mitarbeitende, neueste zuerst (Berechtigung payouts:read)',
        description:
          'Seitenweise mit limit und starting_after; gefiltert nach Zeitraum (created_gte, created_lt) und Person (recipient).',
        querystring: payoutListQuerySchema,
        response: { 200: apiPayoutListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const query = request.query;
      if (query.starting_after && !(await isPayoutOf(db, businessId, query.starting_after))) {
        throw new AppError(BUSINESS_API_ERRORS.cursor_unknown);
      }
      const rows = await selectPayoutPage(db, businessId, query);
      return listOf('/api/v1/payouts', rows, query.limit, presentApiPayout);
    },
  );

  app.get(
    '/api/v1/payouts/:id',
    {
      onRequest: apiKey('payouts:read'),
      schema: {
        tags,
        summary: 'Eine Auszahlung (Berechtigung payouts:read)',
        params: payoutParamsSchema,
        response: { 200: apiPayoutSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const row = await selectPayout(db, businessId, request.params.id);
      if (!row) throw new AppError(BUSINESS_API_ERRORS.payout_not_found);
      return presentApiPayout(row);
    },
  );

  app.get(
    '/api/v1/payment-points',
    {
      onRequest: apiKey('payment_points:read'),
      schema: {
        tags,
        summary: 'Bezahlpunkte des Betriebs, neueste zuerst (Berechtigung payment_points:read)',
        description: 'Seitenweise mit limit und starting_after.',
        querystring: listQuerySchema,
        response: { 200: apiPaymentPointListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const { limit, starting_after: after } = request.query;
      // A business has hundreds of points at most: the list is read whole and cut here.
      const points = await listPoints(db, businessId);
      const start = after ? points.findIndex((point) => point.id === after) + 1 : 0;
      if (after && start === 0) throw new AppError(BUSINESS_API_ERRORS.cursor_unknown);
      return listOf(
        '/api/v1/payment-points',
        points.slice(start, start + limit + 1),
        limit,
        (point) => presentApiPaymentPoint(point, origin),
      );
    },
  );

  app.get(
    '/api/v1/payment-points/:id',
    {
      onRequest: apiKey('payment_points:read'),
      schema: {
        tags,
        summary: 'Ein Bezahlpunkt (Berechtigung payment_points:read)',
        params: paymentPointParamsSchema,
        response: { 200: apiPaymentPointSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const point = await findPoint(db, businessId, request.params.id);
      if (!point) throw new AppError(BUSINESS_API_ERRORS.payment_point_not_found);
      return presentApiPaymentPoint(point, origin);
    },
  );
};
