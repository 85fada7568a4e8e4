import {
  BRANDING_FIELD_LABELS,
  BRANDING_LANGUAGE_LABELS,
  BRANDING_TONALITY_LABELS,
} from '../api/branding';
import { brandingTexts } from './admin-branding';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The branding page's texts, loaded with it (decision 0410). */
const de = {
  branding: brandingTexts,
  labels: {
    brandingFields: BRANDING_FIELD_LABELS,
    brandingTonalities: BRANDING_TONALITY_LABELS,
    brandingLanguages: BRANDING_LANGUAGE_LABELS,
  },
} as const;

export const adminBrandingPart: AdminCataloguePart<Translation<typeof de>> = { de };
