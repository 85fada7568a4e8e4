import { type Branding, DEFAULT_BRANDING } from '../../../shared/api/branding';
import type { branding } from '../../db/schema';

export type BrandingRow = typeof branding.$inferSelect;

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
