import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { businessScopeQuerySchema } from './businesses';

/**
 * What a business API key may do (decision 0630). Reading scopes only read; `payment_points:write`
 * creates and deactivates points; `webhooks:write` manages webhook endpoints.
 */
export const API_KEY_SCOPES = [
  'tips:read',
  'payouts:read',
  'staff:read',
  'payment_points:read',
  'payment_points:write',
  'reports:read',
  'webhooks:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A key's prefix says where it works: real money (`tg_live_`) or the demo provider (`tg_test_`). */
export const API_KEY_PREFIXES = ['tg_live_', 'tg_test_'] as const;
export type ApiKeyPrefix = (typeof API_KEY_PREFIXES)[number];

/** Keys a business may hold at once (revoked and expired ones do not count). */
export const API_KEYS_PER_BUSINESS = 25;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/admin/api-keys: 'Neuen API-Schlüssel erstellen'. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Bitte geben Sie dem Schlüssel einen Namen.' })
    .max(80, { error: 'Der Name darf höchstens 80 Zeichen lang sein.' }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Unbekannte Berechtigung.' }))
    .min(1, { error: 'Bitte wählen Sie mindestens eine Berechtigung.' })
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, {
      error: 'Jede Berechtigung bitte nur einmal.',
    }),
  /** The last day the key works (YYYY-MM-DD, Europe/Berlin, through its end); null: no expiry. */
  expiresOn: z
    .string()
    .regex(dayPattern, { error: 'Bitte ein Datum im Format JJJJ-MM-TT angeben.' })
    .nullable()
    .default(null),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

export const apiKeyParamsSchema = z.object({
  id: z.uuid({ error: 'Ungültige Schlüssel-ID.' }),
});

export const apiKeyQuerySchema = businessScopeQuerySchema;

const instant = z.iso.datetime();

/** A key as the console lists it: never the secret, only how to recognise it. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.enum(API_KEY_PREFIXES),
  lastFour: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: instant,
  createdBy: z.string().nullable(),
  lastUsedAt: instant.nullable(),
  expiresAt: instant.nullable(),
  revokedAt: instant.nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to a creation: the key, and its secret this once. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** GET /api/v1/key: the key a request was made with, and for which business. */
export const apiKeyWhoAmISchema = z.object({
  object: z.literal('api_key'),
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  business: z.object({ id: z.uuid(), name: z.string() }),
  livemode: z.boolean(),
  expires_at: instant.nullable(),
});

export const API_KEY_ERRORS = defineErrors({
  api_key_not_found: {
    status: 404,
    title: 'API-Schlüssel',
    message: 'Diesen API-Schlüssel gibt es in diesem Betrieb nicht.',
  },
  api_key_already_revoked: {
    status: 409,
    title: 'API-Schlüssel',
    message: 'Dieser API-Schlüssel ist bereits widerrufen.',
  },
  api_key_expiry_past: {
    status: 400,
    title: 'API-Schlüssel',
    message: 'Das Ablaufdatum muss in der Zukunft liegen.',
  },
  api_key_limit: {
    status: 409,
    title: 'API-Schlüssel',
    message: `Ein Betrieb kann höchstens ${API_KEYS_PER_BUSINESS} gültige API-Schlüssel haben. Bitte widerrufen Sie einen nicht mehr benötigten Schlüssel.`,
  },
  api_key_missing: {
    status: 401,
    title: 'API-Schlüssel',
    message: 'Bitte senden Sie Ihren API-Schlüssel im Header „Authorization: Bearer …“.',
  },
  api_key_invalid: {
    status: 401,
    title: 'API-Schlüssel',
    message: 'Dieser API-Schlüssel ist ungültig, abgelaufen oder widerrufen.',
  },
  api_key_scope_missing: {
    status: 403,
    title: 'API-Schlüssel',
    message: 'Diesem API-Schlüssel fehlt die Berechtigung für diese Anfrage.',
  },
  api_business_inactive: {
    status: 403,
    title: 'API-Schlüssel',
    message: 'Dieser Betrieb ist gesperrt oder geschlossen; die API ist für ihn nicht verfügbar.',
  },
});
