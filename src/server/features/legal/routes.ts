import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGREEMENT_PATHS } from '../../../shared/domain/agreements';
import {
  GUEST_LANGUAGE_COOKIE,
  type GuestLocale,
  isGuestLocale,
} from '../../../shared/i18n/guest-locale';
import { guestLocaleOf } from '../../http/guest-locale';
import { renderAgreement, renderImprint, renderPrivacy } from './page';

/** `?lang=` from the guest pages' links; any other value (or none) is not an error. */
const legalQuerySchema = z.object({ lang: z.string().max(35).optional() });

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * /impressum and /datenschutz: plain server-rendered HTML (no script), so they answer every
 * client, load nothing of the web app and are filled from the configuration, in the guest's
 * language (decision 0163): asked for, else the guest's remembered choice (the cookie the guest
 * pages' switch sets), else the browser's, as every guest page chooses (decision 0350). A choice
 * made with this page's own switch is remembered the same way. /agb and /avv, the contracts of sign-up, the same way in German.
 */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const pages = (render: typeof renderImprint) => {
    const byLocale = new Map<GuestLocale, string>();
    return (
      request: FastifyRequest<{ Querystring: z.infer<typeof legalQuerySchema> }>,
      reply: FastifyReply,
    ) => {
      const asked = request.query.lang?.toLowerCase();
      const locale = guestLocaleOf(request, { asked });
      if (isGuestLocale(asked)) {
        reply.setCookie(GUEST_LANGUAGE_COOKIE, asked, {
          path: '/',
          maxAge: YEAR_S,
          sameSite: 'lax',
        });
      }
      let html = byLocale.get(locale);
      if (!html) byLocale.set(locale, (html = render(config, locale)));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language, cookie')
        .header('content-language', locale)
        .send(html);
    };
  };
  const schema = { hide: true, querystring: legalQuerySchema };
  app.get('/impressum', { schema }, pages(renderImprint));
  app.get('/datenschutz', { schema }, pages(renderPrivacy));

  // The contracts a business accepts at sign-up: German only, like every staff screen.
  const agreement = (document: 'terms' | 'dpa') => {
    const html = renderAgreement(config, document);
    return (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-language', 'de')
        .send(html);
  };
  app.get(AGREEMENT_PATHS.terms, { schema: { hide: true } }, agreement('terms'));
  app.get(AGREEMENT_PATHS.dpa, { schema: { hide: true } }, agreement('dpa'));
};
