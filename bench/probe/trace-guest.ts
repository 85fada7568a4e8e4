/**
 * Probe (not part of `npm run bench`): loads a page in Chromium with the CPU slowed 4x, records a
 * trace and prints the main-thread tasks over 20 ms with their biggest events, the DOM size and
 * the inline stylesheet size. `node --import tsx bench/probe/trace-guest.ts [path] [loads]`.
 */
import { chromium } from 'playwright-core';
import { openBenchDatabase, startBenchServer } from '../support/harness';

const pagePath = process.argv[2] ?? '/t/aio-anna-schneider-4k7p';
const loads = Number(process.argv[3] ?? 3);
const { database, cleanup } = await openBenchDatabase('probe');
const server = await startBenchServer(database);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const html = await (await fetch(server.url + pagePath)).text();
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!.length);
  console.info(`html ${html.length} chars, inline styles ${styles.join(' + ')} chars`);
  for (let load = 1; load <= loads; load += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'fonts'],
    });
    if (process.env.VARIANT === 'expect') {
      await page.route(server.url + pagePath, async (route) => {
        const response = await route.fetch();
        let body = await response.text();
        body = body
          .replace('</head>', '<link rel="expect" href="#first-view-end" blocking="render"></head>')
          .replace(
            /(<div id="root">[\s\S]*?)(<\/div>\s*<script type="application\/json")/,
            '$1<span id="first-view-end" hidden></span>$2',
          );
        await route.fulfill({ response, body });
      });
    }
    await page.goto(server.url + pagePath, { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    const nodes = await page.evaluate(() => document.querySelectorAll('*').length);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: {
        name: string;
        ph: string;
        ts: number;
        dur?: number;
        tid: number;
        pid: number;
        cat: string;
      }[];
    };
    const events = trace.traceEvents;
    const paint = events.find((e) => e.name === 'firstContentfulPaint');
    if (process.env.FONTS)
      for (const e of events.filter((e) => /Font/.test(e.name) && (e.dur ?? 0) > 500))
        console.info(
          '   ',
          e.name,
          ((e.dur ?? 0) / 1000).toFixed(1),
          JSON.stringify((e as { args?: unknown }).args),
        );
    const tasks = events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 20_000);
    const layouts = events.filter((e) => e.name === 'Layout' && paint && e.ts < paint.ts);
    const lookups = events.filter(
      (e) => e.name === 'FontCache::GetFontPlatformData' && paint && e.ts < paint.ts,
    );
    console.info(
      `  layouts before FCP: ${layouts.map((e) => ((e.dur ?? 0) / 1000).toFixed(1) + ' ms').join(', ')}; font lookups before FCP ${lookups.length}`,
    );
    const main = events.find((e) => e.name === 'TracingStartedInBrowser');
    console.info(`load ${load}: ${nodes} elements, FCP at ts ${paint?.ts ?? '?'}${main ? '' : ''}`);
    for (const task of tasks) {
      const inner = events.filter(
        (e) =>
          e.tid === task.tid &&
          e.pid === task.pid &&
          e.ts >= task.ts &&
          e.ts < task.ts + task.dur! &&
          e !== task &&
          (e.dur ?? 0) > 1000,
      );
      const sums = new Map<string, { dur: number; count: number }>();
      for (const e of inner) {
        const s = sums.get(e.name) ?? { dur: 0, count: 0 };
        s.dur += e.dur!;
        s.count += 1;
        sums.set(e.name, s);
      }
      const top = [...sums].sort((a, b) => b[1].dur - a[1].dur).slice(0, 8);
      console.info(
        `  task ${(task.dur! / 1000).toFixed(1)} ms at ${paint ? ((task.ts - paint.ts) / 1000).toFixed(0) + ' ms from FCP' : task.ts}: ` +
          top.map(([n, s]) => `${n} ${(s.dur / 1000).toFixed(1)}ms x${s.count}`).join(', '),
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  await cleanup();
}
