import { eq } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEntrypoints, profiles, tips } from '../../src/server/db/schema';
import type { Clock } from '../../src/server/lib/clock';
import { PAY_LATER_LINK_TTL_MS } from '../../src/shared/domain/constants';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { screenshot, trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

/** Real time that a test can jump ahead: retries need seconds to pass, pay-later links a day. */
class ShiftedClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

let context: BrowserContext;
const clock = new ShiftedClock();
const e2e = useE2E({ seeded: false, clock });
let hotel: FactoryBusiness;
/** The codes the journeys scan: Clara's, David's and the bar counter's. */
let claraUid: string;
let davidUid: string;
let barUid: string;

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [
      { fullName: 'Clara Fischer', jobTitle: 'Barkeeperin' },
      { fullName: 'David Wagner', jobTitle: 'Concierge' },
    ],
    points: ['person', 'person', 'object'],
  });
  [claraUid, davidUid, barUid] = hotel.points.map((point) => point.uid) as [string, string, string];
  context = await e2e.context({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
});
afterAll(async () => {
  await context?.close();
});

describe('when a payment does not go through', () => {
  it('shows the error step after cancel and failure, retries, and offers a pay-later link for 24 hours', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`/t/${claraUid}`);
    await page.getByRole('button', { name: '15 €' }).click();
    await page.getByRole('button', { name: 'Weiter zur Zahlung · 15,00 €' }).click();
    await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();

    await page.waitForURL('**/checkout/demo/**');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page.waitForURL(`**/t/${claraUid}**`);
    await page
      .getByRole('heading', { name: 'Die Zahlung konnte leider nicht abgeschlossen werden' })
      .waitFor();
    await page.getByText('Zahlung abgebrochen', { exact: true }).waitFor();
    await page.getByText('Noch 3 Versuche möglich.').waitFor();
    await page.getByText('SSL-verschlüsselt').waitFor();
    await screenshot(page, 'guest-error-step');

    // 'Erneut versuchen' waits its backoff, then opens a new checkout.
    await page.getByRole('button', { name: /Erneut versuchen/ }).click();
    await page.waitForURL('**/checkout/demo/**');
    await page.getByRole('button', { name: 'Fehlschlagen' }).click();
    await page.waitForURL(`**/t/${claraUid}**`);
    await page
      .getByRole('heading', { name: 'Die Zahlung konnte leider nicht abgeschlossen werden' })
      .waitFor();
    await page.getByText('Ihre Zahlung wurde abgelehnt. Es wurde nichts abgebucht.').waitFor();
    await page.getByText('Noch 2 Versuche möglich.').waitFor();

    const attempts = await e2e.server.deps.database.db
      .select({ status: tips.status })
      .from(tips)
      .where(eq(tips.entrypointUid, claraUid));
    const recent = attempts.filter((row) => row.status === 'cancelled' || row.status === 'failed');
    expect(recent.length).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Später zahlen' }).click();
    await page.getByText('Link kopiert').waitFor();
    await page.getByText('Der Link ist 24 Stunden gültig.').first().waitFor();
    const link = await page.getByTestId('pay-later-link').getAttribute('href');
    expect(link).toMatch(new RegExp(`/t/${claraUid}\\?amount=15\\.00&later=[A-Za-z0-9_-]+$`));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await page.getByRole('heading', { name: 'Zahlungsmethode' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();

    // Within 24 hours the link opens the payment step with its amount.
    const later = await context.newPage();
    await later.goto(link!);
    await later.getByRole('heading', { name: 'Zahlungsmethode' }).waitFor();
    await later.getByText(/Zahlungslink gültig bis/).waitFor();
    expect((await later.locator('dl').first().textContent())?.replace(/\u00a0/g, ' ')).toContain(
      'Trinkgeld15,00 €',
    );
    await later.close();

    // After 24 hours the server refuses it.
    clock.advance(PAY_LATER_LINK_TTL_MS + 1_000);
    const expired = await context.newPage();
    await expired.goto(link!);
    await expired.getByText('Link abgelaufen').waitFor();
    await expired.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    expect(await expired.getByRole('heading', { name: 'Zahlungsmethode' }).count()).toBe(0);
    await expired.close();
  });
});

describe('codes that cannot be tipped', () => {
  it("answers an inactive code's page with 'Code nicht aktiv' directly (410, no redirect)", async () => {
    await e2e.server.deps.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.uid, barUid));
    const page = await context.newPage();
    const response = await page.goto(`/t/${barUid}`);
    expect(response?.status()).toBe(410);
    await page.getByText('Code nicht aktiv').waitFor();
    await page.getByRole('heading', { name: 'QR-Code nicht gültig' }).waitFor();
    await page.getByRole('button', { name: 'Neuen QR-Code scannen' }).waitFor();
    await page.getByRole('link', { name: /Support kontaktieren/ }).waitFor();
    expect(
      await page.getByRole('link', { name: /Support kontaktieren/ }).getAttribute('href'),
    ).toBe('mailto:kontakt@trinkgeld.example');
    // Never the sales pitch: the guest may close the page.
    expect(await page.getByRole('link', { name: 'Zur Startseite' }).count()).toBe(0);
    // No button that cannot close the tab: the hint says it may be closed.
    expect(await page.getByRole('button', { name: 'Seite schließen' }).count()).toBe(0);
    await page.getByText('Sie können dieses Fenster jetzt schließen.').waitFor();
    await page.close();
  });

  it("answers an unknown code with the 'Ungültige UID' page directly (404)", async () => {
    const page = await context.newPage();
    const response = await page.goto('/t/aio-gibt-es-nicht-0000');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Ungültige UID' }).waitFor();
    await page.getByRole('button', { name: 'Zurück' }).waitFor();
    await page.getByText('Sie können dieses Fenster jetzt schließen.').waitFor();
    expect(await page.getByRole('link', { name: 'Zur Startseite' }).count()).toBe(0);

    const legacy = await page.goto('/t/qr-unbekannt');
    expect(legacy?.status()).toBe(404);
    await page.getByRole('heading', { name: 'QR-Code nicht gültig' }).waitFor();
    await page.close();
  });

  it("shows 'Mitarbeiter nicht gefunden' when the person behind a code is gone", async () => {
    await e2e.server.deps.database.db
      .update(profiles)
      .set({ fullName: null })
      .where(eq(profiles.id, hotel.employees[1]!.id));
    const page = await context.newPage();
    await page.goto(`/t/${davidUid}`);
    await page.getByRole('heading', { name: 'Mitarbeiter nicht gefunden' }).waitFor();
    await page.getByText('Sie können dieses Fenster jetzt schließen.').waitFor();
    expect(await page.locator('a[href="/"]').count()).toBe(0);
    await page.close();
  });

  it('redirects /thank-you without a reference to / as the spec says', async () => {
    const page = await context.newPage();
    const response = await page.goto('/thank-you');
    expect(response?.request().redirectedFrom()?.url()).toContain('/thank-you');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});
