import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GuestLocale } from '../../../shared/i18n/guest-locale';
import { GUEST_INITIAL_DATA_ID, tipPageProblemWords } from '../../../web/server-entry';
import { encodeHtml, htmlEncodingFor } from '../../http/html-response';
import { AppError } from '../../http/errors';
import { guestLocaleOf } from '../../http/guest-locale';
import { limitPerClientAddress } from '../../http/rate-limit';
import { guestBrowserOf } from '../analytics/page-views';
import { matchesEtag } from '../payment-points/guest-cache';
import { paymentContext } from '../payments/context';
import { GUEST_RATE_RULES } from '../../http/guest-rate-rules';
import { getThankYou } from '../tips/thank-you';
import { GUEST_CATALOGUES } from './catalogues';
import {
  acceptFormBodies,
  formTipOf,
  guestSessionOf,
  readCheckoutForm,
  rememberFormTip,
  rememberLanguage,
} from './form';
import {
  type FormPage,
  presentBadForm,
  presentCancelled,
  presentCheckoutError,
  presentPaymentStep,
  presentThankYou,
} from './presenter';
import { renderGuestMarkup } from './render';
import { endFormCheckout, loadFirstView, startFormCheckout } from './service';
import { fillGuestTemplate, loadGuestTemplate } from './template';

const codeParams = z.object({ code: z.string().max(200).catch('') });
// Any other query (checkout return, pay-later token, amount) is the browser app's to read.
const pageQuery = z.looseObject({
  lang: z.string().max(35).optional().catch(undefined),
  checkout: z.string().max(20).optional().catch(undefined),
  tip: z.uuid().optional().catch(undefined),
  amount: z.string().max(20).optional().catch(undefined),
});
const tipQuery = z.looseObject({ tip: z.uuid().optional().catch(undefined) });

function sendPage(reply: FastifyReply, locale: GuestLocale, page: FormPage) {
  if (page.retryAfter !== undefined) reply.header('retry-after', String(page.retryAfter));
  return reply
    .status(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-language', locale)
    .send(page.html);
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
    acceptFormBodies(app);
    const limitStarts = limitPerClientAddress(app, GUEST_RATE_RULES.startPayment);

    app.get(
      '/t/:code',
      { schema: { hide: true, params: codeParams, querystring: pageQuery } },
      async (request, reply) => {
        const { checkout, tip } = request.query;
        const { status, initial, cached } = await loadFirstView(
          { ...app.deps, guestCodes: app.guestCodes },
          request,
          request.params.code,
          request.query.lang,
          tip && (checkout === 'return' || checkout === 'cancel')
            ? { tipId: tip, how: checkout }
            : undefined,
        );
        // A view is counted when the page is served, once per visit; the return
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
        // A browser that revalidates the page has been here and has the branding font's files
        // (the app fetches them after the first paint); so has one coming back from the checkout.
        // Anyone else sees the first view in the system font (decision 0412).
        const fontInFirstView =
          request.headers['if-none-match'] !== undefined || request.query.checkout !== undefined;
        // A tip page is rendered and compressed once per code, language, encoding and font
        // timing while its code is cached (decisions 0250, 0265).
        const page = (): string => {
          const catalogue = GUEST_CATALOGUES[initial.locale];
          const title =
            initial.kind !== 'problem'
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
            fontInFirstView,
            markup: renderGuestMarkup(initial, `/t/${encodeURIComponent(request.params.code)}`),
            dataId: GUEST_INITIAL_DATA_ID,
            data: initial,
          });
        };
        // Cacheable per uid: the tag is the page itself, so any change to the point, its
        // branding, who is on shift or the build gives a new one; the browser asks each time.
        const accepted = request.headers['accept-encoding'];
        const encoded = cached
          ? cached.render(
              `html:${initial.locale}:${htmlEncodingFor(accepted) ?? 'identity'}:${fontInFirstView ? 'font' : 'later'}`,
              () => encodeHtml(accepted, page()),
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

    // The amount posts here; without `pay` the answer is the payment step, whose form posts
    // here again and starts the checkout (decision 0221, amended).
    app.post(
      '/t/:code/checkout',
      { schema: { hide: true, params: codeParams } },
      async (request, reply) => {
        const { code } = request.params;
        const read = readCheckoutForm(request.body);
        const locale = guestLocaleOf(request, { asked: read.asked });
        if (!read.ok)
          return sendPage(reply, locale, presentBadForm(locale, code, read.message, read.limit));
        rememberLanguage(reply, read.asked);
        if (!read.form.pay) {
          return sendPage(reply, locale, presentPaymentStep(locale, code, read.form.amountCents));
        }
        const guestSessionId = guestSessionOf(request, reply);
        try {
          // The same limit as POST /api/guest/tips, and the same start: one transaction.
          await limitStarts(request);
          const started = await startFormCheckout(
            paymentContext(app.deps, request.log),
            app.guestCodes,
            { code, form: read.form, guestSessionId, browser: guestBrowserOf(request) },
          );
          rememberFormTip(reply, started);
          return reply.redirect(started.checkoutUrl, 303);
        } catch (error) {
          return sendPage(reply, locale, presentCheckoutError(error, locale, code));
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
        const tip = tipId
          ? await getThankYou(paymentContext(app.deps, request.log), { tipId }, token).catch(
              (error: unknown) => {
                if (error instanceof AppError) return null;
                throw error;
              },
            )
          : null;
        return sendPage(reply, locale, presentThankYou(locale, request.params.code, tip));
      },
    );

    app.get(
      '/t/:code/cancelled',
      { schema: { hide: true, params: codeParams, querystring: tipQuery } },
      async (request, reply) => {
        const tipId = request.query.tip;
        const token = formTipOf(request, tipId);
        await endFormCheckout(
          paymentContext(app.deps, request.log),
          tipId && token ? { tipId, token } : null,
        );
        const locale = guestLocaleOf(request);
        return sendPage(reply, locale, presentCancelled(locale, request.params.code));
      },
    );
  };
}
