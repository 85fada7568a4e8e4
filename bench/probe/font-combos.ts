/** Probe: distinct font strikes (family, weight, style, size) of a page's first view, above and below the fold. */
import { chromium } from 'playwright-core';
import { openBenchDatabase, startBenchServer } from '../support/harness';

const pagePath = process.argv[2] ?? '/t/aio-anna-schneider-4k7p';
const { database, cleanup } = await openBenchDatabase('probe');
const server = await startBenchServer(database);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(server.url + pagePath, { waitUntil: 'load' });
  const result = await page.evaluate(() => {
    const above = new Map<string, number>();
    const below = new Map<string, number>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const el = node.parentElement!;
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden') continue;
      const key = `${s.fontWeight} ${s.fontStyle} ${s.fontSize}`;
      const map = el.getBoundingClientRect().top < innerHeight ? above : below;
      map.set(key, (map.get(key) ?? 0) + 1);
    }
    return {
      elements: document.querySelectorAll('*').length,
      family: getComputedStyle(document.body).fontFamily,
      height: document.documentElement.scrollHeight,
      above: [...above],
      below: [...below],
    };
  });
  console.info(JSON.stringify(result, null, 1));
} finally {
  await browser.close();
  await server.close();
  await cleanup();
}
