import { z } from 'zod';
import { businessScopeQuerySchema } from './businesses';

/**
 * 'Trinkgeld-Übersicht für die Lohnbuchhaltung' (decision 0670): one month of a
 * business, per person, as CSV or PDF.
 */
export const payrollQuerySchema = businessScopeQuerySchema.extend({
  month: z
    .string({ error: 'Monat: Bitte einen Monat im Format JJJJ-MM angeben.' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, {
      error: 'Monat: Bitte einen Monat im Format JJJJ-MM angeben.',
    }),
});
export type PayrollQuery = z.infer<typeof payrollQuerySchema>;

/** The note the statement carries (§ 3 Nr. 51 EStG). */
export const PAYROLL_NOTE =
  'Freiwillige Trinkgelder Dritter (Gäste), die in voller Höhe an die Beschäftigten weitergegeben werden; steuerfrei nach § 3 Nr. 51 EStG. Der Betrieb verwahrt geteilte Trinkgelder nur treuhänderisch und verteilt sie nach den unten genannten Regeln.';
