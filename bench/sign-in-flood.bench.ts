import autocannon from 'autocannon';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connect';
import { startServer } from '../src/server/server';

const GUEST_CONNECTIONS = 10;
const FLOOD_CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Guest lookups keep >= 0.7x throughput and <= 2x p99 under a sign-in flood. */
const MIN_THROUGHPUT_RATIO = 0.7;
const MAX_P99_RATIO = 2;

/** Each load runs in a worker thread of its own, so sending requests does not take the server's thread. */
function load(url: string, options: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return Promise.resolve(autocannon({ url, duration: SECONDS, workers: 1, ...options }));
}

function line(name: string, value: string): void {
  process.stdout.write(`${name}: ${value}\n`);
}

/**
 * The guest code lookup alone, then the same lookup while 50 connections from one address send
 * wrong passwords to the sign-in endpoint, in one run against one server on 127.0.0.1.
 */
export async function run(): Promise<void> {
  const database = await openDatabase(
    process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {},
  );
  const server = await startServer(testConfig({ host: '127.0.0.1', port: 0, logLevel: 'silent' }), {
    database,
    seed: true,
  });
  line('database', process.env.DATABASE_URL ? 'postgresql' : 'pglite (embedded)');
  try {
    const guestUrl = `${server.url}/api/guest/codes/aio-anna-schneider-4k7p`;
    const check = await fetch(guestUrl);
    if (check.status !== 200) throw new Error(`guest lookup answered ${check.status}`);

    const alone = await load(guestUrl, { connections: GUEST_CONNECTIONS });
    const [flooded, flood] = await Promise.all([
      load(guestUrl, { connections: GUEST_CONNECTIONS }),
      load(`${server.url}/api/auth/sign-in`, {
        connections: FLOOD_CONNECTIONS,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'anna@demo.local', password: 'falsch-geraten' }),
      }),
    ]);

    const floodStatuses = Object.entries(flood.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}×${count}`)
      .join(' ');
    line(
      'guest lookup alone',
      `${alone.requests.average.toFixed(0)} req/s, p99 ${alone.latency.p99} ms`,
    );
    line(
      'guest lookup during flood',
      `${flooded.requests.average.toFixed(0)} req/s, p99 ${flooded.latency.p99} ms`,
    );
    line('sign-in flood', `${flood.requests.average.toFixed(0)} req/s (${floodStatuses})`);
    const throughputRatio = flooded.requests.average / alone.requests.average;
    const p99Ratio = flooded.latency.p99 / Math.max(1, alone.latency.p99);
    line(
      'guest throughput ratio (flood/alone)',
      `${throughputRatio.toFixed(2)}x (budget >= ${MIN_THROUGHPUT_RATIO}x) ${
        throughputRatio >= MIN_THROUGHPUT_RATIO ? 'PASS' : 'FAIL'
      }`,
    );
    line(
      'guest p99 ratio (flood/alone)',
      `${p99Ratio.toFixed(2)}x (budget <= ${MAX_P99_RATIO}x) ${p99Ratio <= MAX_P99_RATIO ? 'PASS' : 'FAIL'}`,
    );
    const errors = alone.non2xx + flooded.non2xx + alone.errors + flooded.errors;
    line('guest lookups not answered 200', String(errors));
  } finally {
    await server.close();
    await database.close();
  }
}
