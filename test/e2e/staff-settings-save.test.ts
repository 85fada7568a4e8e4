import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../src/server/db/schema';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';

/**
 * The settings dialog saves the whole profile, language included, with its
 * one 'Speichern'; the toast that confirms it is seen, not hidden behind the dialog. 360 px.
 */
const e2e = useE2E({ seeded: false });
let hotel: FactoryBusiness;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true } as const;

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Mia Sommer', jobTitle: 'Kellnerin' }],
  });
});

async function storedProfile() {
  const [row] = await e2e.server.deps.database.db
    .select({ jobTitle: profiles.jobTitle, staffLanguage: profiles.staffLanguage })
    .from(profiles)
    .where(eq(profiles.id, hotel.employees[0]!.id));
  return row;
}

/** Is the middle of this element the topmost thing on the screen there (nothing over it)? */
async function seenOnTop(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) return false;
  const handle = await locator.elementHandle();
  return page.evaluate(
    ({ x, y, element }) => {
      const top = document.elementFromPoint(x, y);
      return !!top && !!element && element.contains(top);
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, element: handle },
  );
}

describe('the settings dialog', () => {
  it('saves language and profile together with Speichern, and the toast is seen', async () => {
    const context = await e2e.context(PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.employees[0]!.email);
    await page.waitForURL('**/employee/dashboard');
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    const settings = page.getByRole('dialog');

    // Choosing a language is part of the form: nothing is saved before 'Speichern'.
    await settings.getByLabel('Sprache').selectOption('en');
    await settings.getByLabel('Position').fill('Restaurantleiterin');
    expect(await storedProfile()).toEqual({ jobTitle: 'Kellnerin', staffLanguage: 'de' });
    expect(await page.getByText(/Language saved|Sprache gespeichert/).count()).toBe(0);

    await settings.getByRole('button', { name: 'Speichern' }).click();
    await settings.waitFor({ state: 'hidden' });
    const toast = page.getByTestId('toast').filter({ hasText: 'Profile saved' });
    await toast.waitFor();
    expect(await seenOnTop(page, toast)).toBe(true);
    expect(await storedProfile()).toEqual({
      jobTitle: 'Restaurantleiterin',
      staffLanguage: 'en',
    });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });
});
