import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../payments/demo-checkout-page';

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

/** The built guest.html (its hashed script and stylesheet), read once. */
export function loadGuestTemplate(webDir: string): string {
  const file = path.join(webDir, 'guest.html');
  const html = existsSync(file) ? readFileSync(file, 'utf8') : BARE_TEMPLATE;
  // The build's own notice is for pages React renders alone; this page works without script.
  return html.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
}

export interface GuestPageParts {
  lang: string;
  title: string;
  description: string;
  themeColor: string | null;
  markup: string;
  /** The data the browser hydrates from, sent as JSON that no browser executes. */
  data: unknown;
  dataId: string;
}

/** JSON that cannot end its script element or open a comment inside it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function fillGuestTemplate(template: string, parts: GuestPageParts): string {
  let html = template
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
  return html.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${parts.markup}</div>\n    <script type="application/json" id="${parts.dataId}">${scriptSafeJson(parts.data)}</script>`,
  );
}
