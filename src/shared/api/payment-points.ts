import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { ENTRYPOINT_TARGET_TYPES, ENTRYPOINT_TYPES } from '../domain/tips';
import { GUEST_LOCALES } from '../i18n/guest-locale';
import { businessScopeQuerySchema } from './businesses';

/**
 * Payment points (spec §2 UID management, §3 payment_entrypoints, §5): what admins and owners
 * create, list, switch on and off, regenerate and delete. One contract for the form in the
 * browser and the server that checks it again.
 */

export const PAYMENT_POINT_LIMITS = {
  name: 120,
  label: 200,
  description: 500,
  department: 80,
  shift: 80,
} as const;

/** A uid as it may appear in /t/{uid} (the database checks the same pattern). */
export const PAYMENT_POINT_UID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,79}$/;

export const PAYMENT_POINT_MESSAGES = {
  /** Spec §5: the toast when a required field of the create form is missing. */
  requiredFields: 'Bitte füllen Sie alle Pflichtfelder aus.',
  nameRequired: 'Bitte geben Sie einen Namen ein.',
  nameTooLong: `Der Name darf höchstens ${PAYMENT_POINT_LIMITS.name} Zeichen lang sein.`,
  typeRequired: 'Bitte wählen Sie einen Typ aus.',
  targetTypeRequired: 'Bitte wählen Sie eine Zielart aus.',
  targetRequired: 'Bitte wählen Sie ein Ziel aus.',
  labelTooLong: `Die Bezeichnung darf höchstens ${PAYMENT_POINT_LIMITS.label} Zeichen lang sein.`,
  descriptionTooLong: `Die Beschreibung darf höchstens ${PAYMENT_POINT_LIMITS.description} Zeichen lang sein.`,
  departmentTooLong: `Die Abteilung darf höchstens ${PAYMENT_POINT_LIMITS.department} Zeichen lang sein.`,
  shiftTooLong: `Die Schicht darf höchstens ${PAYMENT_POINT_LIMITS.shift} Zeichen lang sein.`,
  uidInvalid:
    'Die UID muss 3 bis 80 Zeichen lang sein und darf nur Buchstaben, Ziffern, „-“ und „_“ enthalten.',
  idInvalid: 'Ungültige Bezahlpunkt-ID.',
} as const;

export const PAYMENT_POINT_TYPE_LABELS: Record<(typeof ENTRYPOINT_TYPES)[number], string> = {
  person: 'Person',
  team: 'Team',
  object: 'Objekt',
};

export const PAYMENT_POINT_TARGET_TYPE_LABELS: Record<
  (typeof ENTRYPOINT_TARGET_TYPES)[number],
  string
> = {
  user: 'Mitarbeiter',
  team: 'Team',
  tenant: 'Betrieb',
};

/** The target type a new point of a type usually has; the form preselects it. */
export const DEFAULT_TARGET_TYPE: Record<
  (typeof ENTRYPOINT_TYPES)[number],
  (typeof ENTRYPOINT_TARGET_TYPES)[number]
> = {
  person: 'user',
  team: 'team',
  object: 'tenant',
};

/** Optional text: trimmed, blank becomes null so "cleared" and "never set" look the same. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** Fields an admin may change on an existing point (type, target and uid stay as they are). */
const editableFields = {
  name: z
    .string({ error: PAYMENT_POINT_MESSAGES.nameRequired })
    .trim()
    .min(1, PAYMENT_POINT_MESSAGES.nameRequired)
    .max(PAYMENT_POINT_LIMITS.name, PAYMENT_POINT_MESSAGES.nameTooLong),
  /** Shown to guests and in the table; blank falls back to the name (spec §5). */
  label: optionalText(PAYMENT_POINT_LIMITS.label, PAYMENT_POINT_MESSAGES.labelTooLong),
  description: optionalText(
    PAYMENT_POINT_LIMITS.description,
    PAYMENT_POINT_MESSAGES.descriptionTooLong,
  ),
  department: optionalText(
    PAYMENT_POINT_LIMITS.department,
    PAYMENT_POINT_MESSAGES.departmentTooLong,
  ),
  shift: optionalText(PAYMENT_POINT_LIMITS.shift, PAYMENT_POINT_MESSAGES.shiftTooLong),
};

/** Spec §5 payment-point form: name, type, target_type and target_id are required. */
export const createPaymentPointSchema = z
  .object({
    ...editableFields,
    type: z.enum(ENTRYPOINT_TYPES, { error: PAYMENT_POINT_MESSAGES.typeRequired }),
    targetType: z.enum(ENTRYPOINT_TARGET_TYPES, {
      error: PAYMENT_POINT_MESSAGES.targetTypeRequired,
    }),
    targetId: z.uuid({ error: PAYMENT_POINT_MESSAGES.targetRequired }),
    /**
     * Only for a tag that already carries a uid (e.g. a printed NFC sticker); otherwise the
     * server generates one that cannot be guessed.
     */
    uid: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(
        z.string().regex(PAYMENT_POINT_UID_PATTERN, PAYMENT_POINT_MESSAGES.uidInvalid).optional(),
      )
      .optional(),
  })
  .strict();
export type CreatePaymentPointInput = z.input<typeof createPaymentPointSchema>;
export type CreatePaymentPoint = z.output<typeof createPaymentPointSchema>;

export const updatePaymentPointSchema = z.object(editableFields).partial().strict();
export type UpdatePaymentPointInput = z.input<typeof updatePaymentPointSchema>;
export type UpdatePaymentPoint = z.output<typeof updatePaymentPointSchema>;

export const paymentPointParamsSchema = z.object({
  id: z.uuid({ error: PAYMENT_POINT_MESSAGES.idInvalid }),
});

export const paymentPointQuerySchema = businessScopeQuerySchema;

/** The printed card's language: one of the guest languages, German unless asked (defect 14j). */
export const paymentPointPrintQuerySchema = businessScopeQuerySchema.extend({
  language: z
    .enum(GUEST_LOCALES, {
      error: `Sprache: Bitte eine der Gast-Sprachen wählen (${GUEST_LOCALES.join(', ')}).`,
    })
    .default('de'),
});

/** The AiO block of a point: synced (ids and download links), failed (the error), or never tried. */
export const integrationAssetsSchema = z.object({
  status: z.enum(['synced', 'error', 'none']),
  nfcObjectId: z.string().nullable(),
  qrCodeId: z.string().nullable(),
  downloadLinks: z.object({
    png: z.string().nullable(),
    pdf: z.string().nullable(),
    svg: z.string().nullable(),
  }),
  syncedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type IntegrationAssets = z.infer<typeof integrationAssetsSchema>;

/**
 * Where a listed code lives: a payment point, or a legacy QR code (spec §3 qr_codes) that guests
 * can still use. A legacy code is listed and counted but changed nowhere on this page.
 */
export const PAYMENT_POINT_SOURCES = ['entrypoint', 'legacy'] as const;
export type PaymentPointSource = (typeof PAYMENT_POINT_SOURCES)[number];

/** How the list names a legacy code (the employee's card says 'Dies ist Ihr klassischer QR-Code.'). */
export const LEGACY_CODE_LABEL = 'Klassischer QR-Code';

export const paymentPointSchema = z.object({
  id: z.uuid(),
  source: z.enum(PAYMENT_POINT_SOURCES),
  uid: z.string(),
  type: z.enum(ENTRYPOINT_TYPES),
  name: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  department: z.string().nullable(),
  shift: z.string().nullable(),
  location: z.string().nullable(),
  targetType: z.enum(ENTRYPOINT_TARGET_TYPES),
  targetId: z.uuid(),
  /** Name of the employee, team or business the point tips; null when it no longer exists. */
  targetName: z.string().nullable(),
  targetJobTitle: z.string().nullable(),
  origin: z.string(),
  active: z.boolean(),
  /**
   * Whether a guest can tip through the code right now: switched on, business active, and its
   * person or team can be tipped (decision 0475). The page and the dashboard count these.
   */
  works: z.boolean(),
  /**
   * A person's primary point: the one their 'Mein QR-Code' card shows (the owner's mark, else the
   * first created; decision 0355). Always false for team and business points.
   */
  primary: z.boolean(),
  demo: z.boolean(),
  /** The tip link {origin}/t/{uid}: what the QR code holds. */
  link: z.string(),
  integration: integrationAssetsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentPoint = z.infer<typeof paymentPointSchema>;

/**
 * What the signed-in person may do on the page beyond the points themselves:
 * from the same policy the server enforces, so the page offers nothing the server refuses.
 */
export const paymentPointPermissionsSchema = z.object({
  /** Spec §6: only the platform admin generates demo data. */
  generateDemoData: z.boolean(),
});
export type PaymentPointPermissions = z.infer<typeof paymentPointPermissionsSchema>;

export const paymentPointListSchema = z.object({
  items: z.array(paymentPointSchema),
  /** Whether the integration is configured on this server (token and address set). */
  integrationConfigured: z.boolean(),
  permissions: paymentPointPermissionsSchema,
});
export type PaymentPointList = z.infer<typeof paymentPointListSchema>;

/** Spec §3 statistics per UID, from the paid tips through this point. */
export const paymentPointStatsSchema = z.object({
  /** Paid tips through this point (each one a completed scan-to-payment). */
  scanCount: z.number().int(),
  lastActivity: z.string().nullable(),
  totalTipsCents: z.number().int(),
  averageTipCents: z.number().int(),
  currency: z.string(),
});
export type PaymentPointStats = z.infer<typeof paymentPointStatsSchema>;

export const paymentPointDetailsSchema = z.object({
  point: paymentPointSchema,
  stats: paymentPointStatsSchema,
});
export type PaymentPointDetails = z.infer<typeof paymentPointDetailsSchema>;

/** Who a new point may tip in this business: its employees, its teams, the business itself. */
export const paymentPointTargetsSchema = z.object({
  users: z.array(z.object({ id: z.uuid(), fullName: z.string(), jobTitle: z.string().nullable() })),
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
  tenant: z.object({ id: z.uuid(), name: z.string() }),
});
export type PaymentPointTargets = z.infer<typeof paymentPointTargetsSchema>;

export const demoGenerationResultSchema = z.object({
  deleted: z.number().int(),
  created: z.number().int(),
  items: z.array(paymentPointSchema),
});
export type DemoGenerationResult = z.infer<typeof demoGenerationResultSchema>;

export const PAYMENT_POINT_ERRORS = defineErrors({
  entrypoint_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Der Bezahlpunkt wurde nicht gefunden.',
  },
  target_not_found: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Ziel: Das gewählte Ziel gehört nicht zu diesem Betrieb.',
  },
  uid_taken: {
    status: 409,
    title: 'Eingabefehler',
    message: 'UID: Diese UID ist bereits vergeben.',
  },
  /** Spec §6: demo generation only for the role admin. */
  demo_admin_only: {
    status: 403,
    title: 'Keine Berechtigung',
    message: 'Nur Administratoren können Demo-Daten generieren.',
  },
  /** Decision 0355: only an active point of a person can be that person's primary point. */
  primary_needs_person: {
    status: 400,
    title: 'Eingabefehler',
    message:
      'Nur ein aktiver persönlicher Bezahlpunkt kann als Haupt-QR-Code der Person festgelegt werden.',
  },
  demo_needs_staff: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Für Demo-Daten braucht der Betrieb mindestens einen Mitarbeiter.',
  },
});
