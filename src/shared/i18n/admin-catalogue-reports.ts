import { adminReportsTexts } from './admin-reports';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The reports page's texts, loaded with it (decision 0410). */
const de = {
  reports: adminReportsTexts,
} as const;

export const adminReportsPart: AdminCataloguePart<Translation<typeof de>> = { de };
