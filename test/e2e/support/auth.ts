import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../../src/server/seed/seed';

/**
 * Signs in through the real login page (password tab) and waits until the app has left it, i.e.
 * the person landed on their home, the remembered page or onboarding:
 *
 *   await signInInBrowser(page, 'anna@demo.local');
 *   expect(new URL(page.url()).pathname).toBe('/employee/dashboard');
 *
 * Each call counts against the per-address sign-in limit (10 per e-mail in 15 minutes).
 */
export async function signInInBrowser(
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/employee/login')) {
    await page.goto('/employee/login');
  }
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/employee/login'));
}
