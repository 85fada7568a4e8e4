import { z } from 'zod';

/** The three tiles of the admin dashboard (spec §2), counted on the server for one business. */
export const adminDashboardSchema = z.object({
  business: z.object({ id: z.uuid(), name: z.string() }),
  /** Employees of the business whose account is not disabled. */
  activeEmployees: z.number().int(),
  /** Active payment points plus active legacy QR codes of the business. */
  activeQrCodes: z.number().int(),
  /** Paid tips (pending or paid out) since the first of this month, Europe/Berlin. */
  tipsThisMonth: z.object({
    amountCents: z.number().int(),
    count: z.number().int(),
    currency: z.string(),
    since: z.string(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
