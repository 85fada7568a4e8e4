import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../../db/connect';
import {
  businesses,
  outgoingWebhookEvents,
  profiles,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../db/schema';

/** A delivery the worker claimed, with what its attempt needs. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  /** This attempt's number (1 for the first); the claim counted it. */
  attempt: number;
  endpointId: string;
  businessId: string;
  url: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  endpointDisabled: boolean;
  payload: string | null;
}

/**
 * Claims up to `limit` due deliveries (decision 0650) in one statement: rows locked with
 * FOR UPDATE SKIP LOCKED, so two instances never take the same one, counted as an attempt and
 * leased until `leaseUntil`. A worker that dies before recording the attempt leaves the row
 * pending; once the lease has passed any instance claims it again.
 */
export async function claimDueDeliveries(
  database: Database,
  input: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedDelivery[]> {
  const rows = await database.query<{
    id: string;
    event_id: string;
    attempts: number;
    endpoint_id: string;
    business_id: string;
    url: string;
    secret_sealed: string;
    previous_secret_sealed: string | null;
    previous_secret_expires_at: Date | string | null;
    disabled_at: Date | string | null;
    payload: string | null;
  }>(
    `WITH due AS (
       SELECT id FROM webhook_deliveries
        WHERE state = 'pending' AND next_attempt_at <= $1
        ORDER BY next_attempt_at
        LIMIT $3
        FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE webhook_deliveries d
          SET attempts = d.attempts + 1, next_attempt_at = $2
         FROM due WHERE d.id = due.id
       RETURNING d.id, d.event_id, d.endpoint_id, d.attempts
     )
     SELECT c.id, c.event_id, c.attempts, c.endpoint_id, e.business_id, e.url, e.secret_sealed,
            e.previous_secret_sealed, e.previous_secret_expires_at, e.disabled_at, v.payload
       FROM claimed c
       JOIN webhook_endpoints e ON e.id = c.endpoint_id
       JOIN outgoing_webhook_events v ON v.id = c.event_id`,
    [input.now.toISOString(), input.leaseUntil.toISOString(), input.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    attempt: Number(row.attempts),
    endpointId: row.endpoint_id,
    businessId: row.business_id,
    url: row.url,
    secretSealed: row.secret_sealed,
    previousSecretSealed: row.previous_secret_sealed,
    previousSecretExpiresAt:
      row.previous_secret_expires_at === null ? null : new Date(row.previous_secret_expires_at),
    endpointDisabled: row.disabled_at !== null,
    payload: row.payload,
  }));
}

/**
 * The common case in one statement: the claim still holds, the attempt arrived. Marks the
 * delivery delivered, keeps the attempt and clears the endpoint's failing mark; false when the
 * claim was lost meanwhile (nothing written then).
 */
export async function recordDelivered(
  database: Database,
  input: {
    deliveryId: string;
    attempt: number;
    endpointId: string;
    attemptedAt: Date;
    at: Date;
    status: number;
    durationMs: number;
    responseExcerpt: string;
  },
): Promise<boolean> {
  const rows = await database.query<{ n: number }>(
    `WITH done AS (
       UPDATE webhook_deliveries
          SET state = 'delivered', next_attempt_at = NULL, finished_at = $3
        WHERE id = $1 AND state = 'pending' AND attempts = $2
       RETURNING id
     ), kept AS (
       INSERT INTO webhook_attempts (delivery_id, attempted_at, status, duration_ms, response_excerpt)
       SELECT id, $4, $5, $6, $7 FROM done
     ), cleared AS (
       UPDATE webhook_endpoints SET failing_since = NULL, updated_at = $3
        WHERE id = $8 AND failing_since IS NOT NULL AND EXISTS (SELECT 1 FROM done)
     )
     SELECT count(*)::int AS n FROM done`,
    [
      input.deliveryId,
      input.attempt,
      input.at.toISOString(),
      input.attemptedAt.toISOString(),
      input.status,
      input.durationMs,
      input.responseExcerpt,
      input.endpointId,
    ],
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * Seals an endpoint's secret again under the current server secret (a SESSION_SECRET rotation
 * runs); only while the row still holds the value that was opened.
 */
export async function resealEndpointSecret(
  db: Executor,
  input: { endpointId: string; column: 'current' | 'previous'; was: string; sealed: string },
): Promise<void> {
  const column =
    input.column === 'current'
      ? webhookEndpoints.secretSealed
      : webhookEndpoints.previousSecretSealed;
  await db
    .update(webhookEndpoints)
    .set(
      input.column === 'current'
        ? { secretSealed: input.sealed }
        : { previousSecretSealed: input.sealed },
    )
    .where(and(eq(webhookEndpoints.id, input.endpointId), eq(column, input.was)));
}

/** The claim still holds: pending with the attempt count this worker claimed. */
function stillClaimed(deliveryId: string, attempt: number) {
  return and(
    eq(webhookDeliveries.id, deliveryId),
    eq(webhookDeliveries.state, 'pending'),
    eq(webhookDeliveries.attempts, attempt),
  );
}

/** Locks a claimed delivery for recording; false when the claim was lost meanwhile. */
export async function lockClaim(tx: Tx, deliveryId: string, attempt: number): Promise<boolean> {
  const rows = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(stillClaimed(deliveryId, attempt))
    .for('update');
  return rows.length > 0;
}

export async function insertAttempt(
  tx: Executor,
  attempt: {
    deliveryId: string;
    attemptedAt: Date;
    status: number | null;
    durationMs: number;
    responseExcerpt: string;
    error: string | null;
  },
): Promise<void> {
  await tx.insert(webhookAttempts).values(attempt);
}

/**
 * Moves a claimed delivery on (delivered, failed, cancelled, or pending again at `nextAttemptAt`);
 * false when the claim was lost meanwhile (its lease passed and another worker took it).
 */
export async function settleDelivery(
  tx: Executor,
  input: {
    deliveryId: string;
    attempt: number;
    state: 'pending' | 'delivered' | 'failed' | 'cancelled';
    nextAttemptAt: Date | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({
      state: input.state,
      nextAttemptAt: input.state === 'pending' ? input.nextAttemptAt : null,
      finishedAt: input.state === 'pending' ? null : input.at,
    })
    .where(stillClaimed(input.deliveryId, input.attempt))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** Gives a claim back untried (the worker is stopping): due at once, the attempt not counted. */
export async function releaseClaim(
  tx: Executor,
  input: { deliveryId: string; attempt: number; at: Date },
): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ attempts: input.attempt - 1, nextAttemptAt: input.at })
    .where(stillClaimed(input.deliveryId, input.attempt));
}

/** The endpoint accepted an attempt: it is no longer failing. */
export async function clearFailing(tx: Executor, endpointId: string, at: Date): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: null, updatedAt: at })
    .where(and(eq(webhookEndpoints.id, endpointId), isNotNull(webhookEndpoints.failingSince)));
}

/** The endpoint failed an attempt: failing since then unless it was already; returns since when. */
export async function markFailing(tx: Executor, endpointId: string, at: Date): Promise<Date> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? at;
}

/**
 * Disables an enabled endpoint; false when it was disabled already (so only one worker tells
 * the owner).
 */
export async function disableEndpoint(
  tx: Executor,
  input: { endpointId: string; reason: 'gone' | 'failing'; at: Date },
): Promise<{ url: string; businessId: string; failingSince: Date | null } | null> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: input.at, disabledReason: input.reason, updatedAt: input.at })
    .where(and(eq(webhookEndpoints.id, input.endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({
      url: webhookEndpoints.url,
      businessId: webhookEndpoints.businessId,
      failingSince: webhookEndpoints.failingSince,
    });
  return row ?? null;
}

/**
 * Cancels an endpoint's pending deliveries (it was disabled); returns how many. Rows another
 * worker is recording right now are skipped, not waited for (that would deadlock with it on the
 * endpoint's row): their next claim finds the endpoint disabled and cancels them.
 */
export async function cancelPendingDeliveries(
  tx: Executor,
  endpointId: string,
  at: Date,
): Promise<number> {
  const pending = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending')),
    )
    .for('update', { skipLocked: true });
  if (pending.length === 0) return 0;
  const rows = await tx
    .update(webhookDeliveries)
    .set({ state: 'cancelled', nextAttemptAt: null, finishedAt: at })
    .where(
      and(
        inArray(
          webhookDeliveries.id,
          pending.map((row) => row.id),
        ),
        eq(webhookDeliveries.state, 'pending'),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** The business's active owners and its name, for the mail that an endpoint was disabled. */
export async function endpointOwners(tx: Executor, businessId: string) {
  const [business] = await tx
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const owners = await tx
    .select({ email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(profiles.businessId, businessId),
        eq(profiles.role, 'business_owner'),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(asc(users.email));
  return { businessName: business?.name ?? '', owners };
}

/**
 * The deliveries due at `now` that no worker is sending (a claim moves a delivery's due time to
 * its lease's end), and since when the longest-waiting one is due: the metrics' backlog.
 */
export async function dueDeliveryBacklog(
  db: Executor,
  now: Date,
): Promise<{ due: number; oldestDueAt: Date | null }> {
  const [row] = await db
    .select({
      due: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${webhookDeliveries.nextAttemptAt})`,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)));
  return { due: row?.due ?? 0, oldestDueAt: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Retention (RETENTION_PROVIDER_PAYLOAD_DAYS, decision 0650): events older than `before` lose
 * their payload, their attempts' answers are emptied, their finished deliveries go, and so do
 * the events left without any delivery.
 */
export async function forgetOldWebhookPayloads(tx: Executor, before: Date) {
  const events = await tx
    .update(outgoingWebhookEvents)
    .set({ payload: null })
    .where(
      and(lt(outgoingWebhookEvents.createdAt, before), isNotNull(outgoingWebhookEvents.payload)),
    )
    .returning({ id: outgoingWebhookEvents.id });
  const excerpts = await tx
    .update(webhookAttempts)
    .set({ responseExcerpt: '' })
    .where(
      and(lt(webhookAttempts.attemptedAt, before), sql`${webhookAttempts.responseExcerpt} <> ''`),
    )
    .returning({ id: webhookAttempts.id });
  const deliveries = await tx
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.state, ['delivered', 'failed', 'cancelled']),
        lt(webhookDeliveries.finishedAt, before),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  // An old event none of whose deliveries is left has nothing more to show or send.
  const emptied = await tx
    .delete(outgoingWebhookEvents)
    .where(
      and(
        lt(outgoingWebhookEvents.createdAt, before),
        sql`NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} WHERE ${webhookDeliveries.eventId} = ${outgoingWebhookEvents.id})`,
      ),
    )
    .returning({ id: outgoingWebhookEvents.id });
  return {
    payloads: events.length,
    excerpts: excerpts.length,
    deliveries: deliveries.length,
    events: emptied.length,
  };
}
