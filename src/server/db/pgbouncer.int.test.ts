import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { signIn } from '../../../test/support/auth';
import { createTestDatabase, testDatabaseUrl, testEngine } from '../../../test/support/database';
import { createBusiness, type FactoryBusiness } from '../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../test/support/guest';
import { findPgBouncer, PgBouncer, pgBouncerVersion } from '../../../test/support/pgbouncer';
import { RealtimeHub, type TipChange } from '../features/realtime/hub';
import { type Database, openDatabase } from './connect';

/**
 * Decision 0401: the product behind PgBouncer in transaction pooling. A guest's demo payment, a
 * dashboard read and the realtime event of the payment, all through PgBouncer (statements
 * unnamed, no startup options), with LISTEN on its own direct connection.
 *
 * PostgreSQL only. Without pgbouncer installed it is skipped with a printed reason, except in CI
 * (CI=1), where .ci/run installs it and a missing binary is a failure.
 */
const binary = findPgBouncer();
const postgres = testEngine() === 'postgres';
const skipReason = !postgres
  ? 'PgBouncer test: runs on PostgreSQL only (int-postgres)'
  : !binary && !process.env.CI
    ? 'PgBouncer test skipped: pgbouncer is not installed (apt-get install -y pgbouncer)'
    : null;
if (skipReason && postgres) process.stdout.write(`${skipReason}\n`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe.skipIf(skipReason !== null)('behind PgBouncer (transaction pooling)', () => {
  let direct: Database;
  let pooled: Database;
  let bouncer: PgBouncer;
  let t: TestApp;
  let hotel: FactoryBusiness;
  let cafe: FactoryBusiness;

  beforeAll(async () => {
    if (!binary) throw new Error('pgbouncer is not installed, but CI must run this test');
    // A migrated database of its own (direct), then PgBouncer in front of it.
    direct = await createTestDatabase();
    const directUrl = testDatabaseUrl(direct);
    bouncer = new PgBouncer({
      binary,
      target: directUrl,
      port: await freePort(),
      alias: 'trinkgeld_pooled',
      // Fewer server connections than the app's pool: transactions change connections.
      poolSize: 2,
    });
    await bouncer.start();
    pooled = await openDatabase({
      url: bouncer.url,
      listenUrl: directUrl,
      poolMode: 'transaction',
      poolSize: 6,
    });
    t = await createTestApp({ database: pooled });
    hotel = await createBusiness(pooled.db, { employees: 1, points: ['person'] });
    cafe = await createBusiness(pooled.db, { employees: 1, points: ['person'] });
    process.stdout.write(
      `PgBouncer ${pgBouncerVersion(binary)} (transaction pooling) on ${new URL(bouncer.url).host}\n`,
    );
  });

  afterAll(async () => {
    await t?.close();
    await pooled?.close();
    await bouncer?.stop();
    await direct?.close();
  });

  it('refuses the direct pool mode (startup options) and runs repeated statements unnamed', async () => {
    // The reason for DATABASE_POOL_MODE: a direct-mode pool sends plan_cache_mode as a startup
    // option, which PgBouncer refuses.
    const wrong = await openDatabase({ url: bouncer.url, poolSize: 1 });
    await expect(wrong.ping()).rejects.toThrow(/unsupported startup parameter/);
    await wrong.close();

    // The same parameterised text many times over 6 client and 2 server connections: named,
    // it would be parsed on one server connection and executed on another (26000).
    const text = 'SELECT count(*)::int AS n FROM businesses WHERE id = $1';
    const runs = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        pooled.query<{ n: number }>(text, [i % 2 ? hotel.id : cafe.id], { prepared: i % 3 === 0 }),
      ),
    );
    expect(runs.every((rows) => rows[0]!.n === 1)).toBe(true);
    // Nothing was left prepared on the server connections.
    const [prepared] = await pooled.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_prepared_statements',
    );
    expect(prepared!.n).toBe(0);
  });

  it('pays a demo tip, delivers its realtime event over LISTEN and shows it to the employee', async () => {
    const anna = hotel.employees[0]!;
    const bert = cafe.employees[0]!;
    const hub = new RealtimeHub(pooled);
    await hub.start();
    const annaEvents: TipChange[] = [];
    const bertEvents: TipChange[] = [];
    hub.subscribe(anna.id, (change) => annaEvents.push(change));
    hub.subscribe(bert.id, (change) => bertEvents.push(change));
    try {
      const point = hotel.points.find((p) => p.targetId === anna.id)!;
      const tip = await startedTip(t, { code: point.uid, amountCents: 1250 });
      const paid = await decideDemoCheckout(t, tip.checkoutUrl, 'pay');
      expect(paid.statusCode).toBeLessThan(400);

      await vi.waitFor(
        () =>
          expect(annaEvents.map((e) => [e.tipId, e.status])).toContainEqual([tip.tipId, 'pending']),
        { timeout: 5_000, interval: 20 },
      );
      // The other business's employee hears nothing of it.
      expect(bertEvents).toEqual([]);

      const cookie = await signIn(t, anna.email);
      const history = await t.inject({
        method: 'GET',
        url: '/api/employee/today?from=2000-01-01T00:00:00.000Z',
        headers: { cookie },
      });
      expect(history.statusCode).toBe(200);
      expect(history.body).toContain(tip.tipId);
      const other = await t.inject({
        method: 'GET',
        url: '/api/employee/today?from=2000-01-01T00:00:00.000Z',
        headers: { cookie: await signIn(t, bert.email) },
      });
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain(tip.tipId);
    } finally {
      await hub.stop();
    }
    // PgBouncer carried the work: its own count of transactions for this database.
    const [stats] = await bouncer.show('STATS');
    expect(Number(stats!.total_xact_count)).toBeGreaterThan(10);
  });
});
