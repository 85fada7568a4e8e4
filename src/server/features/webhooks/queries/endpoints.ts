import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { businesses, profiles, webhookEndpoints } from '../../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint with what the console shows beside it: who made it and its newest delivery. */
export type WebhookEndpointListRow = WebhookEndpointRow & {
  createdByName: string | null;
  lastDeliveryState: 'pending' | 'delivered' | 'failed' | 'cancelled' | null;
  lastDeliveryAt: Date | null;
};

const lastDeliveryState = sql<WebhookEndpointListRow['lastDeliveryState']>`(
  SELECT d.state FROM webhook_deliveries d
  WHERE d.endpoint_id = ${webhookEndpoints.id}
  ORDER BY d.created_at DESC, d.id DESC LIMIT 1)`;
const lastDeliveryAt = sql<string | null>`(
  SELECT d.created_at FROM webhook_deliveries d
  WHERE d.endpoint_id = ${webhookEndpoints.id}
  ORDER BY d.created_at DESC, d.id DESC LIMIT 1)`;

function listRowOf(row: {
  endpoint: WebhookEndpointRow;
  createdByName: string | null;
  lastDeliveryState: WebhookEndpointListRow['lastDeliveryState'];
  lastDeliveryAt: string | Date | null;
}): WebhookEndpointListRow {
  return {
    ...row.endpoint,
    createdByName: row.createdByName,
    lastDeliveryState: row.lastDeliveryState,
    // A raw subquery answers the driver's text (PostgreSQL) or a Date (PGlite).
    lastDeliveryAt: row.lastDeliveryAt === null ? null : new Date(row.lastDeliveryAt),
  };
}

function selectListRows(db: Executor) {
  return db
    .select({
      endpoint: webhookEndpoints,
      createdByName: profiles.fullName,
      lastDeliveryState,
      lastDeliveryAt,
    })
    .from(webhookEndpoints)
    .leftJoin(profiles, eq(profiles.id, webhookEndpoints.createdBy));
}

/** Every endpoint of the business, newest first (ten at most, so no pages). */
export async function selectEndpoints(
  db: Executor,
  businessId: string,
): Promise<WebhookEndpointListRow[]> {
  const rows = await selectListRows(db)
    .where(eq(webhookEndpoints.businessId, businessId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(listRowOf);
}

export async function selectEndpoint(
  db: Executor,
  businessId: string,
  id: string,
): Promise<WebhookEndpointListRow | null> {
  const [row] = await selectListRows(db).where(
    and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)),
  );
  return row ? listRowOf(row) : null;
}

/** The endpoint row alone, locked for the change the transaction makes. */
export async function lockEndpoint(
  tx: Executor,
  businessId: string,
  id: string,
): Promise<WebhookEndpointRow | null> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
    .for('update');
  return row ?? null;
}

/** Locks the business row, so two creations at once cannot both pass the limit. */
export async function lockBusiness(tx: Executor, businessId: string): Promise<void> {
  await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update');
}

export async function countEndpoints(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  tx: Executor,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [inserted] = await tx.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export async function updateEndpointRow(
  tx: Executor,
  businessId: string,
  id: string,
  change: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookEndpointRow | null> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set(change)
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the endpoint; its deliveries and their attempts go with it (ON DELETE CASCADE). */
export async function deleteEndpointRow(
  tx: Executor,
  businessId: string,
  id: string,
): Promise<WebhookEndpointRow | null> {
  const [row] = await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
    .returning();
  return row ?? null;
}
