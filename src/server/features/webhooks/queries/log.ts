import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { outgoingWebhookEvents, webhookAttempts, webhookDeliveries } from '../../../db/schema';

/** A delivery as the log lists it: with its event's type and whether the body is still kept. */
export interface WebhookLogRow {
  id: string;
  eventId: string;
  type: string;
  origin: 'event' | 'replay' | 'test';
  state: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  finishedAt: Date | null;
  payloadKept: boolean;
}

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/**
 * One page of the endpoint's deliveries, newest first (the caller scoped the endpoint to its
 * business): the newest, or those older than the delivery `before`. The position is read in SQL,
 * so the comparison keeps the database's microseconds.
 */
export async function selectLogPage(
  db: Executor,
  endpointId: string,
  limit: number,
  before?: string,
): Promise<WebhookLogRow[]> {
  const older = before
    ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (SELECT d.created_at, d.id FROM webhook_deliveries d WHERE d.id = ${before})`
    : undefined;
  return db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      type: outgoingWebhookEvents.type,
      origin: webhookDeliveries.origin,
      state: webhookDeliveries.state,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      finishedAt: webhookDeliveries.finishedAt,
      payloadKept: sql<boolean>`${outgoingWebhookEvents.payload} IS NOT NULL`,
    })
    .from(webhookDeliveries)
    .innerJoin(outgoingWebhookEvents, eq(outgoingWebhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), older))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/** Whether the delivery belongs to the endpoint (a page cursor from another endpoint is refused). */
export async function deliveryOfEndpointExists(
  db: Executor,
  endpointId: string,
  deliveryId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)))
    .limit(1);
  return row !== undefined;
}

/** Every attempt of these deliveries, oldest first. */
export async function selectAttempts(
  db: Executor,
  deliveryIds: readonly string[],
): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, [...deliveryIds]))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
}

/** One delivery of the endpoint, with its event's type and body. */
export async function selectDeliveryOfEndpoint(
  db: Executor,
  endpointId: string,
  deliveryId: string,
) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      type: outgoingWebhookEvents.type,
      payload: outgoingWebhookEvents.payload,
    })
    .from(webhookDeliveries)
    .innerJoin(outgoingWebhookEvents, eq(outgoingWebhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)));
  return row ?? null;
}

/** 'Erneut senden': another delivery of the same event to the same endpoint, due now. */
export async function insertReplay(
  tx: Executor,
  eventId: string,
  endpointId: string,
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ eventId, endpointId, origin: 'replay', nextAttemptAt: now, createdAt: now })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

/** The delivery a test event made to its one endpoint. */
export async function selectDeliveryOfEvent(
  db: Executor,
  eventId: string,
  endpointId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.endpointId, endpointId)),
    );
  return row?.id ?? null;
}
