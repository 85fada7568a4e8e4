import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { outgoingWebhookEvents, webhookDeliveries, webhookEndpoints } from '../../../db/schema';

/** The business's enabled endpoints that want `type` (or just `endpointId`, whatever it chose). */
export async function endpointsWanting(
  tx: Executor,
  input: { businessId: string; type: string; endpointId?: string },
): Promise<{ id: string }[]> {
  return tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.businessId, input.businessId),
        isNull(webhookEndpoints.disabledAt),
        input.endpointId
          ? eq(webhookEndpoints.id, input.endpointId)
          : sql`${input.type} = ANY(${webhookEndpoints.eventTypes})`,
      ),
    );
}

/** The event and one pending delivery, due now, per endpoint. */
export async function insertEventWithDeliveries(
  tx: Executor,
  input: {
    id: string;
    businessId: string;
    type: string;
    payload: string;
    now: Date;
    endpointIds: string[];
    origin: 'event' | 'test';
  },
): Promise<void> {
  await tx.insert(outgoingWebhookEvents).values({
    id: input.id,
    businessId: input.businessId,
    type: input.type,
    payload: input.payload,
    createdAt: input.now,
  });
  await tx.insert(webhookDeliveries).values(
    input.endpointIds.map((endpointId) => ({
      eventId: input.id,
      endpointId,
      nextAttemptAt: input.now,
      origin: input.origin,
      createdAt: input.now,
    })),
  );
}
