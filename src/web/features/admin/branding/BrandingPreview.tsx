import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { BrandingUpdateInput } from '../../../../shared/api/branding';
import type { GuestBranding, GuestEntrypoint } from '../../../../shared/api/entrypoints';
import {
  DEFAULT_BRANDING_COLORS,
  DEFAULT_THANK_YOU_MESSAGE,
} from '../../../../shared/domain/constants';
import { isHexColor, normalizeHexColor } from '../../../../shared/domain/contrast';
import { Card, CardContent } from '../../../components/ui/Card';
import { type BrandFont, brandThemeStyle, loadBrandFont } from '../../../lib/brand-theme';
import { AmountStep } from '../../guest/AmountStep';
import { RecipientHeader } from '../../guest/RecipientHeader';
import { brandingApi, brandingPreviewKey } from './branding-api';
import { useAdminTexts } from '../../../lib/admin-language';
import { adminBrandingPart } from '../../../../shared/i18n/admin-catalogue-branding';

/** A colour the preview can draw: the typed one once it is a colour, else the default. */
function drawable(value: string | undefined, fallback: string): string {
  const normalized = normalizeHexColor(value ?? '');
  return isHexColor(normalized) ? normalized : fallback;
}

/** The unsaved form values as the branding a guest page receives. */
export function previewBranding(
  values: Partial<BrandingUpdateInput>,
  businessName: string,
): GuestBranding {
  return {
    primaryColor: drawable(values.primaryColor, DEFAULT_BRANDING_COLORS.primary),
    secondaryColor: drawable(values.secondaryColor, DEFAULT_BRANDING_COLORS.secondary),
    accentColor: drawable(values.accentColor, DEFAULT_BRANDING_COLORS.accent),
    fontFamily: (values.fontFamily ?? 'Fira Sans') as BrandFont,
    logoUrl: values.logoUrl ?? null,
    companyName: values.companyName?.trim() || businessName,
    language: values.language ?? 'de',
    tonality: values.tonality ?? 'friendly',
    backgroundImageUrl: null,
  };
}

const noop = () => {};
/** The preview shows the page with an amount chosen, so the primary button is seen too. */
const PREVIEW_AMOUNT_CENTS = 1000;

/**
 * The guest tip page as guests see it: the very components of /t/{uid}
 * (RecipientHeader, AmountStep) with the unsaved branding and a real, active person of this
 * business (GET /api/admin/branding/preview). Inert: it shows the page, it is not one.
 */
export function BrandingPreview({
  values,
  businessName,
  businessId,
}: {
  values: Partial<BrandingUpdateInput>;
  businessName: string;
  businessId: string | null;
}) {
  const { branding: t } = useAdminTexts(adminBrandingPart);
  const branding = previewBranding(values, businessName);
  // A guest's first scan shows the first screen in the phone's own font, the payment step and
  // every later visit the chosen one (decision 0412): the preview shows either moment, as it is.
  const [moment, setMoment] = useState<'first' | 'later'>('first');
  const momentName = useId();
  useEffect(() => loadBrandFont(branding.fontFamily), [branding.fontFamily]);
  const people = useQuery({
    queryKey: brandingPreviewKey(businessId),
    queryFn: () => brandingApi.preview(businessId),
  });
  const person = people.data?.person ?? null;
  const base = {
    code: 'vorschau',
    source: 'entrypoint',
    businessName,
    receiverNote: null,
    receiver: null,
    branding,
    paymentProvider: 'demo',
  } as const;
  // Nobody to show yet: the page of a table code, which says the business's own thank-you.
  const entry: GuestEntrypoint = person
    ? { ...base, type: 'person', ...person }
    : {
        ...base,
        type: 'object',
        displayName: branding.companyName ?? businessName,
        jobTitle: null,
        avatarUrl: branding.logoUrl,
        thankYouMessage: values.thankYouMessage?.trim() || DEFAULT_THANK_YOU_MESSAGE,
      };
  return (
    <div
      className="light rounded-lg border border-border bg-background p-3 text-foreground"
      style={brandThemeStyle(branding)}
      data-testid="branding-preview"
    >
      <fieldset className="mb-3 flex flex-col gap-2 font-sans text-sm">
        <legend className="mb-1 font-medium">{t.preview.momentLegend}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {(['first', 'later'] as const).map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={momentName}
                value={option}
                checked={moment === option}
                onChange={() => setMoment(option)}
              />
              {option === 'first' ? t.preview.firstScan : t.preview.later}
            </label>
          ))}
        </div>
        <p className="text-muted-foreground">
          {moment === 'first'
            ? t.preview.firstScanNote(branding.fontFamily)
            : t.preview.laterNote(branding.fontFamily)}
        </p>
      </fieldset>
      {people.isPending ? (
        <p className="p-4 text-sm text-muted-foreground">{t.preview.loading}</p>
      ) : (
        <div
          inert
          className="flex flex-col gap-4"
          data-testid="branding-preview-page"
          // The guest page's first-scan hold (decision 0412) is `sans-serif` alone.
          style={moment === 'first' ? { fontFamily: 'sans-serif' } : undefined}
        >
          <RecipientHeader entry={entry} />
          <Card>
            <CardContent className="pt-5">
              <AmountStep
                action="#"
                amountCents={PREVIEW_AMOUNT_CENTS}
                onAmountChange={noop}
                onCustomAmountSettled={noop}
                onContinue={noop}
                tonality={branding.tonality}
              />
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
