import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { businessScopeQuerySchema } from './businesses';

/**
 * Outgoing webhooks (decision 0650): the event types a business's endpoint may ask for.
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

// ---- Endpoint management and the delivery log (console and business API) --------------------

/** Why an endpoint stopped receiving: it answered 410, failed for five days, or its owner said so. */
export const WEBHOOK_DISABLED_REASONS = ['gone', 'failing', 'owner'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
export const WEBHOOK_DELIVERY_ORIGINS = ['event', 'replay', 'test'] as const;
export type WebhookDeliveryOrigin = (typeof WEBHOOK_DELIVERY_ORIGINS)[number];

/** How many deliveries one page of the log shows (the newest first; 'Ältere laden' for more). */
export const WEBHOOK_LOG_LIMIT = 50;

/** GET /api/admin/webhooks/{id}/deliveries: `before` is the last delivery of the previous page. */
export const webhookDeliveryLogQuerySchema = businessScopeQuerySchema.extend({
  before: z
    .uuid({
      error:
        'Ältere Zustellungen: Die Position im Protokoll ist ungültig. Bitte laden Sie die Seite neu.',
    })
    .optional(),
});

/** A full http(s) URL; where it may point is the server's check (ssrf.ts). */
const webhookUrl = z
  .url({
    protocol: /^https?$/,
    error: 'Bitte geben Sie eine vollständige URL an, die mit https:// beginnt.',
  })
  .trim()
  .max(2048, { error: 'Die URL darf höchstens 2048 Zeichen lang sein.' });

const webhookDescription = z
  .string({ error: 'Die Beschreibung muss ein Text sein.' })
  .trim()
  .max(200, { error: 'Die Beschreibung darf höchstens 200 Zeichen lang sein.' });

const webhookEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unbekannter Ereignistyp.' }), {
    error: 'Bitte wählen Sie mindestens ein Ereignis.',
  })
  .min(1, { error: 'Bitte wählen Sie mindestens ein Ereignis.' })
  .max(WEBHOOK_EVENT_TYPES.length, { error: 'Jedes Ereignis bitte nur einmal.' })
  .refine((types) => new Set(types).size === types.length, {
    error: 'Jedes Ereignis bitte nur einmal.',
  });

/** POST /api/admin/webhooks: 'Endpunkt hinzufügen'. */
export const webhookEndpointCreateSchema = z.object({
  url: webhookUrl,
  description: webhookDescription.default(''),
  eventTypes: webhookEventTypes,
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;
export type WebhookEndpointCreateInput = z.input<typeof webhookEndpointCreateSchema>;

/** PATCH /api/admin/webhooks/:id: any of the fields; `enabled` switches it off or on again. */
export const webhookEndpointUpdateSchema = z
  .object({
    url: webhookUrl.optional(),
    description: webhookDescription.optional(),
    eventTypes: webhookEventTypes.optional(),
    enabled: z.boolean({ error: 'enabled muss true oder false sein.' }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'Bitte geben Sie an, was sich ändern soll.',
  });
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointParamsSchema = z.object({
  id: z.uuid({ error: 'Ungültige Endpunkt-ID.' }),
});
export const webhookDeliveryParamsSchema = webhookEndpointParamsSchema.extend({
  deliveryId: z.uuid({ error: 'Ungültige Zustellungs-ID.' }),
});

const instant = z.iso.datetime();

/** An endpoint as the console lists it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  state: z.enum(['enabled', 'disabled']),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: instant.nullable(),
  /** Until when the secret before the last 'Secret erneuern' still signs. */
  previousSecretExpiresAt: instant.nullable(),
  createdAt: instant,
  createdBy: z.string().nullable(),
  /** The newest delivery to it: its state and when it was made. */
  lastDelivery: z.object({ state: z.enum(WEBHOOK_DELIVERY_STATES), createdAt: instant }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The answer to a creation or 'Secret erneuern': the endpoint, and its secret this once. */
export const webhookEndpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

/** One try of a delivery: when, the answer's status (null: none came), how long, what came. */
export const webhookAttemptSchema = z.object({
  attemptedAt: instant,
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One event on its way to the endpoint, with every attempt, for the delivery log. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.string(),
  type: z.string(),
  origin: z.enum(WEBHOOK_DELIVERY_ORIGINS),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  nextAttemptAt: instant.nullable(),
  createdAt: instant,
  finishedAt: instant.nullable(),
  /** False once retention cleared the event's body: it can no longer be sent again. */
  payloadKept: z.boolean(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  /** Pass as `before` for the older deliveries; null when these are the oldest. */
  nextCursor: z.uuid().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** The answer to 'Testereignis senden' and 'Erneut senden': the event (its `webhook-id`) and the new delivery. */
export const webhookSentSchema = z.object({ eventId: z.string(), deliveryId: z.uuid() });
export type WebhookSent = z.infer<typeof webhookSentSchema>;

// ---- The business API: /api/v1/webhook-endpoints (snake_case like the other /api/v1 routes) ----

/** POST /api/v1/webhook-endpoints */
export const apiWebhookEndpointCreateSchema = z.object({
  url: webhookUrl,
  description: webhookDescription.default(''),
  enabled_events: webhookEventTypes,
});

/** PATCH /api/v1/webhook-endpoints/{id}; `disabled: false` switches a disabled endpoint on again. */
export const apiWebhookEndpointUpdateSchema = z
  .object({
    url: webhookUrl.optional(),
    description: webhookDescription.optional(),
    enabled_events: webhookEventTypes.optional(),
    disabled: z.boolean({ error: 'disabled muss true oder false sein.' }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'Bitte geben Sie an, was sich ändern soll.',
  });

export const apiWebhookEndpointSchema = z.object({
  object: z.literal('webhook_endpoint'),
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  enabled_events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  created: z.string(),
  /** Until when the previous secret still signs after a roll. */
  previous_secret_expires_at: z.string().nullable(),
});
export type ApiWebhookEndpoint = z.infer<typeof apiWebhookEndpointSchema>;

/** A creation's or roll's answer: the endpoint with its `secret`, this once. */
export const apiWebhookEndpointWithSecretSchema = apiWebhookEndpointSchema.extend({
  secret: z.string(),
});

export const apiWebhookEndpointListSchema = z.object({
  object: z.literal('list'),
  url: z.string(),
  has_more: z.boolean(),
  data: z.array(apiWebhookEndpointSchema),
});

export const apiWebhookEndpointDeletedSchema = z.object({
  object: z.literal('webhook_endpoint'),
  id: z.uuid(),
  deleted: z.literal(true),
});

export const apiWebhookTestSchema = z.object({
  object: z.literal('event'),
  id: z.string(),
  type: z.literal(WEBHOOK_TEST_EVENT_TYPE),
});

export const WEBHOOK_ERRORS = defineErrors({
  webhook_endpoint_not_found: {
    status: 404,
    title: 'Webhook',
    message: 'Diesen Webhook-Endpunkt gibt es in diesem Betrieb nicht.',
  },
  webhook_endpoint_limit: {
    status: 409,
    title: 'Webhook',
    message: `Ein Betrieb kann höchstens ${WEBHOOK_ENDPOINTS_PER_BUSINESS} Webhook-Endpunkte haben. Bitte löschen Sie einen nicht mehr benötigten Endpunkt.`,
  },
  webhook_url_refused: {
    status: 422,
    title: 'Webhook',
    message: 'An diese URL können keine Webhooks gesendet werden.',
  },
  webhook_endpoint_disabled: {
    status: 409,
    title: 'Webhook',
    message: 'Dieser Endpunkt ist deaktiviert. Bitte aktivieren Sie ihn zuerst.',
  },
  webhook_delivery_not_found: {
    status: 404,
    title: 'Webhook',
    message: 'Diese Zustellung gibt es bei diesem Endpunkt nicht.',
  },
  webhook_payload_cleared: {
    status: 409,
    title: 'Webhook',
    message:
      'Der Inhalt dieses Ereignisses wurde nach Ablauf der Aufbewahrungsfrist gelöscht; es kann nicht erneut gesendet werden.',
  },
});
