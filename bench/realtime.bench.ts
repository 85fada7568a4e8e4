import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import type { StartTipPaymentBody, StartTipPaymentResponse } from '../src/shared/api/tips';
import { budget, engineLabel, line, ms, percentile } from './support/harness';

/**
 * 2,000 employees signed in, each with the live stream of the dashboard open on one server
 * (its own process), while guests pay tips to them through the demo checkout. Measured: from the
 * guest's "Bezahlen" request until that employee's stream delivers the event (p99 <= 200 ms),
 * and the server's memory with the streams open against before (growth <= 100 MB).
 */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const TIPS = Number(process.env.BENCH_STREAM_TIPS ?? 200);
const PARALLEL = 4;

interface Ready {
  type: 'ready';
  url: string;
  cookies: string[];
  uids: string[];
  rss: number;
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as T));
    if (type) child.send({ type });
  });
}

/** One SSE stream; resolves a waiter when the tip event for its id arrives. */
function openStream(url: string, cookie: string, waiters: Map<string, (at: number) => void>) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(
      `${url}/api/employee/stream`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('event: ready')) resolve(request);
            if (!block.startsWith('event: tip')) continue;
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!data) continue;
            const event = JSON.parse(data) as { tipId: string; status: string };
            if (event.status === 'pending') waiters.get(event.tipId)?.(at);
          }
        });
      },
    );
    request.on('error', reject);
  });
}

async function payOne(url: string, uid: string, waiters: Map<string, (at: number) => void>) {
  const start = await fetch(`${url}/api/guest/tips`, {
    method: 'POST',
    headers: {
      origin: url,
      'content-type': 'application/json',
      'x-forwarded-for': `10.7.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    },
    body: JSON.stringify({
      code: uid,
      amountCents: 300,
      platformFee: false,
      paymentMethod: 'stripe',
      guestSessionId: randomBytes(16).toString('base64url'),
    } satisfies StartTipPaymentBody),
  });
  if (start.status !== 201) throw new Error(`start: ${start.status} ${await start.text()}`);
  const { tipId, checkoutUrl } = (await start.json()) as StartTipPaymentResponse;
  const arrived = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no event for ${tipId}`)), 30_000);
    waiters.set(tipId, (at) => {
      clearTimeout(timer);
      waiters.delete(tipId);
      resolve(at);
    });
  });
  const paidAt = performance.now();
  const pay = await fetch(`${url}${new URL(checkoutUrl).pathname}`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  if (pay.status >= 400) throw new Error(`pay: ${pay.status}`);
  return (await arrived) - paidAt;
}

export async function run(): Promise<void> {
  line('database', engineLabel());
  const child = fork(
    path.join(import.meta.dirname, 'support/stream-server.ts'),
    [String(STREAMS)],
    {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const streams: http.ClientRequest[] = [];
  try {
    const ready = await ask<Ready>(child, '');
    const waiters = new Map<string, (at: number) => void>();
    // Warm up: a few tips before anything is measured.
    for (let i = 0; i < 3; i += 1) {
      streams.push(await openStream(ready.url, ready.cookies[i]!, waiters));
      await payOne(ready.url, ready.uids[i]!, waiters);
    }
    const before = (await ask<{ rss: number }>(child, 'rss')).rss;
    const opening = performance.now();
    for (let i = 3; i < STREAMS; i += 100) {
      const batch = ready.cookies.slice(i, Math.min(STREAMS, i + 100));
      streams.push(
        ...(await Promise.all(batch.map((cookie) => openStream(ready.url, cookie, waiters)))),
      );
    }
    line(
      'streams open',
      `${streams.length} in ${((performance.now() - opening) / 1000).toFixed(1)} s`,
    );
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < TIPS) {
          const index = next;
          next += 1;
          latencies.push(await payOne(ready.url, ready.uids[(index * 7) % STREAMS]!, waiters));
        }
      }),
    );
    const after = (await ask<{ rss: number }>(child, 'rss')).rss;
    line(
      'tip paid -> event',
      `${latencies.length} tips, p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))}`,
    );
    const p99 = percentile(latencies, 99);
    budget(
      `tip paid -> event p99 with ${streams.length} streams`,
      ms(p99),
      p99 <= 200,
      '<= 200 ms',
    );
    const growthMb = (after - before) / 2 ** 20;
    budget(
      `server memory growth for ${streams.length} streams`,
      `${growthMb.toFixed(1)} MB (rss ${(before / 2 ** 20).toFixed(0)} -> ${(after / 2 ** 20).toFixed(0)} MB)`,
      growthMb <= 100,
      '<= 100 MB',
    );
  } finally {
    for (const stream of streams) stream.destroy();
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
