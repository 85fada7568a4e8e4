import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import Stripe from 'stripe';
import { FakeStripe } from '../test/support/fake-stripe';
import {
  paymentEntrypoints,
  paymentSessions,
  profiles,
  tips,
  webhookEvents,
} from '../src/server/db/schema';
import { DEFAULT_POOL_SIZE } from '../src/server/db/connect';
import type { RunningServer } from '../src/server/server';
import type { StartTipPaymentBody } from '../src/shared/api/tips';
import {
  budget,
  engineLabel,
  HELLO_PATH,
  line,
  load,
  openBenchDatabase,
  startBenchServer,
  summary,
} from './support/harness';
import type autocannon from 'autocannon';

/**
 * Throughput of the guest's hot paths, each as a ratio to a bare hello route of the same server
 * measured in the same run:
 *  - the tip page HTML and the payment-point lookup: >= 0.3x hello, p99 <= 25 ms at 50 connections;
 *  - starting a payment with the demo provider: >= 0.1x hello, no lost or duplicate rows;
 *  - signed provider webhooks, half of them duplicates: >= 0.1x hello, every tip counted once.
 */
const CONNECTIONS = 50;
const CODE = 'aio-anna-schneider-4k7p';
const WEBHOOK_SECRET = 'whsec_bench_trinkgeld';
const WEBHOOK_TIPS = Number(process.env.BENCH_WEBHOOK_TIPS ?? 1500);
/** Tips paid at full concurrency before the measured webhooks, to warm every pool connection. */
const WARM_UP_WEBHOOK_TIPS = 200;
const WARM_UP_SECONDS = 2;
/** The server's own pool size (src/server/db/connect.ts), not the harness's smaller default. */
const WRITE_POOL_SIZE = DEFAULT_POOL_SIZE;

/**
 * Counts the statements this process sends to PostgreSQL while `work` runs, and the commits that
 * wait for the disk (COMMIT, and a writing statement outside BEGIN..COMMIT): per request, figures
 * the machine's load does not change. PGlite runs in this process and has no round trips to count.
 */
async function roundTrips<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: number; commits: number }> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let statements = 0;
  let commits = 0;
  let open = 0;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).trim().toLowerCase();
    statements += 1;
    if (text.startsWith('begin')) open += 1;
    else if (text.startsWith('commit')) {
      open = Math.max(0, open - 1);
      commits += 1;
    } else if (text.startsWith('rollback')) open = Math.max(0, open - 1);
    else if (open === 0 && /^(insert|update|delete|with)\b/.test(text)) commits += 1;
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements, commits };
  } finally {
    prototype.query = original;
  }
}

/** One request at a time; on PostgreSQL also prints the round trips and commits per request. */
async function perRequest(name: string, count: number, send: (i: number) => Promise<void>) {
  const { statements, commits } = await roundTrips(async () => {
    for (let i = 0; i < count; i += 1) await send(i);
  });
  line(
    `${name} round trips per request`,
    process.env.DATABASE_URL
      ? `${(statements / count).toFixed(1)} statements, ${(commits / count).toFixed(1)} commits (PostgreSQL, ${count} requests one at a time)`
      : 'not counted on PGlite (no network round trips)',
  );
}

function ratioLine(name: string, result: autocannon.Result, hello: autocannon.Result, min: number) {
  const ratio = result.requests.average / hello.requests.average;
  return budget(
    `${name} throughput ratio to hello`,
    `${ratio.toFixed(2)}x`,
    ratio >= min && result.non2xx === 0 && result.errors === 0,
    `>= ${min}x, all answered 2xx`,
  );
}

/** A guest starting a payment at the bench's payment point from `address`. */
function startRequest(origin: string, address: string, amountCents: number, message?: string) {
  const body: StartTipPaymentBody = {
    code: CODE,
    amountCents,
    platformFee: false,
    paymentMethod: 'stripe',
    guestSessionId: randomBytes(16).toString('base64url'),
    ...(message ? { guestMessage: message } : {}),
  };
  return {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
    body: JSON.stringify(body),
  };
}

async function guestReads(server: RunningServer): Promise<void> {
  // Loads that only need a URL run in a worker thread, so sending does not take the server's thread.
  const hello = await load({
    url: `${server.url}${HELLO_PATH}`,
    connections: CONNECTIONS,
    workers: 1,
  });
  line('hello (load in a worker)', summary(hello));
  // The page is asked for as a browser asks (every browser sends Accept-Encoding), so it is the
  // brotli answer kept per code (decision 0265), 6 KB instead of 22 KB uncompressed.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  for (const [name, path, headers] of [
    ['guest page html', `/t/${CODE}`, browser],
    ['payment-point lookup', `/api/guest/codes/${CODE}`, {}],
  ] as const) {
    const check = await fetch(`${server.url}${path}`);
    if (check.status !== 200) throw new Error(`${path} answered ${check.status}`);
    const result = await load({
      url: `${server.url}${path}`,
      headers,
      connections: CONNECTIONS,
      workers: 1,
    });
    line(name, summary(result));
    ratioLine(name, result, hello, 0.3);
    budget(`${name} p99`, `${result.latency.p99} ms`, result.latency.p99 <= 25, '<= 25 ms');
  }
  // Both answers come from memory now (decision 0250): a change must show on the next request.
  const { db } = server.deps.database;
  const jobTitle = `Bench ${randomBytes(3).toString('hex')}`;
  const [point] = await db
    .select({ personId: paymentEntrypoints.targetId })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.uid, CODE));
  await db.update(profiles).set({ jobTitle }).where(eq(profiles.id, point!.personId));
  const after = await Promise.all(
    [`/t/${CODE}`, `/api/guest/codes/${CODE}`].map(async (path) =>
      (await fetch(`${server.url}${path}`)).text(),
    ),
  );
  budget(
    'guest reads after a change',
    after.every((body) => body.includes(jobTitle)) ? 'both show it' : 'stale answer',
    after.every((body) => body.includes(jobTitle)),
    'the very next page and lookup show a changed job title',
  );
}

async function startPayments(server: RunningServer): Promise<void> {
  const { db } = server.deps.database;
  // Loads that build every request run in this process; their hello is measured the same way.
  const hello = await load({ url: `${server.url}${HELLO_PATH}`, connections: CONNECTIONS });
  line('hello (load in process)', summary(hello));
  const marker = `bench-${randomBytes(4).toString('hex')}`;
  await perRequest('start payment (demo)', 50, async (i) => {
    const response = await fetch(
      `${server.url}/api/guest/tips`,
      startRequest(server.url, `10.250.${i >> 5}.${i & 31}`, 500, `${marker}-counted`),
    );
    if (response.status !== 201) throw new Error(`start: ${await response.text()}`);
  });
  const answered: string[] = [];
  let sent = 0;
  /** Starts from many addresses (each stays under the start limit), `marker` as the message. */
  const starts = (tag: string, onStarted: (tipId: string) => void) => ({
    method: 'POST' as const,
    path: '/api/guest/tips',
    setupRequest: (request: autocannon.RequestSpec) => {
      sent += 1;
      const address = sent >> 5;
      const from = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
      return { ...request, ...startRequest(server.url, from, 500, tag) };
    },
    onResponse: (status: number, body: string) => {
      if (status === 201) onStarted((JSON.parse(body) as { tipId: string }).tipId);
    },
  });
  // Every pool connection runs the start a few times first (a new PostgreSQL connection parses,
  // plans and compiles the triggers once): the figure is the steady state, like hello's.
  await load({
    url: server.url,
    connections: CONNECTIONS,
    duration: WARM_UP_SECONDS,
    requests: [starts(`${marker}-warm-up`, () => {})],
  });
  const result = await load({
    url: server.url,
    connections: CONNECTIONS,
    requests: [starts(marker, (tipId) => answered.push(tipId))],
  });
  line('start payment (demo)', summary(result));
  ratioLine('start payment (demo)', result, hello, 0.1);
  // Requests still in flight when the load stopped finish before counting.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rows = await db
    .select({ id: tips.id, sessions: sql<number>`count(${paymentSessions.id})::int` })
    .from(tips)
    .leftJoin(paymentSessions, eq(paymentSessions.tipId, tips.id))
    .where(eq(tips.guestMessage, marker))
    .groupBy(tips.id);
  const stored = new Set(rows.map((row) => row.id));
  const lost = answered.filter((id) => !stored.has(id)).length;
  const duplicates = rows.filter((row) => Number(row.sessions) !== 1).length;
  const unanswered = rows.length - answered.length;
  budget(
    'start payment rows',
    `${answered.length} answered 201, ${rows.length} tips stored, ${lost} lost, ${duplicates} without exactly one session, ${unanswered} stored after the load stopped`,
    lost === 0 && duplicates === 0 && unanswered >= 0,
    'none lost, none duplicated',
  );
}

async function webhooks(): Promise<void> {
  const fake = await new FakeStripe().start();
  const { database, cleanup } = await openBenchDatabase('webhooks', WRITE_POOL_SIZE);
  const server = await startBenchServer(database, {
    paymentProvider: 'stripe',
    stripeSecretKey: 'sk_test_bench',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiUrl: fake.url,
    trustProxy: ['127.0.0.1'],
  });
  try {
    const { db } = database;
    await db
      .update(profiles)
      .set({ stripeAccountId: 'acct_bench_anna', stripeAccountStatus: 'enabled' })
      .where(eq(profiles.email, 'anna@demo.local'));
    const startTip = async (i: number): Promise<string> => {
      const response = await fetch(
        `${server.url}/api/guest/tips`,
        startRequest(server.url, `10.9.${i >> 5}.1`, 700),
      );
      if (response.status !== 201) throw new Error(`start: ${await response.text()}`);
      return ((await response.json()) as { tipId: string }).tipId;
    };
    const tipIds: string[] = [];
    for (let i = 0; i < WEBHOOK_TIPS; i += 1) tipIds.push(await startTip(i));
    const signer = new Stripe('sk_test_signer_only');
    /** Pays the tips' checkouts at the fake and signs one completed event for each. */
    const paidEvents = async (ids: string[], prefix: string) => {
      const sessions = await db
        .select({
          tipId: paymentSessions.tipId,
          providerSessionId: paymentSessions.providerSessionId,
        })
        .from(paymentSessions)
        .where(inArray(paymentSessions.tipId, ids));
      return sessions.map((session, index) => {
        fake.pay(session.providerSessionId!);
        // As Stripe sends it: the event carries the Checkout Session as it was when paid.
        const payload = JSON.stringify({
          id: `${prefix}${index}_${randomBytes(4).toString('hex')}`,
          object: 'event',
          type: 'checkout.session.completed',
          api_version: '2026-10-28.endive',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          data: { object: fake.sessions.get(session.providerSessionId!) },
        });
        const signature = signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        });
        return { payload, signature };
      });
    };
    const events = await paidEvents(tipIds, 'evt_bench_');
    const post = async (event: { payload: string; signature: string }) => {
      const response = await fetch(`${server.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      });
      if (response.status !== 200) throw new Error(`webhook: ${await response.text()}`);
    };
    // Separate tips, one event at a time: what one delivery and one redelivery cost.
    const countedTips: string[] = [];
    for (let i = 0; i < 20; i += 1) countedTips.push(await startTip(WEBHOOK_TIPS + i));
    const counted = await paidEvents(countedTips, 'evt_count_');
    const stripeCalls = fake.requests.length;
    await perRequest('webhook first delivery', counted.length, (i) => post(counted[i]!));
    line(
      'webhook first delivery calls to the Stripe API',
      ((fake.requests.length - stripeCalls) / counted.length).toFixed(1),
    );
    await perRequest('webhook redelivery', counted.length, (i) => post(counted[i]!));
    // Every event twice; the copy follows 25 events later, so many arrive while the first is
    // still being processed on another connection.
    const sequence: { payload: string; signature: string }[] = [];
    for (let i = 0; i < events.length + 25; i += 1) {
      if (i < events.length) sequence.push(events[i]!);
      if (i >= 25) sequence.push(events[i - 25]!);
    }
    /** Delivers `sequence` at full concurrency, each event once, in order. */
    const deliver = (sequence: { payload: string; signature: string }[]) => {
      let next = 0;
      return load({
        url: server.url,
        connections: CONNECTIONS,
        amount: sequence.length,
        requests: [
          {
            method: 'POST',
            path: '/api/payments/webhook',
            setupRequest: (request) => {
              const event = sequence[next % sequence.length]!;
              next += 1;
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  'stripe-signature': event.signature,
                },
                body: event.payload,
              };
            },
          },
        ],
      });
    };
    // Other tips first, at full concurrency: every pool connection has settled a few (a new
    // PostgreSQL connection parses, plans and compiles the triggers once), as in steady use.
    const warmUpTips: string[] = [];
    for (let i = 0; i < WARM_UP_WEBHOOK_TIPS; i += 1) {
      warmUpTips.push(await startTip(WEBHOOK_TIPS + counted.length + i));
    }
    await deliver(await paidEvents(warmUpTips, 'evt_warm_'));
    const hello = await load({ url: `${server.url}${HELLO_PATH}`, connections: CONNECTIONS });
    line('hello (stripe server, load in process)', summary(hello));
    const result = await deliver(sequence);
    const seconds = (result.requests.total ?? 0) / result.requests.average;
    line(
      'webhook ingestion',
      `${sequence.length} events (half duplicates), the last answered after ${seconds.toFixed(2)} s, ${summary(result)}`,
    );
    ratioLine('webhook ingestion', result, hello, 0.1);
    const paid = await db
      .select({
        n: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(${tips.amountCents}), 0)::int`,
      })
      .from(tips)
      .where(inArray(tips.id, tipIds));
    const [events_] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEvents)
      .where(sql`${webhookEvents.eventId} LIKE 'evt_bench_%'`);
    const [pending] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(tips)
      .where(and(inArray(tips.id, tipIds), eq(tips.status, 'pending')));
    budget(
      'webhook tips counted once',
      `${Number(pending?.n)} of ${tipIds.length} tips paid, ${Number(events_?.n)} events stored, ${Number(paid[0]?.cents)} cents`,
      Number(pending?.n) === tipIds.length &&
        Number(events_?.n) === events.length &&
        Number(paid[0]?.cents) === 700 * tipIds.length,
      'every tip paid exactly once, one stored event per event id',
    );
  } finally {
    await server.close();
    await cleanup();
    await fake.stop();
  }
}

export async function run(): Promise<void> {
  line('database', engineLabel());
  line('connections', CONNECTIONS);
  const { database, cleanup } = await openBenchDatabase('throughput', WRITE_POOL_SIZE);
  const server = await startBenchServer(database, { trustProxy: ['127.0.0.1'] });
  try {
    await guestReads(server);
    await startPayments(server);
  } finally {
    await server.close();
    await cleanup();
  }
  await webhooks();
}
