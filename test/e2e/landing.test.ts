import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, trackPageErrors } from './support/harness';
import { decodeQrPng, horizontalOverflow } from './support/page-checks';
import { useE2E } from './support/environment';

const CONTACT = 'hallo@seeblick.example';
const e2e = useE2E({ config: { contactEmail: CONTACT } });
let context: BrowserContext;

beforeAll(async () => {
  context = await e2e.context();
});
afterAll(async () => {
  await context?.close();
});

/** Distance of a section's top edge from the top of the viewport. */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)!.getBoundingClientRect().top, id);

async function openLanding(page: Page) {
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
}

describe('landing page', () => {
  it('scrolls to each section from the header, and "Demo ansehen" to the demo', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });

    for (const [name, id] of [
      ['Funktionen', 'features'],
      ['Zielgruppen', 'zielgruppen'],
      ['Demo', 'demo'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      // Smooth scrolling takes a moment; the section ends up just below the sticky header.
      await expect.poll(() => sectionTop(page, id), { timeout: 5_000 }).toBeLessThan(80);
      expect(await sectionTop(page, id)).toBeGreaterThanOrEqual(0);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    }

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Demo ansehen' }).click();
    await expect.poll(() => sectionTop(page, 'demo'), { timeout: 5_000 }).toBeLessThan(80);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the spec content: claims, prices, example amounts, page title and description', async () => {
    const page = await context.newPage();
    await openLanding(page);
    expect(await page.title()).toBe('Trinkgeld – digitales Trinkgeld ohne App');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toContain('100 % für Ihr Team');

    const text = await page.locator('main').innerText();
    for (const claim of [
      'Keine App nötig',
      'DSGVO-konform und steuerfrei',
      'Direkte Auszahlung',
      'Über 500 Betriebe',
      '100 % für Mitarbeiter',
      'Kostenlos für Arbeitgeber und Mitarbeiter',
      'Steuerfrei',
      'zzgl. MwSt.',
      'monatlich kündbar',
      'Whitelabel-Branding',
      'Unbegrenzte QR-Codes',
      'Warum keine App?',
    ]) {
      expect(text, claim).toContain(claim);
    }
    // The spec's example: 10 EUR tip plus a 50 cent contribution; Pro from 19 EUR.
    expect(text).toMatch(/10,00\s€/);
    expect(text).toMatch(/0,50\s€/);
    expect(text).toMatch(/10,50\s€/);
    expect(text).toMatch(/ab\s+19\s€/);
    await page.locator('#demo img[data-qr-value]').waitFor();
    const demo = await page.locator('#demo').innerText();
    for (const amount of ['5', '10', '15']) expect(demo).toMatch(new RegExp(`\\b${amount}\\s€`));
    await page.close();
  });

  it('opens the sign-up from "Jetzt ausprobieren" and the login from "Web-App öffnen"', async () => {
    const page = await context.newPage();
    await openLanding(page);
    await page.getByRole('link', { name: 'Jetzt ausprobieren' }).click();
    await page.waitForURL('**/registrieren');
    await page.getByRole('heading', { level: 1, name: 'Betrieb registrieren' }).waitFor();

    await openLanding(page);
    await page.getByRole('link', { name: 'Web-App öffnen' }).click();
    await page.waitForURL('**/employee/login');
    await page.close();
  });

  it("offers Pro to try through sign-up, and 'Tarif' to customers", async () => {
    const page = await context.newPage();
    await openLanding(page);
    const pro = page.locator('#pro');
    await expect
      .poll(() => pro.getByRole('link', { name: 'Pro testen' }).getAttribute('href'))
      .toBe('/registrieren');
    expect(
      await pro.getByRole('link', { name: 'Schon Kunde? Zum Tarif' }).getAttribute('href'),
    ).toBe('/admin/tarif');
    await page.close();
  });

  it('sends enquiries to the configured contact address', async () => {
    const page = await context.newPage();
    await openLanding(page);
    const pro = page.getByRole('link', { name: 'Pro anfragen' });
    await expect.poll(() => pro.getAttribute('href')).toMatch(new RegExp(`^mailto:${CONTACT}\\?`));
    expect(decodeURIComponent((await pro.getAttribute('href'))!)).toContain(
      'subject=Anfrage Trinkgeld Pro',
    );
    const demoRequest = await page
      .getByRole('link', { name: 'Demo anfragen' })
      .getAttribute('href');
    expect(demoRequest).toMatch(new RegExp(`^mailto:${CONTACT}\\?subject=Demo-Anfrage`));
    const contact = await page
      .getByRole('link', { name: 'Kontakt', exact: true })
      .getAttribute('href');
    expect(contact).toBe(`mailto:${CONTACT}?subject=Kontakt`);
    await page.close();
  });

  it('links the legal footer items to their pages; links /security', async () => {
    const page = await context.newPage();
    await openLanding(page);
    expect(await page.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe(
      '/impressum',
    );
    expect(await page.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe(
      '/datenschutz',
    );
    expect(await page.getByRole('link', { name: 'AGB', exact: true }).getAttribute('href')).toBe(
      '/agb',
    );
    // The footer leads to the security centre, which opens at its top, not mid-page.
    await page.getByRole('link', { name: 'Sicherheitscenter' }).click();
    await page.waitForURL('**/security');
    await page.getByRole('heading', { level: 1, name: 'Sicherheitscenter' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it('links the demo to a working tip page whose QR code carries the same link', async () => {
    const page = await context.newPage();
    await openLanding(page);
    const qr = page.locator('#demo img[data-qr-value]');
    await qr.waitFor();
    expect(await qr.getAttribute('alt')).toContain('Anna Schneider');
    expect(decodeQrPng(await qr.screenshot())).toBe(`${e2e.server.url}/t/aio-anna-schneider-4k7p`);

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/t/aio-anna-schneider-4k7p')),
      page.getByRole('link', { name: 'Demo-Trinkgeld-Seite öffnen' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await page.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    await page.close();
  });

  it('is reachable by keyboard: skip link, header anchors, login and hero buttons', async () => {
    const page = await context.newPage();
    await openLanding(page);
    const reached: string[] = [];
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return (el?.getAttribute('aria-label') || el?.innerText || '').trim();
        }),
      );
    }
    expect(reached[0]).toBe('Zum Inhalt springen');
    for (const name of [
      'Funktionen',
      'Zielgruppen',
      'Demo',
      'Login',
      'Jetzt ausprobieren',
      'Demo ansehen',
    ]) {
      expect(reached, name).toContain(name);
    }
    await page.close();
  });

  it('switches to the dark theme and remembers it', async () => {
    const page = await context.newPage();
    await openLanding(page);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page
      .getByRole('group', { name: 'Farbschema' })
      .getByRole('button', { name: 'Dunkel' })
      .click();
    // The page's code loads on this first click and then carries it out (decision 0266).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    expect(await background()).not.toBe(light);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    // Rendered on "System" by the server; marked as soon as the page's code has taken over.
    await expect
      .poll(() => page.getByRole('button', { name: 'Dunkel' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByRole('button', { name: 'System' }).click();
    await page.close();
  });

  it('arrives rendered with its stylesheet inline, and its links work without JavaScript', async () => {
    const html = await (await fetch(`${e2e.server.url}/`)).text();
    expect(html).toContain('Trinkgeld, das ankommt');
    expect(html).toContain('href="/impressum"');
    expect(html).toContain(`mailto:${CONTACT}`);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    // React is not among the scripts the page loads up front (decision 0266).
    expect(html.match(/<script type="module"[^>]*>/g)).toHaveLength(1);

    const noScript = await e2e.context({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    await openLanding(page);
    await page.getByRole('link', { name: 'Impressum' }).click();
    await page.waitForURL('**/impressum');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await noScript.close();
  });

  it('fits 360, 768 and 1280 px without sideways scrolling; screenshots at 360 and 1280', async () => {
    for (const width of [360, 768, 1280]) {
      const narrow = await e2e.context({
        viewport: { width, height: 800 },
        isMobile: width < 768,
      });
      const page = await narrow.newPage();
      await openLanding(page);
      await page.locator('#demo img[data-qr-value]').waitFor();
      expect(await horizontalOverflow(page), `${width} px`).toBe(0);
      if (width !== 768) await screenshot(page, `landing-${width}`);
      if (width === 360) {
        // The header anchors fold into a menu on phones.
        await page.getByRole('button', { name: 'Menü' }).click();
        await page
          .getByRole('navigation', { name: 'Hauptnavigation' })
          .getByRole('link', { name: 'Zielgruppen' })
          .click();
        await expect
          .poll(() => sectionTop(page, 'zielgruppen'), { timeout: 5_000 })
          .toBeLessThan(80);
        expect(await page.getByRole('button', { name: 'Menü' }).getAttribute('aria-expanded')).toBe(
          'false',
        );
      }
      await narrow.close();
    }
  });
});
