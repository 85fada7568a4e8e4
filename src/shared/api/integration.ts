import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { ENTRYPOINT_TARGET_TYPES, ENTRYPOINT_TYPES } from '../domain/tips';
import { PAYMENT_POINT_UID_PATTERN } from './payment-points';

/**
 * The AiO NFC/QR formatting integration (spec §2 integration settings, §7 integration service,
 * §7 documented sync endpoint). The API token never leaves the server.
 */

export const TENANT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;

export const INTEGRATION_MESSAGES = {
  tenantRequired: 'Tenant-ID: Bitte geben Sie eine Tenant-ID ein.',
  tenantInvalid:
    'Tenant-ID: Erlaubt sind bis zu 100 Buchstaben, Ziffern, „-“, „_“, „.“ und „:“, keine Leerzeichen.',
  notConfigured:
    'Die AiO-Integration ist auf diesem Server nicht eingerichtet (AIO_API_URL und AIO_API_TOKEN fehlen).',
} as const;

export const CONNECTION_STATUSES = ['untested', 'connected', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  untested: 'Ungetestet',
  connected: 'Verbunden',
  error: 'Fehler',
};

export const tenantIdSchema = z
  .string({ error: INTEGRATION_MESSAGES.tenantRequired })
  .min(1, INTEGRATION_MESSAGES.tenantRequired)
  .regex(TENANT_ID_PATTERN, INTEGRATION_MESSAGES.tenantInvalid);

export const integrationSettingsUpdateSchema = z.object({ tenantId: tenantIdSchema }).strict();
export type IntegrationSettingsUpdate = z.infer<typeof integrationSettingsUpdateSchema>;

export const integrationSettingsSchema = z.object({
  tenantId: z.string(),
  defaultTenantId: z.string(),
  connectionStatus: z.enum(CONNECTION_STATUSES),
  lastError: z.string().nullable(),
  lastTestedAt: z.string().nullable(),
  /** Whether AIO_API_URL and AIO_API_TOKEN are set on the server. */
  configured: z.boolean(),
  /** Whether AIO_SYNC_SECRET is set, so the inbound sync endpoint accepts calls. */
  syncEnabled: z.boolean(),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

/** Spec §5 documented sync payload: uid required, type and target_type from the fixed lists. */
export const syncEntrypointSchema = z
  .object({
    uid: z
      .string({ error: 'uid: Pflichtfeld.' })
      .regex(
        PAYMENT_POINT_UID_PATTERN,
        'uid: 3 bis 80 Zeichen, nur Buchstaben, Ziffern, „-“ und „_“.',
      ),
    type: z.enum(ENTRYPOINT_TYPES, { error: 'type: erlaubt sind person, team und object.' }),
    label: z.string().trim().max(200, 'label: höchstens 200 Zeichen.').nullable().optional(),
    target_id: z.uuid({ error: 'target_id: eine UUID ist erforderlich.' }),
    target_type: z.enum(ENTRYPOINT_TARGET_TYPES, {
      error: 'target_type: erlaubt sind user, team und tenant.',
    }),
    metadata: z
      .record(z.string(), z.unknown(), { error: 'metadata: ein JSON-Objekt ist erforderlich.' })
      .optional(),
  })
  .strict();
export type SyncEntrypointInput = z.infer<typeof syncEntrypointSchema>;

export const syncEntrypointResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.uuid(),
    uid: z.string(),
    action: z.enum(['created', 'updated']),
  }),
});
export type SyncEntrypointResponse = z.infer<typeof syncEntrypointResponseSchema>;

export const INTEGRATION_ERRORS = defineErrors({
  sync_unauthorized: {
    status: 401,
    title: 'Nicht authentifiziert',
    message: 'Authorization: Der Bearer-Token ist ungültig.',
  },
  sync_disabled: {
    status: 503,
    title: 'Service nicht verfügbar',
    message:
      'Die Synchronisation ist auf diesem Server nicht eingerichtet (AIO_SYNC_SECRET fehlt).',
  },
  sync_target_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'target_id: Zu diesem Ziel gibt es keinen Mitarbeiter, kein Team und keinen Betrieb.',
  },
  sync_uid_other_business: {
    status: 409,
    title: 'Konflikt',
    message: 'uid: Diese UID gehört zu einem anderen Betrieb.',
  },
});
