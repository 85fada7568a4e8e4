import { z } from 'zod';
import { AUDIT_ACTIONS } from '../domain/audit';
import { ADMIN_PAGE_PATTERN } from '../domain/auth';
import { AUDIT_LOG_PAGE_SIZE } from '../domain/constants';
import { businessScopeQuerySchema } from './businesses';

export const adminNavigationSchema = z.object({
  destination: z.string().regex(ADMIN_PAGE_PATTERN, 'Unbekannte Admin-Seite.'),
  from: z.string().max(200).regex(/^\//, 'Ungültige Herkunft.').optional(),
});
export type AdminNavigationInput = z.infer<typeof adminNavigationSchema>;

/** A calendar day (YYYY-MM-DD) in the business's time zone (Europe/Berlin). */
const dayField = (message: string) => z.iso.date({ error: message }).optional();

/**
 * The audit log of one business (spec §7 Audit): newest first, 50 per page by default, filtered
 * by action and by day. The dashboard asks for 15.
 */
export const auditLogQuerySchema = businessScopeQuerySchema.extend({
  page: z.coerce
    .number({ error: 'Seite: Bitte geben Sie eine Seitenzahl ab 1 an.' })
    .int('Seite: Bitte geben Sie eine ganze Zahl an.')
    .min(1, 'Seite: Bitte geben Sie eine Seitenzahl ab 1 an.')
    .max(10_000, 'Seite: Diese Seite gibt es nicht.')
    .default(1),
  pageSize: z.coerce
    .number({ error: `Seitengröße: höchstens ${AUDIT_LOG_PAGE_SIZE} Einträge.` })
    .int(`Seitengröße: höchstens ${AUDIT_LOG_PAGE_SIZE} Einträge.`)
    .min(1, `Seitengröße: höchstens ${AUDIT_LOG_PAGE_SIZE} Einträge.`)
    .max(AUDIT_LOG_PAGE_SIZE, `Seitengröße: höchstens ${AUDIT_LOG_PAGE_SIZE} Einträge.`)
    .default(AUDIT_LOG_PAGE_SIZE),
  action: z.enum(AUDIT_ACTIONS, { error: 'Aktion: Unbekannte Aktion.' }).optional(),
  from: dayField('Von: Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.'),
  to: dayField('Bis: Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.'),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  /** The admin's profile (spec §3: joined full_name and email); null for the AiO sync. */
  admin: z.object({ id: z.uuid(), fullName: z.string().nullable(), email: z.string() }).nullable(),
  /** The API key that acted through the business API (decision 0640), when no person did. */
  apiKey: z.object({ id: z.uuid(), name: z.string() }).nullable().optional(),
  userAgent: z.string().nullable(),
  /**
   * What the row says, in German (`describeAuditEntry`), presented by the server as for
   * the CSV: the dashboard then carries no presenters (about 5 KB brotli).
   */
  description: z.object({
    label: z.string(),
    target: z.string(),
    sentence: z.string(),
    references: z.array(z.object({ label: z.string(), id: z.string() })),
  }),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
