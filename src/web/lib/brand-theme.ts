import type { CSSProperties } from 'react';
import type { BRANDING_FONTS } from '../../shared/domain/constants';
import { focusRingColor } from '../../shared/domain/contrast';

export type BrandFont = (typeof BRANDING_FONTS)[number];

/**
 * Each branding font as its own stylesheet chunk (latin, weights 400/600/700, self-hosted from
 * @fontsource): a page loads only the font its business chose, never all six
 * (docs/decisions/0110-branding-fonts.md).
 */
const FONT_LOADERS: Record<BrandFont, () => Promise<unknown>> = {
  'Fira Sans': () => import('./fonts/fira-sans.css'),
  Inter: () => import('./fonts/inter.css'),
  Roboto: () => import('./fonts/roboto.css'),
  'Open Sans': () => import('./fonts/open-sans.css'),
  Montserrat: () => import('./fonts/montserrat.css'),
  Poppins: () => import('./fonts/poppins.css'),
};

const requested = new Set<BrandFont>();

/**
 * A font whose faces the page already has (the server puts them into the guest page's head with
 * `font-display: optional`, decision 0265): loading the stylesheet as well would add `swap`
 * faces and move the text when the font arrives.
 */
export function brandFontInPage(font: BrandFont): void {
  requested.add(font);
}

/** Loads a branding font once per page; a failed load leaves the system font, never an error. */
export function loadBrandFont(font: BrandFont): void {
  if (requested.has(font)) return;
  requested.add(font);
  FONT_LOADERS[font]?.().catch(() => requested.delete(font));
}

export const SYSTEM_FONT_STACK =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function fontStack(font: BrandFont): string {
  return `'${font}', ${SYSTEM_FONT_STACK}`;
}

export interface BrandLook {
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  fontFamily: BrandFont;
}

/**
 * The design tokens a business's colours replace, as inline CSS variables for a themed area
 * (the guest pages, the branding preview). Text on the primary colour is white and text on the
 * accent is the primary colour: the contrast rule guarantees both read
 * (src/shared/domain/contrast.ts).
 */
export function brandThemeStyle(look: BrandLook): CSSProperties {
  return {
    '--brand-primary': look.primaryColor,
    '--brand-secondary': look.secondaryColor,
    '--brand-accent': look.accentColor,
    '--primary': look.primaryColor,
    '--primary-foreground': '#FFFFFF',
    '--secondary': look.secondaryColor,
    '--secondary-foreground': look.primaryColor,
    '--accent': look.accentColor,
    '--accent-foreground': look.primaryColor,
    // The accent only where it reaches 3:1 as a focus ring (decision 0354).
    '--ring': focusRingColor(look),
    fontFamily: fontStack(look.fontFamily),
  } as CSSProperties;
}
