import { useEffect } from 'react';
import type { BrandingUpdateInput } from '../../../../shared/api/branding';
import { PRESET_TIP_AMOUNTS_CENTS } from '../../../../shared/domain/constants';
import { isHexColor, normalizeHexColor } from '../../../../shared/domain/contrast';
import { formatCents } from '../../../../shared/domain/money';
import { brandingTexts as t } from '../../../../shared/i18n/admin-branding';
import { type BrandFont, brandThemeStyle, loadBrandFont } from '../../../lib/brand-theme';

const FALLBACK = { primaryColor: '#003057', secondaryColor: '#C8C9C7', accentColor: '#C8AA61' };

/** A colour the preview can draw: the typed one once it is a colour, else the last good default. */
function drawable(value: string | undefined, fallback: string): string {
  const normalized = normalizeHexColor(value ?? '');
  return isHexColor(normalized) ? normalized : fallback;
}

/**
 * The guest tip page in miniature, with the same design tokens the real page gets
 * (brandThemeStyle), so what the owner sees here is what guests see.
 */
export function BrandingPreview({
  values,
  businessName,
}: {
  values: Partial<BrandingUpdateInput>;
  businessName: string;
}) {
  const font = (values.fontFamily ?? 'Fira Sans') as BrandFont;
  useEffect(() => loadBrandFont(font), [font]);
  const look = {
    primaryColor: drawable(values.primaryColor, FALLBACK.primaryColor),
    secondaryColor: drawable(values.secondaryColor, FALLBACK.secondaryColor),
    accentColor: drawable(values.accentColor, FALLBACK.accentColor),
    fontFamily: font,
  };
  const wording = t.tonalityWording[values.tonality ?? 'friendly'];
  const companyName = values.companyName?.trim() || businessName;
  const thanks = values.thankYouMessage?.trim() || 'Vielen Dank für Ihr Trinkgeld!';
  return (
    <div
      className="light overflow-hidden rounded-lg border border-border bg-background p-3 text-foreground"
      style={brandThemeStyle(look)}
      data-testid="branding-preview"
    >
      <div className="overflow-hidden rounded-lg border border-border bg-card shadow-sm">
        <div
          className="flex items-center gap-2 bg-primary px-4 pb-9 pt-3 text-primary-foreground"
          data-testid="preview-header"
        >
          {values.logoUrl ? <img src={values.logoUrl} alt="Logo" className="h-7 w-auto" /> : null}
          <span className="text-sm font-semibold">{companyName}</span>
        </div>
        <div className="-mt-8 flex flex-col items-center gap-1 px-4 pb-4 text-center">
          <span
            aria-hidden="true"
            className="flex h-16 w-16 items-center justify-center rounded-full border-4 border-card bg-secondary text-xl font-semibold text-secondary-foreground"
          >
            AS
          </span>
          <p className="mt-1 text-lg font-bold">{t.preview.employee}</p>
          <p className="text-sm text-muted-foreground">{t.preview.jobTitle}</p>
          <p className="text-sm italic text-muted-foreground">„{thanks}“</p>
        </div>
      </div>
      <div className="mt-3 rounded-lg border border-border bg-card p-4 shadow-sm">
        <p className="text-lg font-bold">{wording.heading}</p>
        <p className="text-sm text-muted-foreground">{wording.line}</p>
        <div
          className="mt-3 grid grid-cols-3 gap-2"
          role="group"
          aria-label={t.preview.amountsLabel}
        >
          {PRESET_TIP_AMOUNTS_CENTS.map((cents, index) => (
            <span
              key={cents}
              className={
                index === 1
                  ? 'rounded-lg border-2 border-accent bg-primary py-3 text-center font-semibold text-primary-foreground'
                  : 'rounded-lg border border-input bg-secondary py-3 text-center font-semibold text-secondary-foreground'
              }
            >
              {formatCents(cents).replace(',00', '')}
            </span>
          ))}
        </div>
        <span className="mt-3 flex h-11 items-center justify-center rounded-lg bg-primary text-sm font-medium text-primary-foreground">
          {t.preview.continue}
        </span>
      </div>
    </div>
  );
}
