import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackPageErrors } from './support/harness';
import { decodeQrPng, horizontalOverflow } from './support/page-checks';
import { useE2E } from './support/environment';

const e2e = useE2E();

let context: BrowserContext;

beforeAll(async () => {
  context = await e2e.context();
});
afterAll(async () => {
  await context?.close();
});

describe('demo showcase', () => {
  it('shows a loading state, then the demo points grouped with QR codes that open the tip page', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/showcase', async (route) => {
      await held;
      await route.fallback();
    });

    await page.goto('/demo-showcase');
    await page.getByText('Demo-Bezahlpunkte werden geladen...').waitFor();
    release();

    const groups = page.locator('main section h2');
    await groups.first().waitFor();
    expect(await groups.allInnerTexts()).toEqual(['Personen', 'Teams', 'Objekte und Bereiche']);
    expect(await page.locator('main img[data-qr-value]').count()).toBe(10);

    const anna = page.getByRole('listitem').filter({ hasText: 'aio-anna-schneider-4k7p' });
    expect(await anna.innerText()).toMatch(/Abteilung\s+Rezeption/);
    expect(await anna.innerText()).toMatch(/Schicht\s+Frühschicht/);
    const table = page.getByRole('listitem').filter({ hasText: 'aio-tisch-7-2b5n' });
    expect(await table.innerText()).not.toContain('Schicht');
    expect(await table.innerText()).toMatch(/Ort\s+Seeterrasse/);

    const qr = anna.locator('img[data-qr-value]');
    expect(decodeQrPng(await qr.screenshot())).toBe(`${e2e.server.url}/t/aio-anna-schneider-4k7p`);
    expect(await qr.getAttribute('alt')).toContain('Anna Schneider');

    await anna.getByRole('link', { name: /Trinkgeld-Seite öffnen/ }).click();
    await page.waitForURL('**/t/aio-anna-schneider-4k7p');
    await page.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('security centre', () => {
  it('describes the protections and offers the way home and to the login', async () => {
    const page = await context.newPage();
    await page.goto('/security');
    await page.getByRole('heading', { level: 1, name: 'Sicherheitscenter' }).waitFor();
    const text = await page.locator('main').innerText();
    for (const fact of [
      'Stripe Checkout',
      'scrypt',
      'httpOnly',
      '15 Minuten',
      'Audit-Log',
      "script-src 'self'",
      'PostgreSQL',
    ]) {
      expect(text, fact).toContain(fact);
    }
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await page.waitForURL('**/employee/login');
    await page.goBack();
    await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    await page.close();
  });
});

// The prototype overview's flows, status labels and thank-you loop dialog are checked in the
// component tier (PrototypeDemoPage.test.tsx; decision 0590); the page is opened below at 360 px.

describe('style guide and developer handover', () => {
  it('renders the live tokens and components; the toast sample raises a real toast', async () => {
    const page = await context.newPage();
    await page.goto('/styleguide');
    await page.getByRole('heading', { name: 'Farben', exact: true }).waitFor();
    // The swatch shows the variable's current value, read from the page itself.
    expect(await page.getByText('--primary: #003057').count()).toBe(1);
    await page.getByRole('button', { name: 'Dunkel' }).first().click();
    await page.getByText('--primary: #7fb2e5').waitFor();
    await page.getByRole('button', { name: 'System' }).first().click();
    for (const name of ['Primär', 'Sekundär', 'Kontur', 'Ghost', 'Destruktiv', 'Akzent']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBeGreaterThan(
        0,
      );
    }
    await page.getByRole('button', { name: 'Toast: Erfolg' }).click();
    expect(await page.getByTestId('toast').innerText()).toContain('Download erfolgreich');
    await page.close();
  });

  it('explains run, configuration, deployment and architecture and lists the API', async () => {
    const page = await context.newPage();
    await page.goto('/developer-handover');
    await page.getByRole('heading', { name: 'Konfiguration' }).waitFor();
    const text = await page.locator('main').innerText();
    for (const part of [
      'npm ci && npm start',
      'DATABASE_URL',
      'CONTACT_EMAIL',
      '/healthz',
      'src/server',
      'presenter',
    ]) {
      expect(text, part).toContain(part);
    }
    await page.getByText('/api/showcase', { exact: true }).waitFor();
    const link = page.getByRole('link', { name: /OpenAPI-Dokument öffnen/ });
    expect(await link.getAttribute('href')).toBe('/api/docs');
    const docs = await context.request.get('/api/docs');
    expect(docs.status()).toBe(200);
    expect((await docs.json()).paths['/api/public-config']).toBeDefined();
    await page.close();
  });
});

describe('public pages on a phone', () => {
  it('have a title, a description and no sideways scrolling at 360 px', async () => {
    const phone = await e2e.context({
      viewport: { width: 360, height: 740 },
      isMobile: true,
    });
    const page = await phone.newPage();
    for (const [path, title] of [
      ['/security', 'Sicherheitscenter · Trinkgeld'],
      ['/demo-showcase', 'Demo-Showcase · Trinkgeld'],
      ['/styleguide', 'Styleguide · Trinkgeld'],
      ['/prototype-demo', 'Prototyp-Übersicht · Trinkgeld'],
      ['/developer-handover', 'Entwickler-Übergabe · Trinkgeld'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toBe(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length, path).toBeGreaterThan(40);
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    await phone.close();
  });
});
