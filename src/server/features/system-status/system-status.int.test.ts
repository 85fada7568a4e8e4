import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import {
  createHeartbeat,
  createOutboxMail,
  createPaymentSession,
  createWebhookEvent,
} from '../../../../test/support/system-factories';
import type { SystemStatus } from '../../../shared/api/system-status';
import { writeBackup } from '../../db/backup';
import { instanceHeartbeats } from '../../db/schema';
import { JobRuns } from '../../lib/job-runs';
import { HEARTBEAT_RETENTION_MS, newInstanceIdentity, startInstanceHeartbeat } from './heartbeat';

/**
 * The platform admin's status view (decision 0404) on its own rows: two
 * businesses whose owners are refused, heartbeats of several instances, provider events, outbox
 * mails and payment sessions made here, and a real heartbeat driven by JobRuns.
 */

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let adminCookie: string;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 1 });
  cafe = await createBusiness(t.database.db, { employees: 1 });
  adminCookie = await signIn(t, (await createPlatformAdmin(t.database.db)).email);
});
afterAll(async () => {
  await t.close();
});

const status = (cookie?: string) =>
  t.inject({
    method: 'GET',
    url: '/api/admin/system',
    headers: cookie ? { cookie } : {},
  });

async function read(): Promise<SystemStatus> {
  const response = await status(adminCookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SystemStatus>();
}

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

describe('GET /api/admin/system: who may read it', () => {
  it('refuses the owners and employees of both businesses in German, and asks strangers to sign in', async () => {
    for (const email of [
      hotel.owner.email,
      cafe.owner.email,
      hotel.employees[0]!.email,
      cafe.employees[0]!.email,
    ]) {
      const response = await status(await signIn(t, email));
      expect(response.statusCode, email).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'system_status_operator_only',
        message: 'Nur der Plattform-Administrator sieht den Systemstatus.',
      });
    }
    expect((await status()).statusCode).toBe(401);
  });
});

describe('GET /api/admin/system: what the platform admin sees', () => {
  it('lists the instances that reported, running, stopped and missing, with their job runs summed', async () => {
    const before = await read();
    const a = await createHeartbeat(t.database.db, {
      hostName: 'app-a',
      version: '0.1.0',
      startedAt: ago(60 * MINUTE),
      lastSeenAt: ago(10_000),
      jobs: {
        payouts: {
          lastStartedAt: ago(3 * MINUTE).toISOString(),
          lastSucceededAt: null,
          lastFailedAt: ago(3 * MINUTE).toISOString(),
          lastError: 'Error: provider refused the transfer for [E-Mail]',
          failures: 2,
          runs: 4,
        },
        'payment-expiry': {
          lastStartedAt: ago(20_000).toISOString(),
          lastSucceededAt: ago(20_000).toISOString(),
          lastFailedAt: null,
          lastError: null,
          failures: 0,
          runs: 200,
        },
      },
      reconciliation: {
        lastRunAt: ago(40_000).toISOString(),
        lastChecked: 3,
        lastSettled: 1,
        lastFailed: 0,
        totalChecked: 10,
        totalSettled: 4,
        totalFailed: 1,
      },
    });
    const b = await createHeartbeat(t.database.db, {
      hostName: 'app-b',
      version: '0.2.0',
      startedAt: ago(5 * MINUTE),
      lastSeenAt: ago(5_000),
      jobs: {
        payouts: {
          lastStartedAt: ago(4 * MINUTE).toISOString(),
          lastSucceededAt: ago(4 * MINUTE).toISOString(),
          lastFailedAt: null,
          lastError: null,
          failures: 0,
          runs: 1,
        },
      },
      reconciliation: {
        lastRunAt: ago(10_000).toISOString(),
        lastChecked: 2,
        lastSettled: 0,
        lastFailed: 2,
        totalChecked: 2,
        totalSettled: 0,
        totalFailed: 2,
      },
    });
    const gone = await createHeartbeat(t.database.db, {
      hostName: 'app-old',
      startedAt: ago(3 * 60 * MINUTE),
      lastSeenAt: ago(10 * MINUTE),
    });
    const stopped = await createHeartbeat(t.database.db, {
      hostName: 'app-stopped',
      startedAt: ago(2 * 60 * MINUTE),
      lastSeenAt: ago(30 * MINUTE),
      stoppedAt: ago(30 * MINUTE),
    });
    // Older than the retention: no longer listed (its row waits for the next prune).
    await createHeartbeat(t.database.db, {
      hostName: 'app-ancient',
      startedAt: ago(HEARTBEAT_RETENTION_MS + 60 * MINUTE),
      lastSeenAt: ago(HEARTBEAT_RETENTION_MS + MINUTE),
    });

    const seen = await read();
    const byHost = new Map(seen.instances.map((instance) => [instance.hostName, instance]));
    expect(seen.instances).toHaveLength(before.instances.length + 4);
    expect(byHost.get('app-a')).toMatchObject({
      id: a.instanceId,
      version: '0.1.0',
      state: 'running',
      startedAt: a.startedAt.toISOString(),
      current: false,
    });
    expect(byHost.get('app-b')).toMatchObject({
      id: b.instanceId,
      version: '0.2.0',
      state: 'running',
    });
    expect(byHost.get('app-old')).toMatchObject({ id: gone.instanceId, state: 'missing' });
    expect(byHost.get('app-stopped')).toMatchObject({
      id: stopped.instanceId,
      state: 'stopped',
      stoppedAt: stopped.stoppedAt!.toISOString(),
    });
    expect(byHost.has('app-ancient')).toBe(false);
    // Newest first.
    expect(seen.instances[0]!.hostName).toBe('app-b');

    const payouts = seen.jobs.find((job) => job.job === 'payouts')!;
    // b's success (4 min ago) is older than a's failure (3 min ago): the newest run failed.
    expect(payouts).toMatchObject({
      state: 'failing',
      lastFailedAt: ago(3 * MINUTE).toISOString(),
      lastSucceededAt: ago(4 * MINUTE).toISOString(),
      lastError: 'Error: provider refused the transfer for [E-Mail]',
      failures: 2,
      runs: 5,
    });
    expect(seen.jobs.find((job) => job.job === 'payment-expiry')).toMatchObject({
      state: 'ok',
      failures: 0,
    });
    expect(seen.jobs.find((job) => job.job === 'auth-cleanup')!.state).toBe('never');
    expect(seen.reconciliation).toMatchObject({
      lastRunAt: ago(10_000).toISOString(),
      lastChecked: 2,
      lastFailed: 2,
      totalChecked: 12,
      totalSettled: 4,
      totalFailed: 3,
    });
    expect(seen.payments.mode).toBe('demo');
    expect(seen.database).toMatchObject({ reachable: true, engine: t.database.engine });
    expect(seen.database.sizeBytes).toBeGreaterThan(0);
    // Nothing of a business is in it.
    for (const name of [hotel.name, cafe.name, hotel.owner.email, cafe.owner.email]) {
      expect(JSON.stringify(seen)).not.toContain(name);
    }
  });

  it('counts the webhook backlog, stale checkouts and the outbox', async () => {
    const before = await read();
    await createWebhookEvent(t.database.db, { receivedAt: ago(7 * MINUTE) });
    await createWebhookEvent(t.database.db, {
      receivedAt: ago(2 * MINUTE),
      error: 'settlement failed',
    });
    await createWebhookEvent(t.database.db, { receivedAt: ago(MINUTE), processedAt: ago(MINUTE) });
    await createOutboxMail(t.database.db, { status: 'pending', createdAt: ago(9 * MINUTE) });
    await createOutboxMail(t.database.db, { status: 'pending', createdAt: ago(MINUTE) });
    await createOutboxMail(t.database.db, { status: 'failed', createdAt: ago(MINUTE) });
    await createOutboxMail(t.database.db, { status: 'sent', createdAt: ago(MINUTE) });
    const tip = await createTip(t.database.db, { businessId: hotel.id, status: 'initiated' });
    await createPaymentSession(t.database.db, { tipId: tip.id, createdAt: ago(5 * MINUTE) });
    const fresh = await createTip(t.database.db, { businessId: cafe.id, status: 'initiated' });
    await createPaymentSession(t.database.db, { tipId: fresh.id, createdAt: ago(30_000) });

    const seen = await read();
    expect(seen.webhooks!.unprocessed - before.webhooks!.unprocessed).toBe(2);
    expect(seen.webhooks!.withError - before.webhooks!.withError).toBe(1);
    if (before.webhooks!.unprocessed === 0) {
      expect(seen.webhooks!.oldestUnprocessedAt).toBe(ago(7 * MINUTE).toISOString());
    }
    expect(seen.mail!.pending - before.mail!.pending).toBe(2);
    expect(seen.mail!.failed - before.mail!.failed).toBe(1);
    if (before.mail!.pending === 0) {
      expect(seen.mail!.oldestPendingAt).toBe(ago(9 * MINUTE).toISOString());
    }
    // Only the checkout open longer than reconciliation's two minutes waits for it.
    expect(
      seen.reconciliation!.staleOpenCheckouts - before.reconciliation!.staleOpenCheckouts,
    ).toBe(1);
  });
});

describe('the instance heartbeat', () => {
  it('reports its job runs, prunes rows past the retention and marks a graceful stop', async () => {
    const ancient = await createHeartbeat(t.database.db, {
      hostName: 'app-prune-me',
      startedAt: ago(HEARTBEAT_RETENTION_MS + 2 * 60 * MINUTE),
      lastSeenAt: ago(HEARTBEAT_RETENTION_MS + MINUTE),
    });
    const jobRuns = new JobRuns(t.clock);
    const warnings: unknown[] = [];
    const identity = newInstanceIdentity(t.clock);
    const heartbeat = startInstanceHeartbeat(
      {
        database: t.database,
        clock: t.clock,
        jobRuns,
        log: { warn: (...args: unknown[]) => warnings.push(args) },
      },
      identity,
      { intervalMs: 60 * MINUTE },
    );
    await heartbeat.ready;
    const pruned = await t.database.db
      .select()
      .from(instanceHeartbeats)
      .where(eq(instanceHeartbeats.instanceId, ancient.instanceId));
    expect(pruned).toEqual([]);

    await jobRuns.observe('auth-cleanup', async () => undefined);
    await expect(
      jobRuns.observe('auth-cleanup', async () => {
        throw new Error('could not mail gast@example.org\n    at somewhere (file.ts:1:1)');
      }),
    ).rejects.toThrow();
    heartbeat.recordReconciliation({ checked: 5, settled: 2, failed: 0 });
    t.clock.advance(15_000);
    await heartbeat.beat();

    const seen = await read();
    const mine = seen.instances.find((instance) => instance.id === identity.instanceId)!;
    expect(mine).toMatchObject({
      state: 'running',
      hostName: identity.hostName,
      startedAt: identity.startedAt.toISOString(),
      lastSeenAt: t.clock.now().toISOString(),
    });
    expect(mine.version).toMatch(/^\d+\.\d+\.\d+/);
    const cleanup = seen.jobs.find((job) => job.job === 'auth-cleanup')!;
    expect(cleanup).toMatchObject({ state: 'failing', failures: 1, runs: 2 });
    // The first line only, and no address.
    expect(cleanup.lastError).toBe('Error: could not mail [E-Mail]');

    t.clock.advance(5_000);
    await heartbeat.stop();
    const after = await read();
    expect(after.instances.find((instance) => instance.id === identity.instanceId)).toMatchObject({
      state: 'stopped',
      stoppedAt: t.clock.now().toISOString(),
    });
    expect(warnings).toEqual([]);
  });

  it('answers with a new random id per start', () => {
    const one = newInstanceIdentity(t.clock);
    const two = newInstanceIdentity(t.clock);
    expect(one.instanceId).not.toBe(two.instanceId);
    expect(one.instanceId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/admin/system: what "läuft" and the last backup say', () => {
  it('counts running instances against those expected to run: a cleanly stopped one is not down', async () => {
    const before = (await read()).instanceSummary;
    await createHeartbeat(t.database.db, {
      startedAt: ago(60 * MINUTE),
      lastSeenAt: ago(10_000),
    });
    await createHeartbeat(t.database.db, {
      startedAt: ago(120 * MINUTE),
      lastSeenAt: ago(61 * MINUTE),
      stoppedAt: ago(61 * MINUTE),
    });
    const after = (await read()).instanceSummary;
    expect(after).toEqual({
      running: before.running + 1,
      expected: before.expected + 1,
      missing: before.missing,
    });

    // One that stopped answering without saying so is expected and missing.
    await createHeartbeat(t.database.db, {
      startedAt: ago(90 * MINUTE),
      lastSeenAt: ago(30 * MINUTE),
    });
    expect((await read()).instanceSummary).toEqual({
      running: before.running + 1,
      expected: before.expected + 2,
      missing: before.missing + 1,
    });
  });

  it("shows the last backup's time and size once `npm run backup` wrote one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-status-backup-'));
    try {
      expect((await read()).lastBackup).toBeNull();
      const file = path.join(dir, 'erste.trinkgeld-backup');
      await writeBackup(t.database, file, {
        secret: 'status-backup-secret-0123456789abcdef',
        now: () => t.clock.now(),
      });
      t.clock.advance(MINUTE);
      const second = path.join(dir, 'zweite.trinkgeld-backup');
      await writeBackup(t.database, second, {
        secret: 'status-backup-secret-0123456789abcdef',
        now: () => t.clock.now(),
      });
      expect((await read()).lastBackup).toEqual({
        finishedAt: t.clock.now().toISOString(),
        bytes: statSync(second).size,
        fileName: 'zweite.trinkgeld-backup',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
