/**
 * Probe (not part of `npm run bench`): Lighthouse mobile on the guest page, interleaved with and
 * without the `rel=expect` link of decision 0411 (taken out by a proxy in front of the same
 * server), so both variants meet the same moments of a shared machine.
 * `node --import tsx bench/probe/ab-expect.ts [rounds]`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { openBenchDatabase, startBenchServer } from '../support/harness';

const rounds = Number(process.argv[2] ?? 3);
const pagePath = '/t/aio-anna-schneider-4k7p';
const { database, cleanup } = await openBenchDatabase('probe');
const server = await startBenchServer(database);
const proxy = createServer((request, response) => {
  const strip = request.url!.startsWith('/without');
  const target = server.url + request.url!.replace(/^\/(without|with)/, '');
  void fetch(target, { headers: { 'accept-encoding': 'identity' } }).then(async (answer) => {
    const type = answer.headers.get('content-type') ?? '';
    let body: Buffer | string = Buffer.from(await answer.arrayBuffer());
    if (type.startsWith('text/html')) {
      body = body.toString('utf8');
      if (strip) body = body.replace(/\s*<link rel="expect"[^>]*>/, '');
    }
    response.writeHead(answer.status, { 'content-type': type });
    response.end(body);
  });
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--remote-debugging-port=9333'],
});
try {
  for (let round = 1; round <= rounds; round += 1) {
    for (const variant of round % 2 ? ['with', 'without'] : ['without', 'with']) {
      const result = await lighthouse(`${base}/${variant}${pagePath}`, {
        port: 9333,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result!.lhr;
      const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? -1);
      console.info(
        `round ${round} ${variant.padEnd(7)} TBT ${value('total-blocking-time')} ms, LCP ${value('largest-contentful-paint')} ms, FCP ${value('first-contentful-paint')} ms, performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`,
      );
    }
  }
} finally {
  await browser.close();
  proxy.close();
  await server.close();
  await cleanup();
}
