import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { businessScopeQuerySchema } from './businesses';

/** QR types of the generator (spec §2 "QR-code admin page"). */
export const QR_GENERATOR_TYPES = ['generic', 'personal', 'object'] as const;
export type QrGeneratorType = (typeof QR_GENERATOR_TYPES)[number];

export const QR_GENERATOR_TYPE_LABELS: Record<QrGeneratorType, string> = {
  generic: 'Allgemein (ganzer Betrieb)',
  personal: 'Persönlich (Mitarbeiter)',
  object: 'Objekt (Tisch, Bar, Zimmer)',
};

export const QR_DESIGNATION_MAX_LENGTH = 80;

/** The generator's messages; the first two are the spec's exact wording (§5). */
export const QR_GENERATOR_MESSAGES = {
  typeAndDesignation: 'Bitte wählen Sie einen Typ und geben Sie eine Bezeichnung ein.',
  previewFirst: 'Bitte erstellen Sie zuerst eine Vorschau.',
  employeeRequired: 'Mitarbeiter: Bitte wählen Sie einen Mitarbeiter aus.',
  designationTooLong: `Bezeichnung: höchstens ${QR_DESIGNATION_MAX_LENGTH} Zeichen.`,
} as const;

/**
 * A generator request: a personal code belongs to an employee of the business; generic and
 * object codes belong to the business itself. What the link points at:
 * docs/decisions/0111-qr-generator-link-targets.md.
 */
export const qrGeneratorBodySchema = z
  .object({
    type: z.enum(QR_GENERATOR_TYPES, { error: QR_GENERATOR_MESSAGES.typeAndDesignation }),
    designation: z
      .string({ error: QR_GENERATOR_MESSAGES.typeAndDesignation })
      .trim()
      .min(1, { message: QR_GENERATOR_MESSAGES.typeAndDesignation })
      .max(QR_DESIGNATION_MAX_LENGTH, { message: QR_GENERATOR_MESSAGES.designationTooLong }),
    employeeId: z.uuid({ error: QR_GENERATOR_MESSAGES.employeeRequired }).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.type === 'personal' && !value.employeeId) {
      context.addIssue({
        code: 'custom',
        path: ['employeeId'],
        message: QR_GENERATOR_MESSAGES.employeeRequired,
      });
    }
  });
export type QrGeneratorInput = z.input<typeof qrGeneratorBodySchema>;

export const qrGeneratorResultSchema = z.object({
  type: z.enum(QR_GENERATOR_TYPES),
  designation: z.string(),
  uid: z.string(),
  /** The tip link the code encodes: {origin}/t/{uid}. */
  link: z.string(),
  /** Whether the preview made a new payment point (otherwise an existing one was found). */
  created: z.boolean(),
});
export type QrGeneratorResult = z.infer<typeof qrGeneratorResultSchema>;

export const staffQrParamsSchema = z.object({
  employeeId: z.uuid({ error: 'Ungültige Mitarbeiter-ID.' }),
});
export const staffQrQuerySchema = businessScopeQuerySchema;

export const QR_ADMIN_ERRORS = defineErrors({
  employee_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Mitarbeiter: Diese Person wurde in diesem Betrieb nicht gefunden.',
  },
  qr_code_exists: {
    status: 409,
    title: 'Fehler',
    message: 'Für diesen Mitarbeiter gibt es bereits einen aktiven QR-Code.',
  },
});
