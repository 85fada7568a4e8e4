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

/** The first view's font while the branding font is held back (decision 0412). */
const SYSTEM_FONT_FIRST = 'body,[data-brand]{font-family:sans-serif!important}';

export interface GuestTemplate {
  html: string;
  /** Each branding font's `@font-face` rules, for the head of a page in that font. */
  fontFaces: Partial<Record<BrandFont, string>>;
}

/**
 * A branding font in the first view without a layout shift (decision 0265): its faces are in the
 * head from the start with `font-display: optional`, so a phone that has the font cached paints
 * in it at once, and one that has not keeps the system font for this page instead of swapping
 * (and moving the text) when the font arrives. A browser that has not been here before gets the
 * faces switched off (decision 0412): its first layout then asks for no font file and fewer
 * fonts, and the app switches them on (and fetches the files) after the first paint.
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
  /**
   * Whether the first view may use that font: only when the browser likely has its files
   * already (decision 0412); otherwise the faces come switched off, for the app to switch on.
   */
  fontInFirstView: boolean;
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
    const font = escapeHtml(parts.font!);
    // `media="not all"` keeps the faces from applying: no download until the app switches the
    // sheet on (src/web/lib/brand-theme.ts). Until then the page speaks the platform's sans-serif
    // alone: each family a stack names costs a font lookup per size and weight in the first
    // layout, found or not (traced at 4x: 24 with the brand stack, 12 with `system-ui` or
    // `-apple-system` before `sans-serif`, 6 with `sans-serif` alone).
    const style = parts.fontInFirstView
      ? `<style data-brand-font="${font}">${faces}</style>`
      : `<style data-brand-font-later="${font}" media="not all">${faces}</style>` +
        `<style data-system-font>${SYSTEM_FONT_FIRST}</style>`;
    html = html.replace('</head>', () => `${style}\n  </head>`);
  }
  return html.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${parts.markup}</div>\n    <script type="application/json" id="${parts.dataId}">${scriptSafeJson(parts.data)}</script>`,
  );
}
