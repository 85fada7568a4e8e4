import { isAppPage } from '../../shared/app-pages';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '../../shared/domain/errors';
import type { GuestLocale } from '../../shared/i18n/guest-locale';
import { GUEST_CATALOGUES, GUEST_SERVER_TEXTS } from '../../shared/i18n/guest-server';
import { escapeHtml } from '../lib/html';
import { errorBody } from './error-handler';
import { guestLocaleOf } from './guest-locale';
import { encodeHtml, scriptSafeJson } from './html-response';
import { type BuildManifest, pagePreloads, readBuildManifest } from './page-preload';

/** The id of the element that carries a page's boot answers (src/web/lib/page-boot.ts). */
export const PAGE_BOOT_ELEMENT_ID = 'page-boot';

/**
 * What the app's HTML may carry for its first screen: the session and profile answers for the
 * request's cookie (features/profiles/page-boot.ts) and whether they name someone signed in, or null
 * when the browser should ask itself.
 */
export type PageBootSource = (
  request: FastifyRequest,
) => Promise<{ answers: unknown; signedIn: boolean } | null>;

/** Paths served by the small guest entry (guest.html) instead of the full app (index.html). */
export const GUEST_ENTRY_PREFIXES = ['/t/'] as const;
/** Single pages a guest reaches from the tip page, served by the guest entry too. */
export const GUEST_ENTRY_PATHS = ['/thank-you', '/qr-error', '/error/invalid-uid'] as const;

export function htmlEntryFor(urlPath: string): 'guest.html' | 'index.html' {
  const path = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  return GUEST_ENTRY_PREFIXES.some((prefix) => urlPath.startsWith(prefix)) ||
    (GUEST_ENTRY_PATHS as readonly string[]).includes(path)
    ? 'guest.html'
    : 'index.html';
}

/**
 * A guest page the browser renders (thank-you, QR error, invalid link) with its language, title
 * and no-script note in the guest's language already, before any script runs.
 */
function guestEntryIn(html: string, locale: GuestLocale, urlPath: string): string {
  const { first, pages } = GUEST_CATALOGUES[locale];
  const title =
    urlPath === '/thank-you'
      ? pages.thankYou.pageTitle
      : urlPath === '/qr-error'
        ? pages.qrError.pageTitle
        : urlPath === '/error/invalid-uid'
          ? pages.invalidUid.pageTitle
          : first.pageTitle;
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /(<meta name="description" content=")[^"]*"/,
      `$1${escapeHtml(first.pageDescription)}"`,
    )
    .replace(
      /<noscript>[^<]*<\/noscript>/,
      `<noscript>${escapeHtml(GUEST_SERVER_TEXTS[locale].form.noScript)}</noscript>`,
    );
}

/**
 * The app's HTML for one page (decision 0417): `<link rel="modulepreload">` for the
 * page's own chunks, so they download beside the entry instead of after it has run, and the boot
 * answers as inert JSON (the CSP allows no inline script), so the first screen needs no session
 * round trip.
 */
export function appDocumentFor(
  html: string,
  manifest: BuildManifest | null,
  urlPath: string,
  boot: { answers: unknown; signedIn: boolean } | null,
): string {
  let document = html;
  if (manifest) {
    const { scripts, styles } = pagePreloads(manifest, urlPath, boot?.signedIn ?? false);
    const links = [
      ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
      ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ];
    if (links.length > 0) document = document.replace('</head>', `${links.join('\n')}\n</head>`);
  }
  if (boot) {
    document = document.replace(
      '</body>',
      `<script type="application/json" id="${PAGE_BOOT_ELEMENT_ID}">${scriptSafeJson(boot.answers)}</script>\n</body>`,
    );
  }
  return document;
}

/**
 * Whether a request for a page is the browser loading it as a document (`Sec-Fetch-Dest`, sent by
 * every browser we support). Anything else gets no one's session: above all the staff worker's
 * install fetch of its offline shell (`empty`), which lands in Cache Storage (decision 0181); a
 * client that says nothing simply asks the API, as before.
 */
function isDocumentRequest(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-dest'] === 'document';
}

/** Whether a /thank-you query names a tip: `tipId` or the checkout's `session_id`. */
function namesATip(query: unknown): boolean {
  const named = (key: string) => {
    const value = (query as Record<string, unknown> | null)?.[key];
    return typeof value === 'string' && value.trim() !== '';
  };
  return named('tipId') || named('session_id');
}

/**
 * Serves the built web app from `webDir`: hashed assets with a long cache, and every other GET
 * that is not an API call answered with the right HTML entry so deep links work (history
 * fallback). Unknown API paths answer a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
  /** The page at `/` (the landing feature), handed in so http/ needs no feature of its own. */
  rootPage: (webDir: string) => FastifyPluginAsync | null,
  /** The boot answers the app's HTML carries; none without it. */
  pageBoot?: PageBootSource,
  /** false in production: the demo pages answer 404 like unknown paths (decision 0520). */
  options: { demoPages?: boolean } = {},
): Promise<void> {
  const built = existsSync(path.join(webDir, 'index.html'));
  const guestFile = path.join(webDir, 'guest.html');
  const guestHtml = existsSync(guestFile) ? readFileSync(guestFile, 'utf8') : null;
  let appHtml: string | null = null;
  // The app's HTML and the build manifest, read again when a new build replaced index.html (as
  // sendFile did), so a page never names chunks of a build that is gone.
  const indexFile = path.join(webDir, 'index.html');
  let build: { mtimeMs: number; html: string; manifest: BuildManifest | null } | null = null;
  const currentBuild = () => {
    const { mtimeMs } = statSync(indexFile);
    if (build?.mtimeMs !== mtimeMs) {
      build = {
        mtimeMs,
        html: readFileSync(indexFile, 'utf8'),
        manifest: readBuildManifest(webDir),
      };
    }
    return build;
  };
  // The page still loads when the boot answers cannot be had (the database is away): the browser
  // then asks the API itself and shows its own error.
  const bootFor = async (request: FastifyRequest) => {
    if (!pageBoot) return null;
    try {
      return await pageBoot(request);
    } catch (error) {
      request.log.warn({ err: error }, 'page boot answers left out');
      return null;
    }
  };
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: true,
      // The build manifest (which chunk each page needs) is the server's own reading.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The root is the landing page, rendered on the server (decision 0266); this route also keeps
    // the static plugin from refusing the web directory itself (403) to a client that sends no
    // Accept-Encoding (curl, link previews, uptime checks).
    const root = rootPage(webDir);
    if (root) await app.register(root);
    else {
      app.get('/', { schema: { hide: true } }, async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      });
    }
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' || request.method === 'HEAD';
    if (urlPath.startsWith('/api/') || urlPath === '/api' || !wantsHtml) {
      return reply.status(404).send(errorBody(ERRORS.not_found));
    }
    // /thank-you names the tip it shows; with neither id the spec sends the guest to /.
    if (urlPath.replace(/\/+$/, '') === '/thank-you' && !namesATip(request.query)) {
      return reply.header('cache-control', 'no-store').redirect('/', 302);
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Die Web-App ist noch nicht gebaut. Bitte "npm run build" ausführen.');
    }
    reply.header('cache-control', 'no-cache');
    // A path the app has no page for is a 404, shown as the app's not-found page.
    if (!isAppPage(urlPath, options)) {
      appHtml ??= readFileSync(path.join(webDir, 'index.html'), 'utf8');
      return reply.status(404).type('text/html; charset=utf-8').send(appHtml);
    }
    const entry = htmlEntryFor(urlPath);
    if (entry === 'guest.html' && guestHtml) {
      const page = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
      return reply
        .header('vary', 'accept-language, cookie')
        .type('text/html; charset=utf-8')
        .send(guestEntryIn(guestHtml, guestLocaleOf(request), page));
    }
    if (entry === 'guest.html') return reply.sendFile(entry);
    const { html, manifest } = currentBuild();
    const boot = isDocumentRequest(request) ? await bootFor(request) : null;
    const encoded = encodeHtml(
      request.headers['accept-encoding'],
      appDocumentFor(html, manifest, urlPath, boot),
    );
    // With boot answers the page is this person's: never stored by a cache, not even the staff
    // worker's (src/web/employee/sw.js skips no-store answers); without them every visitor gets
    // the same bytes, revalidated each time so a deploy shows at once.
    reply
      .header('cache-control', boot ? 'private, no-store' : 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');
    if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
    if (!boot) {
      reply.header('etag', encoded.etag);
      if (request.headers['if-none-match'] === encoded.etag) return reply.status(304).send();
    }
    return reply.send(encoded.body);
  });
}
