import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/connect';
import { endpointsWanting, insertEventWithDeliveries } from './queries/outbox';
import type { WebhookEventType } from '../../../shared/api/webhooks';

/** A `webhook-id`: unique per event, kept across every attempt and replay of it. */
export function newWebhookEventId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

export interface WebhookEventInput {
  businessId: string;
  type: WebhookEventType | 'webhook.test';
  /** The announced object as the business API presents it (amounts in integer cents). */
  data: Record<string, unknown>;
  now: Date;
  /** Only this endpoint ('Testereignis senden'); otherwise every enabled endpoint that chose the type. */
  endpointId?: string;
}

/**
 * Writes an event to the outbox, and one pending delivery per endpoint that wants it, inside the
 * caller's transaction (decision 0650): the event exists exactly when the change it announces
 * committed. The body is fixed here, so every attempt and replay sends the same bytes.
 */
export async function recordWebhookEvent(tx: Executor, event: WebhookEventInput) {
  const id = newWebhookEventId();
  const payload = JSON.stringify({
    type: event.type,
    timestamp: event.now.toISOString(),
    data: event.data,
  });
  const endpoints = await endpointsWanting(tx, {
    businessId: event.businessId,
    type: event.type,
    endpointId: event.endpointId,
  });
  // No endpoint wants it: nothing to keep, nothing to send.
  if (endpoints.length === 0) return { id, deliveries: 0 };
  await insertEventWithDeliveries(tx, {
    id,
    businessId: event.businessId,
    type: event.type,
    payload,
    now: event.now,
    endpointIds: endpoints.map((endpoint) => endpoint.id),
    origin: event.endpointId ? 'test' : 'event',
  });
  return { id, deliveries: endpoints.length };
}
