import type { IncomingMessage } from 'node:http';
import type { Browser } from 'playwright-core';
import {
  CHROMIUM_PATH,
  cookieHeader,
  freePort,
  launchBrowser,
  launchDebuggableChromium,
  type SignedIn,
  signIn,
  STAFF_CONTEXT,
} from './support/browser';
import { budget, engineLabel, line, openBenchDatabase, startBenchServer } from './support/harness';
import { audit, loadAverage, medians, RUNS, show, throttlingLabel } from './support/lighthouse';

/**
 * The staff and admin apps' first screens in Lighthouse, and their repeat visits (decision
 * 0413): `/employee/login` signed out, `/employee/dashboard` signed in as
 * anna@demo.local and `/admin/dashboard` as inhaber@demo.local.
 *
 * 1. Lighthouse mobile (simulated throttling, the runner of `lighthouse.bench.ts`), `RUNS` audits
 *    per page, each printed; budget: performance >= 95 in the median. LCP, TBT, bytes and
 *    accessibility are printed beside it. The signed-in pages get the session cookies of a real
 *    sign-in through the login page as a `Cookie` header on every request of the audit; each
 *    audit is a first visit (Lighthouse clears the HTTP cache, the service worker and Cache Storage
 *    before it). The browser speaks German, as staff here do (the staff language follows it).
 * 2. Repeat visit: in one browser context with the service worker allowed, a first visit, then the
 *    same page loaded again in a new tab. Every request that reaches the server during the second
 *    load is counted on the server itself; budget: no JavaScript or stylesheet from /assets/.
 *    Where each asset came from instead (service worker or HTTP cache) is printed.
 */
const PAGES: { name: string; path: string; account?: string }[] = [
  { name: 'staff login', path: '/employee/login' },
  { name: 'staff dashboard', path: '/employee/dashboard', account: 'anna@demo.local' },
  { name: 'admin dashboard', path: '/admin/dashboard', account: 'inhaber@demo.local' },
];

export const STAFF_PERFORMANCE_BUDGET = 95;

const isAssetCode = (pathname: string) =>
  pathname.startsWith('/assets/') && /\.(?:js|css)$/.test(pathname);

/** How long the first visit may take to install the service worker and fill its cache. */
const WORKER_READY_MS = 30_000;

interface RepeatVisit {
  /** Whether a service worker controlled the second load. */
  controlled: boolean;
  /** JS/CSS under /assets/ that reached the server during the second load (the budget: none). */
  assetsOverNetwork: string[];
  /** Every other request that reached the server during the second load. */
  otherOverNetwork: string[];
  /** JS/CSS the page asked for that its service worker answered. */
  fromServiceWorker: number;
  /** JS/CSS the page asked for that neither the worker nor the server answered: the HTTP cache. */
  fromHttpCache: number;
}

async function repeatVisit(
  browser: Browser,
  origin: string,
  path: string,
  storageState: SignedIn | undefined,
  served: string[],
): Promise<RepeatVisit> {
  const context = await browser.newContext({
    ...STAFF_CONTEXT,
    baseURL: origin,
    serviceWorkers: 'allow',
    ...(storageState ? { storageState } : {}),
  });
  try {
    const first = await context.newPage();
    await first.goto(path, { waitUntil: 'networkidle' });
    await first.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    // Out of the worker's scope `ready` never settles: ask for the registration first.
    await first.evaluate(async (timeout) => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) return;
      await Promise.race([
        navigator.serviceWorker.ready,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('worker not ready')), timeout),
        ),
      ]);
    }, WORKER_READY_MS);
    // The worker stores what the page names after `ready` (the fonts): let it finish.
    await first.waitForLoadState('networkidle');
    await first.close();

    served.length = 0;
    const second = await context.newPage();
    const asked: { pathname: string; fromServiceWorker: boolean }[] = [];
    second.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin || !isAssetCode(url.pathname)) return;
      asked.push({ pathname: url.pathname, fromServiceWorker: response.fromServiceWorker() });
    });
    await second.goto(path, { waitUntil: 'networkidle' });
    await second.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    if (new URL(second.url()).pathname !== path) {
      throw new Error(`${path} ended on ${second.url()} instead`);
    }
    const controlled = await second.evaluate(() => Boolean(navigator.serviceWorker.controller));
    const reached = [...served];
    const assetsOverNetwork = reached.filter((url) => isAssetCode(new URL(url, origin).pathname));
    const fromServiceWorker = asked.filter((request) => request.fromServiceWorker).length;
    return {
      controlled,
      assetsOverNetwork,
      otherOverNetwork: reached.filter((url) => !assetsOverNetwork.includes(url)),
      fromServiceWorker,
      fromHttpCache: asked.length - fromServiceWorker - assetsOverNetwork.length,
    };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<void> {
  line('database', engineLabel());
  line(
    'lighthouse',
    `mobile, ${throttlingLabel()}, Chromium ${CHROMIUM_PATH}, --accept-lang=de-DE,de`,
  );
  line('load average at start', loadAverage());
  const { database, cleanup } = await openBenchDatabase('staff_lighthouse');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startBenchServer(database, { port, publicOrigin: origin });
  // Every request that reaches the server, as the server saw it (for the repeat-visit check).
  const served: string[] = [];
  server.app.server.on('request', (request: IncomingMessage) => served.push(request.url ?? ''));
  const browser = await launchBrowser();
  let chrome: Awaited<ReturnType<typeof launchDebuggableChromium>> | undefined;
  try {
    const sessions = new Map<string, SignedIn>();
    for (const { account } of PAGES) {
      if (account && !sessions.has(account)) {
        sessions.set(account, await signIn(browser, origin, account));
      }
    }

    chrome = await launchDebuggableChromium(['--accept-lang=de-DE,de']);
    for (const { name, path, account } of PAGES) {
      const session = account ? sessions.get(account) : undefined;
      const runs = await audit(name, `${origin}${path}`, chrome.port, {
        ...(session ? { extraHeaders: { Cookie: cookieHeader(session) } } : {}),
      });
      const result = medians(runs);
      line(`${name} median of ${RUNS}`, show(result));
      budget(
        `${name} (${path}) Lighthouse performance median`,
        String(result.performance),
        result.performance >= STAFF_PERFORMANCE_BUDGET,
        `>= ${STAFF_PERFORMANCE_BUDGET}`,
      );
      line(
        `${name} LCP, TBT, CLS, bytes medians`,
        `${result.lcp.toFixed(0)} ms, ${result.tbt.toFixed(0)} ms, ${result.cls.toFixed(3)}, ` +
          `${result.bytes.toLocaleString('en')} B (scripts ${result.scriptBytes.toLocaleString('en')} B)`,
      );
      line(`${name} accessibility median`, `${result.accessibility} (aim 100, not judged)`);
    }
    await chrome.close();
    chrome = undefined;

    for (const { name, path, account } of PAGES) {
      const visit = await repeatVisit(
        browser,
        origin,
        path,
        account ? sessions.get(account) : undefined,
        served,
      );
      line(
        `${name} repeat visit`,
        `${visit.controlled ? 'controlled by the service worker' : 'NOT controlled by a service worker'}; ` +
          `JS/CSS from the service worker ${visit.fromServiceWorker}, from the HTTP cache ${visit.fromHttpCache}; ` +
          `other requests to the server: ${visit.otherOverNetwork.join(' ') || 'none'}`,
      );
      budget(
        `${name} (${path}) repeat visit: JS/CSS requests reaching the server`,
        visit.assetsOverNetwork.length
          ? `${visit.assetsOverNetwork.length} (${visit.assetsOverNetwork.join(' ')})`
          : '0',
        visit.assetsOverNetwork.length === 0,
        '0',
      );
    }
    line('load average at end', loadAverage());
  } finally {
    await chrome?.close();
    await browser.close();
    await server.close();
    await cleanup();
  }
}
