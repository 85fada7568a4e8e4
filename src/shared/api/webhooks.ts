/**
 * Outgoing webhooks (decision 0650, issue 51): the event types a business's endpoint may ask for.
 * Each is written to the outbox in the transaction of the change it announces.
 */
export const WEBHOOK_EVENT_TYPES = [
  'tip.paid',
  'tip.refunded',
  'payout.paid',
  'payout.failed',
  'payment_point.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event 'Testereignis senden' sends; an endpoint receives it whatever types it chose. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** What the types mean, for the console's choice and the docs. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'tip.paid': 'Trinkgeld bezahlt',
  'tip.refunded': 'Trinkgeld erstattet',
  'payout.paid': 'Auszahlung überwiesen',
  'payout.failed': 'Auszahlung fehlgeschlagen',
  'payment_point.created': 'Bezahlpunkt angelegt',
};

/**
 * When a delivery is tried, counted from the event (Standard Webhooks' schedule): at once, then
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the previous attempt, each with up to 10 %
 * jitter. After the last one the delivery has failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** An attempt waits this long for the answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** An endpoint that has failed every attempt for this long is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** After 'Secret erneuern' the previous secret still signs for this long. */
export const WEBHOOK_PREVIOUS_SECRET_MS = 24 * 3_600_000;
/** Endpoints a business may hold. */
export const WEBHOOK_ENDPOINTS_PER_BUSINESS = 10;
