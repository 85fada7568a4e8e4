import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestCheckoutFormSchema,
  startTipPaymentBodySchema,
  TIP_ERRORS,
} from '../../../shared/api/tips';
import {
  GUEST_LANGUAGE_COOKIE,
  type GuestLocale,
  isGuestLocale,
} from '../../../shared/i18n/guest-locale';
import { GUEST_SERVER_TEXTS, isGuestErrorCode } from '../../../shared/i18n/guest-server';
import { GUEST_INITIAL_DATA_ID } from '../../../web/features/guest/initial-data';
import { encodeHtml, htmlEncodingFor } from '../../http/html-response';
import { tipPageProblemWords } from '../../../web/features/guest/TipPageProblem';
import { AppError } from '../../http/errors';
import { guestLocaleOf } from '../../http/guest-locale';
import { limitPerClientAddress } from '../../http/rate-limit';
import { matchesEtag } from '../entrypoints/cache';
import { paymentContext } from '../payments/context';
import { GUEST_RATE_RULES } from '../tips/limits';
import { cancelTipPayment, startTipPayment } from '../tips/service';
import { getThankYou } from '../tips/thank-you';
import { GUEST_CATALOGUES } from './catalogues';
import { renderGuestMessage, renderThankYou } from './page';
import { renderGuestMarkup } from './render';
import { loadFirstView } from './service';
import { fillGuestTemplate, loadGuestTemplate } from './template';

/** The guest's browser for the 3-attempt rule when no script keeps a tab id (decision 0221). */
const GUEST_SESSION_COOKIE = 'trinkgeld_guest';
/** The proof of the last checkout started by the plain form: its cancel and thank-you need it. */
const FORM_TIP_COOKIE = 'trinkgeld_tip';
const DAY_S = 24 * 60 * 60;

const codeParams = z.object({ code: z.string().max(200).catch('') });
// Any other query (checkout return, pay-later token, amount) is the browser app's to read.
const pageQuery = z.looseObject({
  lang: z.string().max(35).optional().catch(undefined),
  checkout: z.string().max(20).optional().catch(undefined),
  amount: z.string().max(20).optional().catch(undefined),
});
const tipQuery = z.looseObject({ tip: z.uuid().optional().catch(undefined) });

function sendHtml(reply: FastifyReply, status: number, locale: GuestLocale, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-language', locale)
    .send(html);
}

/** The tip ids and proofs of checkouts this browser started through the plain form. */
function formTipOf(request: FastifyRequest, tipId: string | undefined): string | null {
  const [id, token] = (request.cookies[FORM_TIP_COOKIE] ?? '').split('.');
  return tipId && id === tipId && token ? token : null;
}

/**
 * The tip page rendered on the server (decision 0220) and its plain-form checkout that works
 * without JavaScript (decision 0221): the first screen arrives in the HTML, a preset or an own
 * amount posts to the server, which starts the checkout as POST /api/guest/tips does and
 * redirects there; the checkout returns to a thank-you page the server renders too.
 */
export function guestPageRoutes(webDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    const template = loadGuestTemplate(webDir);
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      '/t/:code',
      { schema: { hide: true, params: codeParams, querystring: pageQuery } },
      async (request, reply) => {
        const { status, initial, cached } = await loadFirstView(
          { ...app.deps, guestCodes: app.guestCodes },
          request,
          request.params.code,
          request.query.lang,
        );
        // A view is counted when the page is served, once per visit (issue 30); the return
        // from the checkout belongs to the visit that started it.
        if (cached && initial.kind === 'tip-page' && request.query.checkout === undefined) {
          const { resolved } = cached;
          app.pageViews.record(request, {
            businessId: resolved.business.id,
            entrypointUid: resolved.source === 'entrypoint' ? resolved.code : null,
            code: resolved.code,
            entryType: initial.entry.type,
            presetAmount: request.query.amount !== undefined,
          });
        }
        // A tip page is rendered and compressed once per code, language and encoding while its
        // code is cached (decisions 0250, 0265).
        const page = (): string => {
          const catalogue = GUEST_CATALOGUES[initial.locale];
          const title =
            initial.kind === 'tip-page'
              ? catalogue.first.pageTitle
              : initial.page === 'invalid-uid'
                ? catalogue.pages.invalidUid.pageTitle
                : initial.problem
                  ? tipPageProblemWords(initial.problem, catalogue.pages.tipPage).title
                  : catalogue.pages.qrError.pageTitle;
          const branding = initial.kind === 'tip-page' ? initial.entry.branding : initial.branding;
          return fillGuestTemplate(template, {
            lang: initial.locale,
            title,
            description: catalogue.first.pageDescription,
            themeColor: branding?.primaryColor ?? null,
            font: branding?.fontFamily ?? null,
            markup: renderGuestMarkup(initial, `/t/${encodeURIComponent(request.params.code)}`),
            dataId: GUEST_INITIAL_DATA_ID,
            data: initial,
          });
        };
        // Cacheable per uid: the tag is the page itself, so any change to the point, its
        // branding, who is on shift or the build gives a new one; the browser asks each time.
        const accepted = request.headers['accept-encoding'];
        const encoded = cached
          ? cached.render(`html:${initial.locale}:${htmlEncodingFor(accepted) ?? 'identity'}`, () =>
              encodeHtml(accepted, page()),
            )
          : encodeHtml(accepted, page());
        const { etag } = encoded;
        if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
        reply
          .header('cache-control', 'private, no-cache')
          .header('vary', 'accept-language, cookie, accept-encoding')
          .header('content-language', initial.locale)
          .header('etag', etag);
        if (status === 200 && matchesEtag(request.headers['if-none-match'], etag)) {
          return reply.status(304).send();
        }
        return reply.status(status).type('text/html; charset=utf-8').send(encoded.body);
      },
    );

    app.post(
      '/t/:code/checkout',
      { schema: { hide: true, params: codeParams } },
      async (request, reply) => {
        const raw = (request.body ?? {}) as Record<string, unknown>;
        const asked = typeof raw.lang === 'string' ? raw.lang : undefined;
        const locale = guestLocaleOf(request, { asked });
        const texts = GUEST_SERVER_TEXTS[locale];
        const back = `/t/${encodeURIComponent(request.params.code)}`;
        const problem = (status: number, title: string, text: string) =>
          sendHtml(
            reply,
            status,
            locale,
            renderGuestMessage({ locale, title, text, backUrl: back, backLabel: texts.form.back }),
          );

        const form = guestCheckoutFormSchema.safeParse(raw);
        if (!form.success) {
          const german = form.error.issues[0]?.message ?? texts.errors.validation_failed.message;
          return problem(
            400,
            texts.form.badAmountTitle,
            locale === 'de' ? german : texts.errors.validation_failed.message,
          );
        }
        if (isGuestLocale(asked?.toLowerCase())) {
          reply.setCookie(GUEST_LANGUAGE_COOKIE, asked!.toLowerCase(), {
            path: '/',
            maxAge: 365 * DAY_S,
            sameSite: 'lax',
          });
        }
        let guestSessionId = request.cookies[GUEST_SESSION_COOKIE] ?? '';
        if (!/^[A-Za-z0-9_-]{16,64}$/.test(guestSessionId)) {
          guestSessionId = randomBytes(18).toString('base64url');
        }
        reply.setCookie(GUEST_SESSION_COOKIE, guestSessionId, {
          path: '/t/',
          httpOnly: true,
          sameSite: 'lax',
          maxAge: DAY_S,
        });
        try {
          // The same limit as POST /api/guest/tips, and the same start: one transaction.
          await limitPerClientAddress(app, GUEST_RATE_RULES.startPayment)(request);
          const input = startTipPaymentBodySchema.parse({
            code: request.params.code,
            amountCents: form.data.amountCents,
            platformFee: false,
            paymentMethod: 'stripe',
            guestSessionId,
          });
          const started = await startTipPayment(
            paymentContext(app.deps, request.log),
            input,
            'server-pages',
            app.guestCodes,
          );
          reply.setCookie(FORM_TIP_COOKIE, `${started.tipId}.${started.token}`, {
            path: '/t/',
            httpOnly: true,
            sameSite: 'lax',
            maxAge: DAY_S,
          });
          return reply.redirect(started.checkoutUrl, 303);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const words =
            locale !== 'de' && isGuestErrorCode(error.code)
              ? texts.errors[error.code]
              : { title: error.title, message: error.message };
          if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
          return problem(error.status, words.title, words.message);
        }
      },
    );

    app.get(
      '/t/:code/thanks',
      { schema: { hide: true, params: codeParams, querystring: tipQuery } },
      async (request, reply) => {
        const locale = guestLocaleOf(request);
        const tipId = request.query.tip;
        const token = formTipOf(request, tipId) ?? undefined;
        try {
          if (!tipId) throw new AppError(TIP_ERRORS.tip_not_found);
          const tip = await getThankYou(paymentContext(app.deps, request.log), { tipId }, token);
          return sendHtml(reply, 200, locale, renderThankYou(locale, tip));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const texts = GUEST_SERVER_TEXTS[locale];
          return sendHtml(
            reply,
            200,
            locale,
            renderGuestMessage({
              locale,
              title: texts.form.notPaidTitle,
              text: texts.form.notPaidText,
              backUrl: `/t/${encodeURIComponent(request.params.code)}`,
              backLabel: texts.form.back,
            }),
          );
        }
      },
    );

    app.get(
      '/t/:code/cancelled',
      { schema: { hide: true, params: codeParams, querystring: tipQuery } },
      async (request, reply) => {
        const tipId = request.query.tip;
        const token = formTipOf(request, tipId);
        if (tipId && token) {
          // Ends the attempt on our side as the app does after "Abbrechen"; a next attempt then
          // counts towards the three.
          await cancelTipPayment(paymentContext(app.deps, request.log), { tipId, token }).catch(
            (error: unknown) => request.log.info({ err: error, tipId }, 'form checkout cancel'),
          );
        }
        return reply.redirect(`/t/${encodeURIComponent(request.params.code)}`, 303);
      },
    );
  };
}
