import { isAppPage } from '../../shared/app-pages';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '../../shared/domain/errors';
import type { GuestLocale } from '../../shared/i18n/guest-locale';
import { GUEST_CATALOGUES, GUEST_SERVER_TEXTS } from '../../shared/i18n/guest-server';
import { escapeHtml } from '../lib/html';
import { errorBody } from './error-handler';
import { guestLocaleOf } from './guest-locale';

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
 * and no-script note in the guest's language already (issue 13), before any script runs.
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
): Promise<void> {
  const built = existsSync(path.join(webDir, 'index.html'));
  const guestFile = path.join(webDir, 'guest.html');
  const guestHtml = existsSync(guestFile) ? readFileSync(guestFile, 'utf8') : null;
  let appHtml: string | null = null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: true,
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
    // /thank-you names the tip it shows; with neither id the spec sends the guest to / (issue 31).
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
    // A path the app has no page for is a 404, shown as the app's not-found page (issue 30).
    if (!isAppPage(urlPath)) {
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
    return reply.sendFile(entry);
  });
}
