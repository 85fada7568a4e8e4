import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** How many CSS pixels the page is wider than the viewport (0: no sideways scrolling). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * The labels of the links and buttons inside `selector` whose text spills out of them, sideways
 * or below (a label must wrap inside its button).
 */
export async function spillingLabels(page: Page, selector = 'main'): Promise<string[]> {
  return page
    .locator(selector)
    .evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('a, button')]
        .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
        .map((el) => el.textContent ?? ''),
    );
}

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page and returns the serious and critical violations. The script goes
 * in through the DevTools protocol, so the page's CSP (script-src 'self') stays as it is.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  const violations = await axeViolations(page);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Every axe-core violation, best-practice and minor ones too (Lighthouse counts them). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document)) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[] }[];
      }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations;
}

/** Decodes the QR code in a PNG screenshot; null when there is none. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/**
 * Records the text of every toast the page shows, from the first script on. A toast closes
 * itself after a few seconds of real time, so on a busy machine it can be gone before a locator
 * looks; the record keeps what the person saw.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toastTexts: string[] }).__toastTexts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
        const text = toast.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __toastTexts?: string[] }).__toastTexts ?? []);
}

/**
 * Loads the app's pages without the session and profile answers in their HTML (decision 0417),
 * as the staff worker's offline shell starts: the browser then asks the API itself, and a test
 * can hold or fail those requests to see the loading and error screens.
 */
export async function withoutPageBoot(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="page-boot">[^<]*<\/script>/,
        '',
      );
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: response.status(), headers, body });
    },
  );
}
