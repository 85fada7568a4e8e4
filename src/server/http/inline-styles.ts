import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The built page's own stylesheets (`<link rel="stylesheet" href="/assets/…">`) put into the
 * HTML as `<style>`: the first paint then waits for no second request (decision 0265).
 * Read once at start-up; a link whose file is missing stays a link.
 */
export function inlineStylesheets(html: string, webDir: string): string {
  const assets = path.resolve(webDir, 'assets');
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (link, href: string) => {
      const file = path.resolve(webDir, href);
      if (path.dirname(file) !== assets || !existsSync(file)) return link;
      return `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
    },
  );
}

/**
 * The built stylesheet of a chunk named `<name>-<hash>.css` in the assets folder (a font's
 * `@font-face` rules), or null without a build.
 */
export function builtStylesheet(webDir: string, name: string): string | null {
  const assets = path.join(webDir, 'assets');
  if (!existsSync(assets)) return null;
  const pattern = new RegExp(`^${name}-[\\w-]{8}\\.css$`);
  const file = readdirSync(assets).find((candidate) => pattern.test(candidate));
  return file ? readFileSync(path.join(assets, file), 'utf8') : null;
}
