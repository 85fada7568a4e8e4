import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoGenerationResult } from '../../src/shared/api/payment-points';
import { createBusiness, createPlatformAdmin, FACTORY_PASSWORD } from '../support/factories';
import { sessionCookieOf } from '../support/two-factor';
import { seriousAxeViolations } from './support/page-checks';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

let context: BrowserContext;
/** The demo tip page of Anna Schneider, known once the demo points exist. */
let annaTipPage = '';

/**
 * The landing page and /demo-showcase list the product's demo points, so they are checked with
 * a full set of them: a hotel with staff and teams, and the platform admin generating the ten
 * demo points through the product's own endpoint, as an operator does.
 */
beforeAll(async () => {
  const { deps } = e2e.server;
  const hotel = await createBusiness(deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'Ben Müller', jobTitle: 'Kellner' },
      { fullName: 'Clara Fischer', jobTitle: 'Barkeeperin' },
      { fullName: 'David Wagner', jobTitle: 'Concierge' },
    ],
    teams: [
      { name: 'Restaurant-Service', members: [1, 2] },
      { name: 'Rezeption & Concierge', members: [0, 3] },
    ],
  });
  const admin = await createPlatformAdmin(deps.database.db);
  const { app, url: origin } = e2e.server;
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin },
    payload: { email: admin.email, password: FACTORY_PASSWORD },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/entrypoints/demo?businessId=${hotel.id}`,
    headers: { cookie: sessionCookieOf(signedIn), origin },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { items } = response.json<DemoGenerationResult>();
  // 4 people, 3 tables, 3 teams: the showcase as full as the shipped demo's.
  expect(items).toHaveLength(10);
  const anna = items.find((item) => item.type === 'person' && item.label === 'Anna Schneider');
  if (!anna) throw new Error('no demo point for Anna Schneider');
  annaTipPage = `/t/${anna.uid}`;
  context = await e2e.context();
});
afterAll(async () => {
  await context?.close();
});

/** Stands for the demo tip page in the test names; its uid is generated in beforeAll. */
const ANNA_TIP_PAGE = '/t/<Demo-Bezahlpunkt Anna Schneider>';

/**
 * Every page of the issue, plus the login, the sign-up and the demo tip page a visitor reaches
 * from it.
 */
const PAGES = [
  '/',
  '/security',
  '/demo-showcase',
  '/styleguide',
  '/employee/login',
  '/registrieren',
  ANNA_TIP_PAGE,
] as const;

async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  // Let entrance animations finish, so colour contrast is measured on the final colours: wait
  // for the running ones themselves (endless ones such as spinners excepted), not for a time.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

describe('accessibility (axe-core)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it.each(PAGES)(`%s has no serious or critical violations (${scheme})`, async (path) => {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await settle(page, path === ANNA_TIP_PAGE ? annaTipPage : path);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.close();
    });
  }

  it('/ has none on a phone with the menu open', async () => {
    const phone = await e2e.context({
      viewport: { width: 360, height: 740 },
      isMobile: true,
    });
    const page = await phone.newPage();
    await settle(page, '/');
    await page.getByRole('button', { name: 'Menü' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await phone.close();
  });

  it('the sign-up form showing its field errors has none', async () => {
    const page = await context.newPage();
    await settle(page, '/registrieren');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await page.getByText('Bitte geben Sie den Namen Ihres Betriebs ein.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the confirmation page’s password and contract form showing its field errors has none', async () => {
    const page = await context.newPage();
    await settle(page, `/registrieren/bestaetigen?token=${'x'.repeat(43)}`);
    await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
    await page.getByText('Bitte stimmen Sie den AGB zu.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
