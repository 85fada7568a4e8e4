import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGREEMENT_PATHS } from '../../../shared/domain/agreements';
import {
  acceptLanguageTags,
  type GuestLocale,
  isGuestLocale,
  pickGuestLocale,
} from '../../../shared/i18n/guest-locale';
import { renderAgreement, renderImprint, renderPrivacy } from './page';

/** `?lang=` from the guest pages' links; any other value (or none) is not an error. */
const legalQuerySchema = z.object({ lang: z.string().max(35).optional() });

/** The language asked for, else the browser's, else German (an unknown code falls back too). */
function localeOf(request: FastifyRequest<{ Querystring: z.infer<typeof legalQuerySchema> }>) {
  const asked = request.query.lang?.toLowerCase();
  if (isGuestLocale(asked)) return asked;
  return pickGuestLocale(acceptLanguageTags(request.headers['accept-language'])) ?? 'de';
}

/**
 * /impressum and /datenschutz: plain server-rendered HTML (no script), so they answer every
 * client, load nothing of the web app and are filled from the configuration, in the guest's
 * language (decision 0163). /agb and /avv, the contracts of sign-up, the same way in German.
 */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const pages = (render: typeof renderImprint) => {
    const byLocale = new Map<GuestLocale, string>();
    return (
      request: FastifyRequest<{ Querystring: z.infer<typeof legalQuerySchema> }>,
      reply: FastifyReply,
    ) => {
      const locale = localeOf(request);
      let html = byLocale.get(locale);
      if (!html) byLocale.set(locale, (html = render(config, locale)));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language')
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
