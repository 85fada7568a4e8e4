import { setupTexts } from './setup-checklist';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/**
 * The set-up checklist's texts, loaded with the card, which only a new business shows (issue 29
 * part 4): a finished business's dashboard does without them (issue 35 item 2, decision 0410).
 */
const de = {
  setup: setupTexts,
} as const;

export const adminSetupPart: AdminCataloguePart<Translation<typeof de>> = { de };
