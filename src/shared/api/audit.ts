import { z } from 'zod';
import { ADMIN_PAGE_PATTERN } from '../domain/auth';

export const adminNavigationSchema = z.object({
  destination: z.string().regex(ADMIN_PAGE_PATTERN, 'Unbekannte Admin-Seite.'),
  from: z.string().max(200).regex(/^\//, 'Ungültige Herkunft.').optional(),
});
export type AdminNavigationInput = z.infer<typeof adminNavigationSchema>;
