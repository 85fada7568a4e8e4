import { adminSystemTexts } from './admin-system';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The status view's texts (/admin/system), loaded with it (decision 0410). */
const de = {
  system: adminSystemTexts,
} as const;

export const adminSystemPart: AdminCataloguePart<Translation<typeof de>> = { de };
