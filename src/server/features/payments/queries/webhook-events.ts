import { and, eq, sql } from 'drizzle-orm';
import type { PaymentProviderName } from '../../../../shared/domain/tips';
import type { Database, Executor } from '../../../db/connect';
import type { Statement } from '../../../db/statement';
import { rowsOf } from '../../../db/statement';
import { webhookEvents } from '../../../db/schema';

/** A provider event as it is stored. */
export interface StoredEvent {
  provider: PaymentProviderName;
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Stores the event as processed, or marks a stored one processed; says whether it was stored
 * before (a duplicate). `withoutFlush` also lets the transaction it runs in commit without
 * waiting for the disk (decision 0281), in the same round trip.
 */
export async function storeProcessedEvent(
  executor: Executor,
  event: StoredEvent,
  at: Date,
  options: { withoutFlush?: boolean } = {},
): Promise<boolean> {
  const now = at.toISOString();
  const result = await executor.execute(sql`
    INSERT INTO webhook_events AS w (provider, event_id, type, payload, received_at, processed_at)
    SELECT ${event.provider}, ${event.id}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
           ${now}::timestamptz, ${now}::timestamptz
      FROM (SELECT ${
        options.withoutFlush ? sql`set_config('synchronous_commit', 'off', true)` : sql`NULL`
      }) AS durability
    ON CONFLICT (provider, event_id) DO UPDATE SET
      processed_at = coalesce(w.processed_at, EXCLUDED.processed_at), error = NULL
    RETURNING (xmax = 0) AS inserted`);
  const [row] = rowsOf<{ inserted: boolean }>(result);
  return !row?.inserted;
}

/** Stores the event with the error that stopped it, or sets that error on the stored one. */
export async function storeFailedEvent(
  db: Executor,
  event: StoredEvent,
  receivedAt: Date,
  error: string,
): Promise<void> {
  await db
    .insert(webhookEvents)
    .values({
      provider: event.provider,
      eventId: event.id,
      type: event.type,
      payload: event.payload,
      receivedAt,
      error,
    })
    .onConflictDoUpdate({
      target: [webhookEvents.provider, webhookEvents.eventId],
      set: { error },
    });
}

/** Runs the one-statement settlement of a paid checkout (decision 0283); its one row or null. */
export async function runStatement<T>(
  database: Pick<Database, 'query'>,
  statement: Statement,
): Promise<T | null> {
  const [row] = await database.query<T>(statement.text, statement.values, { prepared: true });
  return row ?? null;
}

/**
 * One round trip stores a new event or says whether a stored one was processed already.
 */
export async function storeReceivedEvent(
  database: Pick<Database, 'query'>,
  event: StoredEvent,
  receivedAt: Date,
): Promise<{ inserted: boolean; processed_at: Date | null } | undefined> {
  const [stored] = await database.query<{ inserted: boolean; processed_at: Date | null }>(
    `WITH stored AS (
       INSERT INTO webhook_events (provider, event_id, type, payload, received_at)
       VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz)
       ON CONFLICT (provider, event_id) DO NOTHING
       RETURNING id)
     SELECT EXISTS (SELECT 1 FROM stored) AS inserted,
       (SELECT processed_at FROM webhook_events WHERE provider = $1 AND event_id = $2) AS processed_at`,
    [event.provider, event.id, event.type, JSON.stringify(event.payload), receivedAt.toISOString()],
  );
  return stored;
}

const storedEvent = (event: Pick<StoredEvent, 'provider' | 'id'>) =>
  and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.id));

export async function markEventProcessed(
  executor: Executor,
  event: Pick<StoredEvent, 'provider' | 'id'>,
  at: Date,
): Promise<void> {
  await executor
    .update(webhookEvents)
    .set({ processedAt: at, error: null })
    .where(storedEvent(event));
}

export async function setEventError(
  db: Executor,
  event: Pick<StoredEvent, 'provider' | 'id'>,
  error: string,
): Promise<void> {
  await db.update(webhookEvents).set({ error }).where(storedEvent(event));
}
