import { payoutTexts } from './payouts';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The payouts page's texts, loaded with it (decision 0410). */
const de = {
  payouts: payoutTexts,
} as const;

export const adminPayoutsPart: AdminCataloguePart<Translation<typeof de>> = { de };
