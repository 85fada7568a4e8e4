import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { testEngine } from '../../../test/support/database';
import { createBusiness } from '../../../test/support/factories';
import { RealtimeHub } from '../features/realtime/hub';
import { publishTipChangesInTransaction } from '../features/tip-lifecycle/events';
import { paymentEntrypoints, profiles } from './schema';

/**
 * A PostgreSQL restart ends every connection with 57P01; an earlier probe
 * saw the process die on that unhandled connection error. Only this app's own connections are
 * ended here (found by their backend ids), never other users' of the shared test database.
 */
describe.skipIf(testEngine() !== 'postgres')('losing database connections (57P01)', () => {
  let t: TestApp;
  let admin: pg.Client;
  let code: string;

  beforeAll(async () => {
    t = await createTestApp();
    code = (await createBusiness(t.database.db, { points: ['person'] })).points[0]!.uid;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  it('neither crashes nor answers 500 when busy and idle connections are terminated, and recovers', async () => {
    const marker = `h15_connection_loss_${Date.now()}`;
    // Several pooled connections, idle afterwards, whose backend ids we know.
    const idle = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.1)', []),
      ),
    );
    const busy = t.database.query(`SELECT pg_sleep(5), '${marker}'`, []).then(
      () => 'finished',
      (error: unknown) => (error as { code?: string }).code ?? 'failed',
    );
    const busyPid = await vi.waitFor(
      async () => {
        const found = await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE query LIKE '%' || $1 || '%' AND pid <> pg_backend_pid()",
          [marker],
        );
        expect(found.rows[0]?.pid).toBeDefined();
        return found.rows[0]!.pid;
      },
      { timeout: 2_500, interval: 50 },
    );
    const pids = [...new Set([...idle.map((rows) => rows[0]!.pid), busyPid])];
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);

    expect(await busy).toBe('57P01');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await t.inject({
        method: 'GET',
        url: `/api/guest/codes/${code}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
  });

  it('loses no change when the LISTEN connection is terminated: the guest cache reads the database and live updates resume', async () => {
    const lookup = async () =>
      (await t.inject({ method: 'GET', url: `/api/guest/codes/${code}` })).body;
    // Filled and answered from memory.
    await lookup();
    await lookup();
    const [point] = await t.database.db
      .select({ personId: paymentEntrypoints.targetId })
      .from(paymentEntrypoints)
      .where(eq(paymentEntrypoints.uid, code));
    const hub = new RealtimeHub(t.database);
    await hub.start();
    const heard: string[] = [];
    const stop = hub.subscribe(point!.personId, (change) => heard.push(change.tipId));
    try {
      // The LISTEN connection's last statement names a channel only this test listens on.
      const probe = `h16_listen_loss_${Date.now()}`;
      const unlisten = await t.database.listen(probe, () => {});
      const [found] = (
        await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN %' || $1 || '%'",
          [probe],
        )
      ).rows;
      expect(found).toBeDefined();
      await admin.query('SELECT pg_terminate_backend($1)', [found!.pid]);

      // A change committed while nobody of this instance listens is still shown at once.
      const jobTitle = `Nach dem Abbruch ${Date.now()}`;
      await t.database.db
        .update(profiles)
        .set({ jobTitle })
        .where(eq(profiles.id, point!.personId));
      expect(await lookup()).toContain(jobTitle);

      // Live updates resume once the connection is back (re-opened with backoff from 0.5 s).
      const tipId = '99999999-9999-4999-8999-999999999999';
      // Published again on each try: one sent while nobody listened is lost, by design.
      await vi.waitFor(
        async () => {
          await t.database.db.transaction((tx) =>
            publishTipChangesInTransaction(tx, t.database, [
              {
                tipId,
                status: 'pending',
                employeeIds: [point!.personId],
                teamId: null,
                businessId: '77777777-7777-4777-8777-777777777777',
              },
            ]),
          );
          await t.database.syncNotifications().catch(() => {});
          expect(heard).toContain(tipId);
        },
        { timeout: 15_000, interval: 200 },
      );
      await unlisten();
    } finally {
      stop();
      await hub.stop();
    }
  });
});
