import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deferGuestBoot, GUEST_BOOT_LOADER, GUEST_BOOT_LOADER_CSP } from './guest-boot-loader';

const BUILT = `<!doctype html>
<html lang="de">
  <head>
    <title>Trinkgeld geben</title>
    <script type="module" crossorigin src="/assets/guest-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/preload-X1.js">
    <link rel="modulepreload" crossorigin href="/assets/brand-theme-Y2.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the tip page boot script after the first paint (decision 0267)', () => {
  it('takes the boot script and its preloads out of the head and names it for the loader', () => {
    const html = deferGuestBoot(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<meta name="trinkgeld-boot" content="/assets/guest-AbC123.js" />');
    expect(html).toContain(`<script>${GUEST_BOOT_LOADER}</script>\n  </body>`);
    // The loader comes after the page's content, so it cannot delay the first paint.
    expect(html.indexOf('<div id="root">')).toBeLessThan(html.indexOf(GUEST_BOOT_LOADER));
  });

  it('leaves a page without a built boot script as it is', () => {
    const bare = BUILT.replace(/\s*<script type="module"[^<]*<\/script>/, '');
    expect(deferGuestBoot(bare)).toBe(bare);
  });

  it('is allowed by the Content-Security-Policy by exactly its hash', () => {
    const hash = createHash('sha256').update(GUEST_BOOT_LOADER).digest('base64');
    expect(GUEST_BOOT_LOADER_CSP).toBe(`'sha256-${hash}'`);
    expect(GUEST_BOOT_LOADER).not.toContain('</script');
  });
});
