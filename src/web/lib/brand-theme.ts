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

/**
 * A font whose faces the server sent switched off (`media="not all"`, decision 0412): the first
 * view paints in the system font without asking for the files; they are fetched once the page
 * has loaded, so the next step (switchOnLaterBrandFont) and the next visit have them at hand.
 */
let laterSheet: HTMLStyleElement | null = null;

export function brandFontLater(font: BrandFont, sheet: HTMLStyleElement): void {
  requested.add(font);
  laterSheet = sheet;
  const fetchFiles = () => {
    for (const [, url] of sheet.textContent?.matchAll(/url\(([^)]+\.woff2)\)/g) ?? []) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'font';
      link.type = 'font/woff2';
      // Fonts are fetched in CORS mode; the prefetch must match to be reused.
      link.crossOrigin = 'anonymous';
      link.href = url!;
      document.head.appendChild(link);
    }
  };
  if (document.readyState === 'complete') setTimeout(fetchFiles, 0);
  else window.addEventListener('load', () => setTimeout(fetchFiles, 0), { once: true });
}

/**
 * Switches on the faces held back by brandFontLater, when the guest moves on from the first
 * view: the screen changes anyway, right after a tap. The faces keep `font-display: optional`,
 * so a font not yet fetched never swaps in under the guest's eyes.
 */
export function switchOnLaterBrandFont(): void {
  if (!laterSheet) return;
  laterSheet.media = 'all';
  laterSheet = null;
  // The system font the first view was held to goes with it.
  document.querySelector('style[data-system-font]')?.remove();
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
