import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/page-checks';
import { useE2E } from './support/environment';

const e2e = useE2E();

let context: BrowserContext;

beforeAll(async () => {
  context = await e2e.context();
});
afterAll(async () => {
  await context?.close();
});

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
  '/t/aio-anna-schneider-4k7p',
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
      await settle(page, path);
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
    await page.getByText('Bitte stimmen Sie den AGB zu.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
