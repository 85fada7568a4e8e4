import { z } from 'zod';
import { defineErrors } from '../domain/errors';

/**
 * Business scope of every admin endpoint. A business owner works in their own business (taken
 * from the session; a different `businessId` answers 404, as if it did not exist). The platform
 * admin names the business with `?businessId=`; without it, the admin's own business is used if
 * the profile has one.
 */
export const businessScopeQuerySchema = z.object({
  businessId: z.uuid({ error: 'Ungültige Betriebs-ID.' }).optional(),
});
export type BusinessScopeQuery = z.infer<typeof businessScopeQuerySchema>;

export const BUSINESS_ERRORS = defineErrors({
  business_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Der Betrieb wurde nicht gefunden.',
  },
  business_required: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Bitte wählen Sie einen Betrieb aus.',
  },
});

export const businessSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  active: z.boolean(),
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;

export const businessListResponseSchema = z.object({
  businesses: z.array(businessSummarySchema),
  /** The business the session works in by default (the own one), if any. */
  currentBusinessId: z.uuid().nullable(),
});
export type BusinessListResponse = z.infer<typeof businessListResponseSchema>;
