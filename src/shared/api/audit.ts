import { z } from 'zod';

/** An admin page path such as /admin/qr-codes: what admin_navigation records as destination. */
export const ADMIN_PAGE_PATTERN = /^\/admin(\/[a-z0-9-]{1,40}){0,3}$/;

export const adminNavigationSchema = z.object({
  destination: z.string().regex(ADMIN_PAGE_PATTERN, 'Unbekannte Admin-Seite.'),
  from: z.string().max(200).regex(/^\//, 'Ungültige Herkunft.').optional(),
});
export type AdminNavigationInput = z.infer<typeof adminNavigationSchema>;

/** Texts of the audit toasts (spec §8). */
export const AUDIT_TEXTS = {
  loggingFailedTitle: 'Logging-Fehler',
  loggingFailedMessage: 'Admin-Aktion konnte nicht protokolliert werden.',
} as const;
