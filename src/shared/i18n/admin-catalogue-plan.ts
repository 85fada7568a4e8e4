import { adminPlanTexts } from './admin-plan';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The 'Tarif' page's texts (/admin/tarif), loaded with it (decision 0410). */
const de = {
  plan: adminPlanTexts,
} as const;

export const adminPlanPart: AdminCataloguePart<Translation<typeof de>> = { de };
