import type { Executor } from '../../db/connect';
import { recordWebhookEvent } from '../webhooks/outbox';
import { webhookPointData } from './presenter';
import { findPoint, type PointWithTarget } from './queries/points';

/**
 * `payment_point.created` for the business's webhook endpoints (decision 0650), written with the
 * executor that inserted the point, so the event exists exactly when the point does.
 */
export async function announcePointCreated(
  executor: Executor,
  point: PointWithTarget,
  now: Date,
): Promise<void> {
  await recordWebhookEvent(executor, {
    businessId: point.businessId,
    type: 'payment_point.created',
    data: webhookPointData(point),
    now,
  });
}

/** The same, for a point known by its id (the QR tools insert without reading the point back). */
export async function announcePointCreatedById(
  executor: Executor,
  businessId: string,
  id: string,
  now: Date,
): Promise<void> {
  const point = await findPoint(executor, businessId, id);
  if (point) await announcePointCreated(executor, point, now);
}
