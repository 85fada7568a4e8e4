import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { publicTexts } from '../../../shared/i18n/public';
import { LANDING_INITIAL_DATA_ID } from '../../../web/server-entry';
import { encodeHtml, scriptSafeJson } from '../../http/html-response';
import { inlineStylesheets } from '../../http/inline-styles';
import { escapeHtml } from '../../lib/html';
import { presentPublicConfig } from '../public-config/presenter';
import { presentShowcase } from '../showcase/presenter';
import { listShowcasePaymentPoints } from '../showcase/service';
import { renderLandingMarkup } from './render';

/**
 * The built landing.html with its stylesheet inline, or null without a build. Its fonts turn from
 * `swap` to `optional` (as the tip page's, decision 0265): Fira Sans swapped in after the first
 * paint moved the heading 20 px (CLS 0.013 on every load, 0.14 in one Lighthouse audit).
 */
function loadLandingTemplate(webDir: string): string | null {
  const file = path.join(webDir, 'landing.html');
  if (!existsSync(file)) return null;
  return inlineStylesheets(readFileSync(file, 'utf8'), webDir)
    .replace(/font-display:\s*swap/g, 'font-display:optional')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(publicTexts.landing.title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_all, start: string, end: string) =>
        `${start}${escapeHtml(publicTexts.landing.description)}${end}`,
    );
}

/**
 * `/`: the landing page rendered on the server (decision 0266) with its stylesheet inline and
 * the data it was rendered from; React loads on the first interaction and hydrates it. The demo
 * points change with the data, so the page is rendered per request and revalidated by ETag.
 */
/** The landing page's route for a built web app, or null when its template was not built. */
export function landingPageOf(webDir: string): FastifyPluginAsync | null {
  const template = loadLandingTemplate(webDir);
  return template ? landingRoutes(template) : null;
}

function landingRoutes(template: string): FastifyPluginAsync {
  return async (app) => {
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      // The page is mostly marketing text: without the database it still answers, and its demo
      // section says the demo is unavailable (as the app does when /api/showcase fails).
      const rows = await listShowcasePaymentPoints({ db: app.deps.database.db }).catch(
        (error: unknown) => {
          request.log.warn({ err: error }, 'landing page without demo points');
          return [];
        },
      );
      const { config } = app.deps;
      const data = {
        publicConfig: presentPublicConfig(config),
        showcase: presentShowcase(rows, config.publicOrigin),
      };
      const html = template.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${renderLandingMarkup(data)}</div>\n    <script type="application/json" id="${LANDING_INITIAL_DATA_ID}">${scriptSafeJson(data)}</script>`,
      );
      const encoded = encodeHtml(request.headers['accept-encoding'], html);
      if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('etag', encoded.etag);
      if (request.headers['if-none-match'] === encoded.etag) return reply.status(304).send();
      return reply.type('text/html; charset=utf-8').send(encoded.body);
    });
  };
}
