/**
 * Probe (not a benchmark): the layout shifts of the staff dashboard's first load on a 360 px
 * phone viewport, with the sources Chromium names for each (`PerformanceObserver('layout-shift')`),
 * to find what Lighthouse's CLS on /employee/dashboard is made of (decision 0413).
 * `node --import tsx bench/probe/staff-shifts.ts [path] [email]`
 */
import { freePort, launchBrowser, signIn, STAFF_CONTEXT } from '../support/browser';
import { openBenchDatabase, startBenchServer } from '../support/harness';

const path = process.argv[2] ?? '/employee/dashboard';
const email = process.argv[3] ?? 'anna@demo.local';
const { database, cleanup } = await openBenchDatabase('probe');
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = await startBenchServer(database, { port, publicOrigin: origin });
const browser = await launchBrowser();
try {
  const storageState = await signIn(browser, origin, email);
  for (let round = 1; round <= 3; round += 1) {
    const context = await browser.newContext({
      ...STAFF_CONTEXT,
      baseURL: origin,
      serviceWorkers: 'block',
      storageState,
      viewport: { width: 360, height: 640 },
      deviceScaleFactor: 2,
      isMobile: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      (window as unknown as { shifts: unknown[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          (window as unknown as { shifts: unknown[] }).shifts.push({
            at: Math.round(entry.startTime),
            value: entry.value.toFixed(4),
            sources: entry.sources.map((source) => ({
              node:
                source.node instanceof Element
                  ? `${source.node.tagName.toLowerCase()}.${source.node.className}`.slice(0, 90) +
                    ` "${(source.node.textContent ?? '').slice(0, 40)}"`
                  : String(source.node?.nodeName),
              from: `${source.previousRect.y}+${source.previousRect.height}`,
              to: `${source.currentRect.y}+${source.currentRect.height}`,
            })),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
    process.stdout.write(`round ${round} ${JSON.stringify(shifts, null, 1)}\n`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  await cleanup();
}
