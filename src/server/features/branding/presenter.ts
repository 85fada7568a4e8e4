import {
  type Branding,
  type BrandingPreviewData,
  DEFAULT_BRANDING,
} from '../../../shared/api/branding';
import type { BrandingRow, PreviewPersonRow } from './queries';

export type { BrandingRow };

/** The admin view of a business's branding; a business that never saved it gets the defaults. */
export function presentAdminBranding(
  row: BrandingRow | null,
  business: { id: string; name: string },
): Branding {
  return {
    businessId: business.id,
    businessName: business.name,
    primaryColor: row?.primaryColor ?? DEFAULT_BRANDING.primaryColor,
    secondaryColor: row?.secondaryColor ?? DEFAULT_BRANDING.secondaryColor,
    accentColor: row?.accentColor ?? DEFAULT_BRANDING.accentColor,
    fontFamily: (row?.fontFamily ?? DEFAULT_BRANDING.fontFamily) as Branding['fontFamily'],
    language: (row?.language ?? DEFAULT_BRANDING.language) as Branding['language'],
    tonality: row?.tonality ?? DEFAULT_BRANDING.tonality,
    companyName: row?.companyName ?? null,
    thankYouMessage: row?.thankYouMessage ?? null,
    logoUrl: row?.logoUrl ?? null,
    backgroundImageUrl: row?.backgroundImageUrl ?? null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** The preview's person as the guest tip page shows them (name, job, picture, own thank-you). */
export function presentPreviewPerson(row: PreviewPersonRow | null): BrandingPreviewData {
  if (!row) return { person: null };
  return {
    person: {
      displayName: row.fullName?.trim() || row.email.split('@')[0]!,
      jobTitle: row.jobTitle,
      avatarUrl: row.profileImageUrl,
      thankYouMessage: row.thankYouMessage,
    },
  };
}
