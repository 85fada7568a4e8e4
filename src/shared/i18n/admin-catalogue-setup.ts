import { setupTexts } from './setup-checklist';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/**
 * The set-up checklist's texts, loaded with the card, which only a new business shows: a
 * finished business's dashboard does without them (decision 0410).
 */
const de = {
  setup: setupTexts,
} as const;

export const adminSetupPart: AdminCataloguePart<Translation<typeof de>> = { de };
