import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BRANDING_FONTS } from '../../../shared/domain/constants';
import type { BrandFont } from '../../../web/server-entry';
import { deferGuestBoot } from '../../http/guest-boot-loader';
import { scriptSafeJson } from '../../http/html-response';
import { builtStylesheet, inlineStylesheets } from '../../http/inline-styles';
import { escapeHtml } from '../../lib/html';

/**
 * Without a build (integration tests) the page is still whole HTML, only without the app's
 * script and styles.
 */
const BARE_TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Trinkgeld geben – schnell, sicher und ohne App." />
    <meta name="theme-color" content="#003057" />
    <title>Trinkgeld geben</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

export interface GuestTemplate {
  html: string;
  /** Each branding font's `@font-face` rules, for the head of a page in that font. */
  fontFaces: Partial<Record<BrandFont, string>>;
}

/**
 * A branding font in the first view without a layout shift (decision 0265): its faces are in the
 * head from the start with `font-display: optional`, so a phone that has the font cached paints
 * in it at once, and one that has not keeps the system font for this page instead of swapping
 * (and moving the text) when the font arrives; the font is cached for the next visit.
 */
function brandFontFaces(webDir: string): GuestTemplate['fontFaces'] {
  const faces: GuestTemplate['fontFaces'] = {};
  for (const font of BRANDING_FONTS) {
    const css = builtStylesheet(webDir, font.toLowerCase().replace(/ /g, '-'));
    if (css) faces[font] = css.replace(/font-display:\s*swap/g, 'font-display:optional');
  }
  return faces;
}

/** The built guest.html (stylesheet inline, boot script after the first paint), read once. */
export function loadGuestTemplate(webDir: string): GuestTemplate {
  const file = path.join(webDir, 'guest.html');
  const html = existsSync(file) ? readFileSync(file, 'utf8') : BARE_TEMPLATE;
  return {
    // The build's own notice is for pages React renders alone; this page works without script.
    html: deferGuestBoot(
      inlineStylesheets(html, webDir).replace(/\s*<noscript>[\s\S]*?<\/noscript>/, ''),
    ),
    fontFaces: brandFontFaces(webDir),
  };
}

export interface GuestPageParts {
  lang: string;
  title: string;
  description: string;
  themeColor: string | null;
  /** The business's branding font, whose faces go into the head. */
  font: BrandFont | null;
  markup: string;
  /** The data the browser hydrates from, sent as JSON that no browser executes. */
  data: unknown;
  dataId: string;
}

export function fillGuestTemplate(template: GuestTemplate, parts: GuestPageParts): string {
  let html = template.html
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(parts.lang)}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`)
    .replace(
      /(<meta name="description" content=")[^"]*(")/,
      (_all, start: string, end: string) => `${start}${escapeHtml(parts.description)}${end}`,
    );
  if (parts.themeColor) {
    html = html.replace(
      /(<meta name="theme-color" content=")[^"]*(")/,
      (_all, start: string, end: string) => `${start}${escapeHtml(parts.themeColor!)}${end}`,
    );
  }
  const faces = parts.font ? template.fontFaces[parts.font] : undefined;
  if (faces) {
    html = html.replace(
      '</head>',
      () => `<style data-brand-font="${escapeHtml(parts.font!)}">${faces}</style>\n  </head>`,
    );
  }
  return html.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${parts.markup}</div>\n    <script type="application/json" id="${parts.dataId}">${scriptSafeJson(parts.data)}</script>`,
  );
}
