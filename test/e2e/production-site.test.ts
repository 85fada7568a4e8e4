import { describe, expect, it } from 'vitest';
import { DEMO_PAGE_PATHS } from '../../src/shared/app-pages';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';

/**
 * Decision 0520: a production site shows no demo. The server runs as in
 * production (NODE_ENV=production, sign-up closed as SIGNUP defaults there); the demo data gives
 * it an owner to sign in with. Development keeps all of it (public-pages.test.ts, landing.test.ts).
 */
const e2e = useE2E({ config: { nodeEnv: 'production', signup: 'closed' } });

describe('a production site', () => {
  it('links no demo page and offers no sign-up while sign-up is closed', async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    // The landing page is rendered with the configuration, so what it leaves out is final.
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Sicherheitscenter' }).waitFor();
    expect(await footer.getByRole('navigation', { name: 'Für Entwickler' }).count()).toBe(0);
    for (const name of [
      'Demo-Showcase',
      'Prototyp-Übersicht',
      'Styleguide',
      'Entwickler-Übergabe',
      'Alle Demo-Bezahlpunkte',
      'Jetzt ausprobieren',
    ]) {
      expect(await page.getByRole('link', { name }).count(), name).toBe(0);
    }

    await page.goto('/security');
    await page.getByRole('navigation', { name: 'Dokumentation' }).waitFor();
    expect(
      await page.getByRole('navigation', { name: 'Dokumentation' }).getByRole('link').count(),
    ).toBe(1);

    const configAnswered = page.waitForResponse((answer) =>
      answer.url().endsWith('/api/public-config'),
    );
    await page.goto('/employee/login');
    expect((await (await configAnswered).json()).signup).toBe('closed');
    await page
      .getByText('Mitarbeitende erhalten ihren Zugang per Einladung ihres Betriebs.')
      .waitFor();
    expect(await page.getByText('Noch kein Konto?').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Jetzt registrieren' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('answers the demo pages with the not-found page and status 404', async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    for (const pagePath of DEMO_PAGE_PATHS) {
      const response = await page.goto(pagePath);
      expect(response?.status(), pagePath).toBe(404);
      await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it("shows an owner no demo data tool ('Demo-Daten | Super Admin')", async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, 'inhaber@demo.local', '/admin/uid-management');
    await page.getByRole('heading', { name: 'UID-Verwaltung', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Neuer Bezahlpunkt' }).waitFor();
    // The points are listed, so the page has everything it shows.
    await page.getByText('aio-anna-schneider-4k7p').first().waitFor();
    expect(await page.getByText('Super Admin', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Demo-Daten generieren' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
