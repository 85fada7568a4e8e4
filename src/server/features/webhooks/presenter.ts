import type {
  ApiWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
} from '../../../shared/api/webhooks';
import type { WebhookEndpointListRow, WebhookEndpointRow } from './queries/endpoints';
import type { WebhookLogEntry } from './service';

/** A previous secret counts only while it still signs. */
function previousUntil(row: WebhookEndpointRow, now: Date): Date | null {
  return row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
    ? row.previousSecretExpiresAt
    : null;
}

/** An endpoint as the console lists it: never a secret, sealed or not. */
export function presentEndpoint(row: WebhookEndpointListRow, now: Date): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    state: row.disabledAt ? 'disabled' : 'enabled',
    disabledReason: row.disabledAt ? row.disabledReason : null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    previousSecretExpiresAt: previousUntil(row, now)?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    lastDelivery:
      row.lastDeliveryState && row.lastDeliveryAt
        ? { state: row.lastDeliveryState, createdAt: row.lastDeliveryAt.toISOString() }
        : null,
  };
}

/** An endpoint as the business API answers it (snake_case, `object`). */
export function presentApiEndpoint(row: WebhookEndpointRow, now: Date): ApiWebhookEndpoint {
  return {
    object: 'webhook_endpoint',
    id: row.id,
    url: row.url,
    description: row.description,
    enabled_events: row.eventTypes as WebhookEventType[],
    status: row.disabledAt ? 'disabled' : 'enabled',
    disabled_reason: row.disabledAt ? row.disabledReason : null,
    created: row.createdAt.toISOString(),
    previous_secret_expires_at: previousUntil(row, now)?.toISOString() ?? null,
  };
}

/** One delivery of the log with its attempts, oldest attempt first. */
export function presentDelivery(entry: WebhookLogEntry): WebhookDelivery {
  return {
    id: entry.id,
    eventId: entry.eventId,
    type: entry.type,
    origin: entry.origin,
    state: entry.state,
    attempts: entry.attempts,
    nextAttemptAt: entry.nextAttemptAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
    finishedAt: entry.finishedAt?.toISOString() ?? null,
    payloadKept: Boolean(entry.payloadKept),
    attemptLog: entry.attemptLog.map((attempt) => ({
      attemptedAt: attempt.attemptedAt.toISOString(),
      status: attempt.status,
      durationMs: attempt.durationMs,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  };
}
