import type { Browser, Page } from 'playwright-core';
import { freePort, launchBrowser, type SignedIn, signIn, STAFF_CONTEXT } from './support/browser';
import { budget, engineLabel, line, openBenchDatabase, startBenchServer } from './support/harness';

/**
 * The JavaScript the staff and admin apps' first screens cost over the wire:
 * `/employee/login`, `/employee/dashboard` (anna@demo.local) and `/admin/dashboard`
 * (inhaber@demo.local), each loaded in a fresh browser context (empty HTTP cache) with the
 * service worker blocked, so every byte a first visit pays is counted. Sums the encoded
 * (compressed, as sent) bodies of every script response until the network is idle and the page's
 * main heading shows, against 102,400 B per page; the response headers are printed beside it, not
 * judged, as HTTP/2 in production compresses them while the loopback server speaks HTTP/1.1.
 *
 * The bench server runs on the demo seed (like the Lighthouse bench), so the demo logins exist.
 */
export const APP_JS_BUDGET_BYTES = 102_400;

interface PageBytes {
  /** Compressed bodies of every script: the figure judged against the budget. */
  bytes: number;
  /** Their response headers on top (HTTP/1.1 on loopback; HTTP/2 in production compresses them). */
  headerBytes: number;
  files: { url: string; bytes: number; headerBytes: number; encoding: string }[];
}

/** Counts the scripts one fresh first load of `path` transfers until its first screen is usable. */
async function measure(
  browser: Browser,
  origin: string,
  path: string,
  storageState?: SignedIn,
): Promise<PageBytes> {
  const context = await browser.newContext({
    ...STAFF_CONTEXT,
    baseURL: origin,
    serviceWorkers: 'block',
    ...(storageState ? { storageState } : {}),
  });
  const page: Page = await context.newPage();
  const pending: Promise<PageBytes['files'][number] | null>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          url: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize,
          headerBytes: sizes.responseHeadersSize,
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });
  try {
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    if (new URL(page.url()).pathname !== path) {
      throw new Error(`${path} ended on ${page.url()} instead`);
    }
    const files = (await Promise.all(pending)).filter((file) => file !== null);
    const sum = (pick: (file: PageBytes['files'][number]) => number) =>
      files.reduce((total, file) => total + pick(file), 0);
    return {
      bytes: sum((file) => file.bytes),
      headerBytes: sum((file) => file.headerBytes),
      files,
    };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<void> {
  line('database', engineLabel());
  const { database, cleanup } = await openBenchDatabase('app_bytes');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startBenchServer(database, { port, publicOrigin: origin });
  const browser = await launchBrowser();
  try {
    const staff = await signIn(browser, origin, 'anna@demo.local');
    const owner = await signIn(browser, origin, 'inhaber@demo.local');
    const pages: [string, string, typeof staff | undefined][] = [
      ['staff login', '/employee/login', undefined],
      ['staff dashboard', '/employee/dashboard', staff],
      ['admin dashboard', '/admin/dashboard', owner],
    ];
    for (const [name, path, state] of pages) {
      const result = await measure(browser, origin, path, state);
      for (const file of result.files) {
        line(`  ${name} ${file.url}`, `${file.bytes.toLocaleString('en')} B ${file.encoding}`);
      }
      budget(
        `${name} (${path}) JavaScript over the wire`,
        `${result.bytes.toLocaleString('en')} B in ${result.files.length} files (+ ${result.headerBytes.toLocaleString('en')} B of headers)`,
        result.bytes <= APP_JS_BUDGET_BYTES,
        `<= ${APP_JS_BUDGET_BYTES.toLocaleString('en')} B`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
    await cleanup();
  }
}
