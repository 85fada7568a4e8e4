import { randomBytes } from 'node:crypto';
import { testConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/connect';
import { type RunningServer, startServer } from '../src/server/server';
import type { StartTipPaymentBody, StartTipPaymentResponse } from '../src/shared/api/tips';
import { freePort } from './support/port';

/**
 * Live delivery of a tip to the employee dashboard (decision 0041, spec: "within 2 s"): the
 * server on a real port, Clara signed in with her Server-Sent Events stream open, and a guest
 * paying Clara through the demo checkout over HTTP, again and again. Measured per tip:
 *  - event: from the guest's "Bezahlen" request until Clara's stream delivers the tip event;
 *  - visible: until the refetch the dashboard then makes (`GET /api/employee/messages`) has it.
 * Embedded PGlite, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Browser
 * tests wait for the tip functionally; this is where the 2 s budget is measured.
 */
const BUDGET_MS = 2_000;
const ROUNDS = 20;
const CODE = 'aio-clara-fischer-3h8q';

/** Tip events from one SSE stream, resolved by tip id as they arrive. */
function followStream(body: ReadableStream<Uint8Array>) {
  const waiting = new Map<string, (at: number) => void>();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      const at = performance.now();
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!/^event: tip$/m.test(block)) continue;
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        const event = JSON.parse(data) as { tipId: string; status: string };
        if (event.status === 'pending') waiting.get(event.tipId)?.(at);
      }
    }
  })();
  return {
    next(tipId: string): Promise<number> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event for ${tipId}`)), 30_000);
        waiting.set(tipId, (at) => {
          clearTimeout(timer);
          waiting.delete(tipId);
          resolve(at);
        });
      });
    },
  };
}

interface Round {
  eventMs: number;
  visibleMs: number;
}

async function measureDelivery(server: RunningServer): Promise<Round[]> {
  const origin = server.url;
  const signIn = await fetch(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clara@demo.local', password: 'demo1234' }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');

  const controller = new AbortController();
  const stream = await fetch(`${origin}/api/employee/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!stream.ok || !stream.body) throw new Error(`stream failed: ${stream.status}`);
  const events = followStream(stream.body);

  const rounds: Round[] = [];
  try {
    for (let round = 0; round < ROUNDS + 2; round += 1) {
      const start = await fetch(`${origin}/api/guest/tips`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({
          code: CODE,
          amountCents: 500,
          platformFee: false,
          paymentMethod: 'stripe',
          guestSessionId: randomBytes(16).toString('base64url'),
          guestMessage: `Bench ${round}`,
        } satisfies StartTipPaymentBody),
      });
      if (start.status !== 201)
        throw new Error(`start failed: ${start.status} ${await start.text()}`);
      const { tipId, checkoutUrl } = (await start.json()) as StartTipPaymentResponse;
      const arrived = events.next(tipId);

      const paidAt = performance.now();
      const pay = await fetch(`${origin}${new URL(checkoutUrl).pathname}`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      });
      if (pay.status >= 400) throw new Error(`pay failed: ${pay.status}`);
      const eventAt = await arrived;
      const messages = await fetch(`${origin}/api/employee/messages`, { headers: { cookie } });
      const body = (await messages.json()) as { items: { id: string }[] };
      if (!body.items.some((item) => item.id === tipId)) throw new Error('tip not in messages');
      const visibleAt = performance.now();
      // The first two rounds warm up the JIT, the pools and the demo provider.
      if (round >= 2) rounds.push({ eventMs: eventAt - paidAt, visibleMs: visibleAt - paidAt });
    }
  } finally {
    controller.abort();
  }
  return rounds;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

function print(name: string, label: string, values: number[]): void {
  const median = percentile(values, 50);
  const p95 = percentile(values, 95);
  const max = Math.max(...values);
  process.stdout.write(
    `${`${name}: ${label}`.padEnd(30)} median ${median.toFixed(1).padStart(7)} ms  p95 ${p95
      .toFixed(1)
      .padStart(
        7,
      )} ms  max ${max.toFixed(1).padStart(7)} ms  ratio p95/budget ${(p95 / BUDGET_MS).toFixed(3)}  max/budget ${(max / BUDGET_MS).toFixed(3)}\n`,
  );
}

export async function run(): Promise<void> {
  const engines: {
    name: string;
    open: () => Promise<{ database: Database; cleanup: () => Promise<void> }>;
  }[] = [
    {
      name: 'pglite',
      open: async () => {
        const database = await openDatabase({});
        return { database, cleanup: () => database.close() };
      },
    },
  ];
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    engines.push({
      name: 'postgres',
      open: async () => {
        const schema = `bench_live_${Date.now()}`;
        const admin = await openDatabase({ url, poolSize: 1 });
        await admin.exec(`CREATE SCHEMA ${schema}`);
        const database = await openDatabase({ url, searchPath: schema, poolSize: 4 });
        return {
          database,
          cleanup: async () => {
            await database.close();
            await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
            await admin.close();
          },
        };
      },
    });
  }

  process.stdout.write(
    `budget ${BUDGET_MS} ms from payment to the dashboard, ${ROUNDS} tips each\n`,
  );
  for (const engine of engines) {
    const { database, cleanup } = await engine.open();
    const port = await freePort();
    const server = await startServer(
      testConfig({ host: '127.0.0.1', port, publicOrigin: `http://127.0.0.1:${port}` }),
      { database, seed: true, printMail: () => {} },
    );
    try {
      const rounds = await measureDelivery(server);
      print(
        engine.name,
        'event',
        rounds.map((round) => round.eventMs),
      );
      print(
        engine.name,
        'visible',
        rounds.map((round) => round.visibleMs),
      );
    } finally {
      await server.close();
      await cleanup();
    }
  }
}
