import { randomUUID } from 'node:crypto';
import type { Executor } from '../../src/server/db/connect';
import {
  instanceHeartbeats,
  outboxEmails,
  paymentSessions,
  webhookEvents,
} from '../../src/server/db/schema';
import type {
  StoredJobs,
  StoredReconciliation,
} from '../../src/server/features/system-status/stored';
import { uniqueSuffix } from './factories';

/**
 * Rows the platform status view reads (decision 0404), made the way the running parts would
 * leave them: a heartbeat of another instance, provider events, outbox mails, payment sessions.
 */

export interface HeartbeatOptions {
  instanceId?: string;
  hostName?: string;
  version?: string;
  startedAt: Date;
  lastSeenAt: Date;
  stoppedAt?: Date | null;
  jobs?: StoredJobs;
  reconciliation?: StoredReconciliation | null;
}

/** One instance's heartbeat row, as its own heartbeat would have written it. */
export async function createHeartbeat(db: Executor, options: HeartbeatOptions) {
  const [row] = await db
    .insert(instanceHeartbeats)
    .values({
      instanceId: options.instanceId ?? randomUUID(),
      hostName: options.hostName ?? `host-${uniqueSuffix()}`,
      version: options.version ?? '0.1.0',
      startedAt: options.startedAt,
      lastSeenAt: options.lastSeenAt,
      stoppedAt: options.stoppedAt ?? null,
      jobs: options.jobs ?? {},
      reconciliation: options.reconciliation ?? null,
    })
    .returning();
  return row!;
}

/** A provider event as stored on arrival; unprocessed unless `processedAt` is given. */
export async function createWebhookEvent(
  db: Executor,
  options: { receivedAt: Date; processedAt?: Date | null; error?: string | null },
) {
  const [row] = await db
    .insert(webhookEvents)
    .values({
      provider: 'stripe',
      eventId: `evt_test_${uniqueSuffix()}${uniqueSuffix()}`,
      type: 'checkout.session.completed',
      payload: {},
      receivedAt: options.receivedAt,
      processedAt: options.processedAt ?? null,
      error: options.error ?? null,
    })
    .returning();
  return row!;
}

/** An outbox mail in the given state (the address is a test domain's). */
export async function createOutboxMail(
  db: Executor,
  options: { status: 'pending' | 'sent' | 'failed' | 'console'; createdAt: Date },
) {
  const done = options.status === 'sent' || options.status === 'console';
  const [row] = await db
    .insert(outboxEmails)
    .values({
      toAddress: `empfang-${uniqueSuffix()}@test.local`,
      subject: 'Test',
      textBody: 'Test',
      status: options.status,
      attempts: options.status === 'pending' ? 0 : 1,
      lastError: options.status === 'failed' ? 'SMTP: connection refused' : null,
      createdAt: options.createdAt,
      sentAt: done ? options.createdAt : null,
    })
    .returning();
  return row!;
}

/** A payment session of `tipId` at the provider, open unless told otherwise. */
export async function createPaymentSession(
  db: Executor,
  options: { tipId: string; createdAt: Date; status?: 'open' | 'completed' | 'expired' },
) {
  const [row] = await db
    .insert(paymentSessions)
    .values({
      tipId: options.tipId,
      provider: 'demo',
      providerSessionId: `demo_${uniqueSuffix()}`,
      status: options.status ?? 'open',
      amountCents: 1000,
      idempotencyKey: `test-${randomUUID()}`,
      expiresAt: new Date(options.createdAt.getTime() + 5 * 60_000),
      createdAt: options.createdAt,
    })
    .returning();
  return row!;
}
