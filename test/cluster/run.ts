import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type Database, openDatabase, quoteIdent } from '../../src/server/db/connect';
import { loadMigrations } from '../../src/server/db/migrate';
import { GUEST_RATE_RULES } from '../../src/server/http/guest-rate-rules';
import type { StartTipPaymentResponse } from '../../src/shared/api/tips';
import { createBusiness, FACTORY_PASSWORD, type FactoryBusiness } from '../support/factories';
import { ensurePgBouncer, PgBouncer, pgBouncerVersion } from '../support/pgbouncer';
import { clientAddress, cookieOf, Dashboard, HttpClient, Tally } from './clients';
import { ensureNginx, freePort, Instance, Nginx } from './processes';

/**
 * `npm run test:cluster` (docs/deployment.md): two server processes on one fresh
 * PostgreSQL database behind nginx on 127.0.0.1, a mixed load through nginx, one instance killed
 * in the middle. The instances reach PostgreSQL through PgBouncer in transaction pooling, with
 * LISTEN on a direct connection (decision 0401). Prints the figures and exits non-zero when a
 * check fails.
 */

/** SIGTERM to exit, at most: the rolling restart measures every instance. */
const SHUTDOWN_LIMIT_MS = 10_000;

const HARD_LIMIT_MS = 5 * 60_000;
const LOAD_MS = 24_000;
const KILL_AT_MS = 10_000;
const THROUGHPUT_ROUND_S = 3;
const THROUGHPUT_ROUNDS = 4;
const GUESTS = 6;
const SIGN_INS = 2;
const READERS = 4;

const failures: string[] = [];
const out = (line = '') => process.stdout.write(`${line}\n`);
function check(ok: boolean, label: string, detail: string): void {
  out(`  ${ok ? 'ok  ' : 'FAIL'} ${label}: ${detail}`);
  if (!ok) failures.push(label);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Cluster {
  db: Database;
  bouncer: PgBouncer;
  a: Instance;
  b: Instance;
  nginx: Nginx;
  /** nginx in front of both instances. */
  lb: string;
  /** nginx in front of instance A only (the one-instance baseline). */
  lbSingle: string;
  client: HttpClient;
  hotel: FactoryBusiness;
}

async function main(): Promise<void> {
  const started = Date.now();
  const nginxBinary = ensureNginx(out);
  const bouncerBinary = ensurePgBouncer(out);
  if (!nginxBinary || !bouncerBinary) {
    process.exitCode = 1;
    return;
  }
  const baseUrl =
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `trinkgeld_cluster_${randomBytes(5).toString('hex')}`;
  const clusterUrl = new URL(baseUrl);
  clusterUrl.pathname = `/${dbName}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'trinkgeld-cluster-'));
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
    cleanups.length = 0;
  };
  const hardStop = setTimeout(() => {
    out(`FAIL: the cluster test did not finish within ${HARD_LIMIT_MS / 60_000} minutes`);
    void cleanup().finally(() => process.exit(1));
  }, HARD_LIMIT_MS);
  hardStop.unref();
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  let cluster: Cluster | undefined;
  try {
    const admin = await openDatabase({ url: baseUrl, poolSize: 1 });
    await admin.exec(`CREATE DATABASE ${quoteIdent(dbName)}`);
    cleanups.push(async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${quoteIdent(dbName)} WITH (FORCE)`);
      await admin.close();
    });
    cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));

    const [portA, portB, portLb, portSingle, portBouncer] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    // PgBouncer in transaction pooling between the instances and PostgreSQL: fewer server
    // connections than the two instances' pools hold, so transactions really change connections.
    const bouncer = new PgBouncer({
      binary: bouncerBinary,
      target: clusterUrl.toString(),
      port: portBouncer,
      poolSize: 12,
    });
    await bouncer.start();
    cleanups.push(() => bouncer.stop());
    const origin = `http://127.0.0.1:${portLb}`;
    const env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      DATABASE_URL: bouncer.url,
      DATABASE_POOL_MODE: 'transaction',
      // LISTEN needs one server session for as long as it listens: straight to PostgreSQL.
      DATABASE_LISTEN_URL: clusterUrl.toString(),
      // Every instance must share the secret: sessions and hashed client addresses.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_PROVIDER: 'demo',
      // No mail server in the cluster test: mails are logged, redacted (decision 0334).
      MAIL_TRANSPORT: 'log',
      DEMO_FAILURE_RATE: '0',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    const a = new Instance('A', portA, env, path.join(tmp, 'a.log'));
    const b = new Instance('B', portB, env, path.join(tmp, 'b.log'));
    cleanups.push(async () => void (await a.stop()));
    cleanups.push(async () => void (await b.stop()));

    out(`cluster: database ${dbName}, instances A :${portA} B :${portB}, nginx :${portLb}`);
    out(
      `database: through PgBouncer ${pgBouncerVersion(bouncerBinary)} (transaction pooling, 12 server connections) on 127.0.0.1:${portBouncer}; LISTEN direct to PostgreSQL`,
    );
    out('');
    out('1. Two instances started at the same moment on an empty database');
    const bootAt = Date.now();
    a.start();
    b.start();
    try {
      await Promise.all([a.ready(), b.ready()]);
    } catch (error) {
      out(`A log:\n${a.logTail()}\nB log:\n${b.logTail()}`);
      throw error;
    }
    const db = await openDatabase({ url: clusterUrl.toString(), poolSize: 4 });
    cleanups.push(() => db.close());
    const recorded = await db.query<{ name: string; times: number }>(
      'SELECT name, count(*)::int AS times FROM schema_migrations GROUP BY name',
    );
    const expected = loadMigrations().length;
    check(
      recorded.length === expected &&
        recorded.every((row) => row.times === 1) &&
        a.running &&
        b.running,
      'migrations once',
      `${recorded.length} of ${expected} migrations recorded, each once; both instances ready after ${((Date.now() - bootAt) / 1000).toFixed(1)} s`,
    );

    const nginx = new Nginx(
      path.join(tmp, 'nginx'),
      [
        { port: portLb, upstreams: [portA, portB] },
        { port: portSingle, upstreams: [portA] },
      ],
      nginxBinary,
    );
    await nginx.start();
    cleanups.push(() => nginx.stop());
    const hotel = await createBusiness(db.db, {
      employees: 4,
      points: ['person', 'person', 'person', 'person'],
    });
    cluster = {
      db,
      bouncer,
      a,
      b,
      nginx,
      lb: origin,
      lbSingle: `http://127.0.0.1:${portSingle}`,
      client: new HttpClient(origin),
      hotel,
    };

    out('');
    out('2. Shared state across instances');
    await sharedStateChecks(cluster);

    out('');
    out(
      `3. Throughput of dashboard reads through nginx (${THROUGHPUT_ROUNDS} rounds of ${THROUGHPUT_ROUND_S} s each, alternating)`,
    );
    await throughput(cluster);

    out('');
    out(
      `4. Mixed load through nginx for ${LOAD_MS / 1000} s, instance B killed (SIGKILL) at ${KILL_AT_MS / 1000} s`,
    );
    await mixedLoad(cluster);

    out('');
    out('5. Instance B back; a payout batch started on both instances at the same moment');
    await payoutOnBoth(cluster);

    out('');
    out('6. Rolling restart: each instance drained in nginx, stopped with SIGTERM, started again');
    await rollingRestart(cluster);

    out('');
    out('7. PgBouncer carried the instances');
    await bouncerFigures(cluster);
  } catch (error) {
    failures.push('run');
    out(`FAIL: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (cluster) out(`A log:\n${cluster.a.logTail()}\nB log:\n${cluster.b.logTail()}`);
  } finally {
    await cleanup();
    clearTimeout(hardStop);
  }
  out('');
  out(
    failures.length === 0
      ? `cluster test passed in ${((Date.now() - started) / 1000).toFixed(0)} s`
      : `cluster test FAILED (${failures.join(', ')})`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

/** Where an answer is counted: a Tally, or a phase-aware recorder deciding at answer time. */
interface Recorder {
  add(status: number | string): void;
}

async function signIn(
  c: Cluster,
  base: string,
  email: string,
  address: string,
  tally?: Recorder,
): Promise<string | null> {
  const response = await c.client
    .request(base, '/api/auth/sign-in', {
      json: { email, password: FACTORY_PASSWORD },
      headers: { 'x-forwarded-for': address },
    })
    .catch(() => null);
  tally?.add(response?.status ?? 'network');
  if (!response || response.status !== 200) return null;
  await response.arrayBuffer();
  return cookieOf(response);
}

let guestSeq = 0;

interface GuestOutcome {
  marker: string;
  tipId: string | null;
  employeeId: string;
  acknowledged: boolean;
  ackAt: number;
}

/**
 * A guest tipping through the demo checkout: start, then "Bezahlen". A step cut off by a failing
 * instance is tried again like a browser retry would (at most 4 times); the tip counts as
 * acknowledged once the checkout sent the guest to the thank-you page or the tip reads as paid.
 */
async function guestTip(
  c: Cluster,
  base: string,
  pointIndex: number,
  tally: Recorder,
): Promise<GuestOutcome> {
  guestSeq += 1;
  const marker = `cluster-${guestSeq}`;
  const point = c.hotel.points[pointIndex % c.hotel.points.length]!;
  const employeeId = c.hotel.employees[pointIndex % c.hotel.employees.length]!.id;
  const address = clientAddress(guestSeq);
  const outcome: GuestOutcome = { marker, tipId: null, employeeId, acknowledged: false, ackAt: 0 };
  const attempt = async (step: () => Promise<Response>): Promise<Response | null> => {
    for (let i = 0; i < 4; i += 1) {
      const response = await step().catch(() => null);
      tally.add(response?.status ?? 'network');
      if (response && response.status < 500) return response;
      await response?.arrayBuffer().catch(() => {});
      await sleep(100 * (i + 1));
    }
    return null;
  };
  const start = await attempt(() =>
    c.client.request(base, '/api/guest/tips', {
      json: {
        code: point.uid,
        amountCents: 100 + (guestSeq % 900),
        platformFee: false,
        paymentMethod: 'stripe',
        guestSessionId: randomBytes(16).toString('base64url'),
        guestMessage: marker,
      },
      headers: { 'x-forwarded-for': address },
    }),
  );
  if (!start || start.status !== 201) {
    await start?.arrayBuffer();
    return outcome;
  }
  const started = (await start.json()) as StartTipPaymentResponse;
  outcome.tipId = started.tipId;
  const pay = await attempt(() =>
    c.client.request(base, new URL(started.checkoutUrl).pathname, {
      form: 'action=pay',
      headers: { 'x-forwarded-for': address },
    }),
  );
  if (!pay) return outcome;
  await pay.arrayBuffer();
  const location = pay.headers.get('location') ?? '';
  if (pay.status === 303 && !location.includes('/checkout/demo/')) {
    outcome.acknowledged = true;
  } else {
    // A retried "Bezahlen" finds the checkout already decided: ask the tip itself.
    const status = await attempt(() =>
      c.client.request(base, `/api/guest/tips/${started.tipId}`, {
        headers: { 'x-tip-token': started.token },
      }),
    );
    const body = status?.status === 200 ? ((await status.json()) as { status: string }) : null;
    outcome.acknowledged = body?.status === 'pending' || body?.status === 'completed';
  }
  if (outcome.acknowledged) outcome.ackAt = Date.now();
  return outcome;
}

async function sharedStateChecks(c: Cluster): Promise<void> {
  const watched = c.hotel.employees[0]!;
  const cookieA = await signIn(c, c.a.url, watched.email, clientAddress(9001));
  const cookieB = await signIn(c, c.b.url, watched.email, clientAddress(9002));
  if (!cookieA || !cookieB) throw new Error('staff sign-in failed');
  const sessionOn = async (base: string) =>
    (await c.client.request(base, '/api/auth/session', { headers: { cookie: cookieA } })).status;
  const [onA, onB] = [await sessionOn(c.a.url), await sessionOn(c.b.url)];
  check(
    onA === 200 && onB === 200,
    'session on both',
    `signed in on A; A answers ${onA}, B answers ${onB}`,
  );

  const dashA = await Dashboard.open('dashboard on A', c.client, c.a.url, cookieA);
  const dashB = await Dashboard.open('dashboard on B', c.client, c.b.url, cookieB);
  const tally = new Tally();
  const results: string[] = [];
  let delivered = true;
  for (const [name, base] of [
    ['A', c.a.url],
    ['B', c.b.url],
  ] as const) {
    const tip = await guestTip(c, base, 0, tally);
    if (!tip.acknowledged || !tip.tipId) throw new Error(`tip through ${name} not paid`);
    const [seenA, seenB] = await Promise.all([
      dashA.waitFor(tip.tipId, 5_000),
      dashB.waitFor(tip.tipId, 5_000),
    ]);
    delivered &&= seenA && seenB;
    results.push(
      `paid through ${name} -> dashboard on A ${seenA ? 'yes' : 'no'}, on B ${seenB ? 'yes' : 'no'}`,
    );
  }
  dashA.close();
  dashB.close();
  check(delivered, 'realtime across instances', results.join('; '));

  // One client address, requests alternating between the instances directly.
  const rule = GUEST_RATE_RULES.payLaterLink;
  const code = c.hotel.points[1]!.uid;
  const create = async (base: string) => {
    const response = await c.client.request(base, '/api/guest/pay-later-links', {
      json: { code, amountCents: 500 },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    await response.arrayBuffer();
    return response.status;
  };
  let accepted = 0;
  for (let i = 0; i < rule.limit; i += 1) {
    if ((await create(i % 2 === 0 ? c.a.url : c.b.url)) === 201) accepted += 1;
  }
  const [overA, overB] = [await create(c.a.url), await create(c.b.url)];
  check(
    accepted === rule.limit && overA === 429 && overB === 429,
    'rate limit shared',
    `${rule.name} ${rule.limit} per ${rule.windowMs / 60_000} min: ${accepted} accepted alternating A/B (${rule.limit / 2} each), the next on A ${overA}, on B ${overB}`,
  );
}

async function throughput(c: Cluster): Promise<void> {
  const reader = c.hotel.employees[1]!;
  const cookie = await signIn(c, c.lb, reader.email, clientAddress(9100));
  if (!cookie) throw new Error('reader sign-in failed');
  const run = async (base: string, seconds: number) => {
    const result = await autocannon({
      url: `${base}/api/employee/messages`,
      connections: 16,
      duration: seconds,
      headers: { cookie },
    });
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      bad: result.non2xx + result.errors,
    };
  };
  await run(c.lb, 2); // warm-up of both instances, nginx and the pools
  const single: number[] = [];
  const both: number[] = [];
  let bad = 0;
  for (let round = 0; round < THROUGHPUT_ROUNDS; round += 1) {
    // ABBA order, so a trend in the machine's other load does not favour one side.
    let one;
    let two;
    if (round % 2 === 0) {
      one = await run(c.lbSingle, THROUGHPUT_ROUND_S);
      two = await run(c.lb, THROUGHPUT_ROUND_S);
    } else {
      two = await run(c.lb, THROUGHPUT_ROUND_S);
      one = await run(c.lbSingle, THROUGHPUT_ROUND_S);
    }
    single.push(one.rps);
    both.push(two.rps);
    bad += one.bad + two.bad;
    out(
      `     round ${round + 1}: 1 instance ${one.rps.toFixed(0)} req/s (p99 ${one.p99} ms), 2 instances ${two.rps.toFixed(0)} req/s (p99 ${two.p99} ms)`,
    );
  }
  const mean = (values: number[]) => values.reduce((x, y) => x + y, 0) / values.length;
  const ratio = mean(both) / mean(single);
  out(
    `     throughput: 1 instance ${mean(single).toFixed(0)} req/s, 2 instances ${mean(both).toFixed(0)} req/s, ratio 2/1 = ${ratio.toFixed(2)} (${os.cpus().length} CPU cores shared by nginx, PostgreSQL, the load generator and both instances; load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
  check(bad === 0, 'throughput rounds without errors', `${bad} non-2xx or failed requests`);
}

async function mixedLoad(c: Cluster): Promise<void> {
  const watched = c.hotel.employees[0]!;
  const before = new Tally();
  const after = new Tally();
  const lastWindow = new Tally();
  // Dashboards: one on each instance directly, one through nginx that reconnects like a browser.
  const cookieA = await signIn(c, c.a.url, watched.email, clientAddress(9201));
  const cookieB = await signIn(c, c.b.url, watched.email, clientAddress(9202));
  const cookieLb = await signIn(c, c.lb, watched.email, clientAddress(9203));
  if (!cookieA || !cookieB || !cookieLb) throw new Error('dashboard sign-in failed');
  const dashA = await Dashboard.open('A', c.client, c.a.url, cookieA);
  const dashB = await Dashboard.open('B', c.client, c.b.url, cookieB);
  const lbStreams: { dashboard: Dashboard; openedAt: number }[] = [
    { dashboard: await Dashboard.open('nginx', c.client, c.lb, cookieLb), openedAt: Date.now() },
  ];
  const readerCookies: string[] = [];
  for (let i = 0; i < READERS; i += 1) {
    const employee = c.hotel.employees[i % c.hotel.employees.length]!;
    const cookie = await signIn(c, c.lb, employee.email, clientAddress(9300 + i));
    if (!cookie) throw new Error('reader sign-in failed');
    readerCookies.push(cookie);
  }

  const start = Date.now();
  const killAt = start + KILL_AT_MS;
  const endAt = start + LOAD_MS;
  let killedAt = 0;
  // Decided when the answer arrives, so a request cut off by the kill counts after it.
  const tallyNow: () => Recorder = () => ({
    add(status) {
      const phase = !killedAt
        ? before
        : Date.now() > endAt - (LOAD_MS - KILL_AT_MS) / 2
          ? lastWindow
          : after;
      phase.add(status);
    },
  });
  const outcomes: GuestOutcome[] = [];
  let signIns = 0;
  const loops: Promise<void>[] = [];
  for (let g = 0; g < GUESTS; g += 1) {
    loops.push(
      (async () => {
        for (let n = g; Date.now() < endAt; n += GUESTS) {
          outcomes.push(await guestTip(c, c.lb, n, tallyNow()));
        }
      })(),
    );
  }
  for (let s = 0; s < SIGN_INS; s += 1) {
    loops.push(
      (async () => {
        for (let n = 0; Date.now() < endAt; n += 1) {
          const employee = c.hotel.employees[1 + ((n + s) % 3)]!;
          const cookie = await signIn(
            c,
            c.lb,
            employee.email,
            clientAddress(10_000 + s * 1000 + n),
            tallyNow(),
          );
          if (!cookie) continue;
          signIns += 1;
          const read = await c.client
            .request(c.lb, '/api/employee/messages', { headers: { cookie } })
            .catch(() => null);
          tallyNow().add(read?.status ?? 'network');
          await read?.arrayBuffer();
        }
      })(),
    );
  }
  for (const cookie of readerCookies) {
    loops.push(
      (async () => {
        while (Date.now() < endAt) {
          const read = await c.client
            .request(c.lb, '/api/employee/messages', { headers: { cookie } })
            .catch(() => null);
          tallyNow().add(read?.status ?? 'network');
          await read?.arrayBuffer();
        }
      })(),
    );
  }
  // The browser's EventSource reconnects to whichever instance nginx picks.
  loops.push(
    (async () => {
      while (Date.now() < endAt) {
        const current = lbStreams.at(-1)!;
        if (current.dashboard.ended) {
          const again = await Dashboard.open('nginx', c.client, c.lb, cookieLb).catch(() => null);
          if (again) lbStreams.push({ dashboard: again, openedAt: Date.now() });
        }
        await sleep(200);
      }
    })(),
  );
  loops.push(
    (async () => {
      await sleep(killAt - Date.now());
      // Requests cut off by the kill are answered afterwards: they count as after the kill.
      killedAt = Date.now();
      await c.b.kill();
    })(),
  );
  await Promise.all(loops);
  // Events of the last tips are still on their way.
  await sleep(2_000);

  const seconds = (Date.now() - start) / 1000;
  const total = new Tally();
  for (const t of [before, after, lastWindow]) {
    for (const [status, n] of t.byStatus) for (let i = 0; i < n; i += 1) total.add(status);
  }
  out(
    `     requests: ${total.requests} in ${seconds.toFixed(1)} s (${(total.requests / seconds).toFixed(0)} req/s), staff sign-ins ${signIns}`,
  );
  out(`     by status: ${total.summary()}`);
  out(
    `     before the kill:           ${before.requests} requests, errors ${before.errors()} (${before.summary()})`,
  );
  out(
    `     after the kill (1st half): ${after.requests} requests, errors ${after.errors()} (${after.summary()})`,
  );
  out(
    `     after the kill (2nd half): ${lastWindow.requests} requests, errors ${lastWindow.errors()} (${lastWindow.summary()})`,
  );
  const ackedAfterKill = outcomes.filter((o) => o.acknowledged && o.ackAt > killedAt).length;
  check(
    killedAt > 0 &&
      !c.b.running &&
      lastWindow.requests > 0 &&
      lastWindow.errors() === 0 &&
      ackedAfterKill > 0,
    'load continues through the survivor',
    `${ackedAfterKill} tips acknowledged after the kill; the last ${((LOAD_MS - KILL_AT_MS) / 2000).toFixed(0)} s without errors`,
  );

  // Every acknowledged tip stored once: the guest's marker identifies the tip rows.
  const rows = await c.db.query<{ marker: string; paid: number; total: number }>(
    `SELECT guest_message AS marker,
            count(*) FILTER (WHERE status IN ('pending', 'completed'))::int AS paid,
            count(*)::int AS total
       FROM tips WHERE business_id = $1 AND guest_message LIKE 'cluster-%'
      GROUP BY guest_message`,
    [c.hotel.id],
  );
  const byMarker = new Map(rows.map((row) => [row.marker, row]));
  const acked = outcomes.filter((o) => o.acknowledged);
  const duplicates = rows.filter((row) => row.paid > 1).length;
  const lost = acked.filter((o) => (byMarker.get(o.marker)?.paid ?? 0) !== 1).length;
  const cutOff = outcomes.filter((o) => !o.acknowledged);
  const cutOffPaid = cutOff.filter((o) => (byMarker.get(o.marker)?.paid ?? 0) > 0).length;
  check(
    acked.length > 0 && duplicates === 0 && lost === 0,
    'every acknowledged tip stored once',
    `acknowledged ${acked.length}, duplicates ${duplicates}, lost ${lost} (not acknowledged: ${cutOff.length}, of them paid anyway ${cutOffPaid})`,
  );

  // Realtime: the watched employee's acknowledged tips on each dashboard.
  const watchedAcked = acked.filter((o) => o.employeeId === watched.id && o.tipId);
  const onA = dashA.paidTipIds();
  const missingA = watchedAcked.filter((o) => !onA.has(o.tipId!)).length;
  const onB = dashB.paidTipIds();
  // B can only deliver what was paid while it lived (with a margin for the event on its way).
  const beforeKill = watchedAcked.filter((o) => o.ackAt < killedAt - 2_000);
  const missingB = beforeKill.filter((o) => !onB.has(o.tipId!)).length;
  const lbLast = lbStreams.at(-1)!;
  const onLb = new Set(lbStreams.flatMap((s) => [...s.dashboard.paidTipIds()]));
  const sinceReconnect = watchedAcked.filter((o) => o.ackAt > lbLast.openedAt + 500);
  const missingLb = sinceReconnect.filter((o) => !onLb.has(o.tipId!)).length;
  const late = (o: GuestOutcome) => `${((o.ackAt - killedAt) / 1000).toFixed(1)} s`;
  for (const o of watchedAcked.filter((x) => !onA.has(x.tipId!))) {
    out(`     not on dashboard A: tip ${o.tipId} acknowledged at kill ${late(o)}`);
  }
  check(
    missingA === 0 &&
      missingB === 0 &&
      missingLb === 0 &&
      (beforeKill.length === 0 || onB.size > 0),
    'realtime events under load',
    `${watchedAcked.length} tips for the watched employee; dashboard on A got ${watchedAcked.length - missingA}, on B (until the kill) ${beforeKill.length - missingB} of ${beforeKill.length}, through nginx ${lbStreams.length > 1 ? `reconnected ${lbStreams.length - 1}x, ` : ''}${sinceReconnect.length - missingLb} of ${sinceReconnect.length} since its last connect`,
  );
  dashA.close();
  dashB.close();
  for (const s of lbStreams) s.dashboard.close();
}

async function payoutOnBoth(c: Cluster): Promise<void> {
  c.b.start();
  await c.b.ready();
  const owner = await signIn(c, c.a.url, c.hotel.owner.email, clientAddress(9500));
  if (!owner) throw new Error('owner sign-in failed');
  const [due] = await c.db.query<{ count: number; cents: number }>(
    `SELECT count(*)::int AS count, coalesce(sum(amount_cents), 0)::int AS cents FROM tips
      WHERE business_id = $1 AND status = 'pending' AND payout_id IS NULL`,
    [c.hotel.id],
  );
  const run = async (base: string) => {
    const response = await c.client.request(base, '/api/admin/payouts', {
      method: 'POST',
      headers: { cookie: owner },
    });
    const body = (await response.json()) as { id?: string };
    return { status: response.status, batchId: body.id };
  };
  const [onA, onB] = await Promise.all([run(c.a.url), run(c.b.url)]);
  const batchIds = [onA.batchId, onB.batchId].filter((id): id is string => !!id);
  const [paid] = await c.db.query<{
    transfers: number;
    cents: number;
    simulated: number;
    simulatedCents: number;
  }>(
    `SELECT count(*)::int AS transfers,
            coalesce(sum(p.amount_cents), 0)::int AS cents,
            count(d.idempotency_key)::int AS simulated,
            coalesce(sum(d.amount_cents), 0)::int AS "simulatedCents"
       FROM payouts p LEFT JOIN demo_transfers d ON d.idempotency_key = p.idempotency_key
      WHERE p.batch_id = ANY($1::uuid[])`,
    [batchIds],
  );
  const [left] = await c.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM tips WHERE business_id = $1 AND status = 'pending'`,
    [c.hotel.id],
  );
  check(
    due!.count > 0 &&
      paid!.cents === due!.cents &&
      paid!.simulatedCents === due!.cents &&
      paid!.simulated === paid!.transfers &&
      left!.count === 0,
    'payout on both at once pays each tip once',
    `${due!.count} tips due (${(due!.cents / 100).toFixed(2)} €); A answered ${onA.status}, B answered ${onB.status}; ${paid!.transfers} transfers, paid ${(paid!.cents / 100).toFixed(2)} €, sent to the provider ${paid!.simulated}x ${(paid!.simulatedCents / 100).toFixed(2)} €; tips still unpaid ${left!.count}`,
  );
}

async function rollingRestart(c: Cluster): Promise<void> {
  const tally = new Tally();
  const reader = c.hotel.employees[2]!;
  const cookie = await signIn(c, c.lb, reader.email, clientAddress(9600));
  if (!cookie) throw new Error('reader sign-in failed');
  let running = true;
  // A reload makes the old nginx worker close its idle keep-alive connections; a request sent on
  // one at that moment fails before reaching nginx, and browsers send it again. Counted.
  c.client.resendOnClosedConnection = true;
  const outcomes: GuestOutcome[] = [];
  const loops = [0, 1, 2].map(async (n) => {
    while (running) {
      if (n === 0) {
        outcomes.push(await guestTip(c, c.lb, n, tally));
      } else {
        const read = await c.client
          .request(c.lb, '/api/employee/messages', { headers: { cookie } })
          .catch(() => null);
        tally.add(read?.status ?? 'network');
        await read?.arrayBuffer();
      }
    }
  });
  const restarted: string[] = [];
  const exits: string[] = [];
  let exitsOk = true;
  for (const instance of [c.a, c.b]) {
    const t0 = Date.now();
    await c.nginx.drain(instance.port);
    // A dashboard still connected to the instance (directly: nginx no longer sends it there).
    const viewer = await Dashboard.open(
      `stream on ${instance.name}`,
      c.client,
      instance.url,
      cookie,
    );
    await sleep(200);
    const stopped = await instance.stop();
    // The stream must have been told to reconnect before it ended.
    const deadline = Date.now() + 2_000;
    while (!viewer.ended && Date.now() < deadline) await sleep(20);
    viewer.close();
    const ok =
      stopped !== null &&
      !stopped.killed &&
      stopped.code === 0 &&
      stopped.ms <= SHUTDOWN_LIMIT_MS &&
      viewer.ended &&
      viewer.reconnectHints === 1;
    exitsOk &&= ok;
    exits.push(
      `${instance.name}: ${stopped?.killed ? 'killed after the limit' : `exit code ${stopped?.code}`}, ${((stopped?.ms ?? 0) / 1000).toFixed(2)} s after SIGTERM (open stream ${viewer.ended ? 'ended' : 'still open'}, reconnect hints ${viewer.reconnectHints})`,
    );
    instance.start();
    await instance.ready();
    await c.nginx.drain(null);
    restarted.push(`${instance.name} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  running = false;
  await Promise.all(loops);
  c.client.resendOnClosedConnection = false;
  const acked = outcomes.filter((o) => o.acknowledged).length;
  check(
    tally.errors() === 0 && acked > 0,
    'zero-downtime restart',
    `restarted ${restarted.join(', ')}; ${tally.requests} requests (${tally.summary()}), ${acked} tips acknowledged, errors ${tally.errors()}, requests resent after a closed keep-alive connection ${c.client.resent}`,
  );
  check(
    exitsOk,
    'graceful exit',
    `${exits.join('; ')} (limit ${SHUTDOWN_LIMIT_MS / 1000} s, exit code 0, the stream told to reconnect)`,
  );
}

/** PgBouncer's own figures for the cluster's database: the instances' work went through it. */
async function bouncerFigures(c: Cluster): Promise<void> {
  const [stats] = await c.bouncer.show('STATS');
  const pools = await c.bouncer.show('POOLS');
  const sum = (key: string) => pools.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  const transactions = Number(stats?.total_xact_count ?? 0);
  const clients = sum('cl_active') + sum('cl_waiting');
  const servers = sum('sv_active') + sum('sv_idle') + sum('sv_used') + sum('sv_tested');
  check(
    transactions > 1_000,
    'through PgBouncer',
    `${transactions} transactions, ${stats?.total_query_count ?? 0} statements; now ${clients} client connections on ${servers} server connections`,
  );
}

void main();
