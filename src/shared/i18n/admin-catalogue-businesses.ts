import { BUSINESS_STATUS_LABELS } from '../domain/business-status';
import { adminBusinessesTexts } from './admin-businesses';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The operator console's texts (/admin/businesses), loaded with it (decision 0410). */
const de = {
  businesses: adminBusinessesTexts,
  labels: { businessStatus: BUSINESS_STATUS_LABELS },
} as const;

export const adminBusinessesPart: AdminCataloguePart<Translation<typeof de>> = { de };
