import type { Page } from 'playwright-core';
import { FACTORY_PASSWORD } from '../../support/factories';
import { signInInBrowser } from './auth';

/**
 * A factory person signs in and answers a guest's message from the dashboard: in 'Heute' (where
 * the messages panel also stands) or on the 'Nachrichten' tab. Resolves once the answer shows.
 */
export async function replyFromDashboard(
  page: Page,
  options: { email: string; guestMessage: string; reply: string; tab?: 'Nachrichten' },
): Promise<void> {
  await signInInBrowser(page, options.email, FACTORY_PASSWORD);
  await page.waitForURL('**/employee/dashboard');
  if (options.tab) await page.getByRole('tab', { name: new RegExp(options.tab) }).click();
  const item = page.getByTestId('thank-you-item').filter({ hasText: options.guestMessage }).first();
  await item.getByRole('button', { name: 'Antworten' }).click();
  await item.getByLabel('Ihre Antwort an den Gast').fill(options.reply);
  await item.getByRole('button', { name: 'Antwort senden' }).click();
  await item.getByTestId('tip-reply').waitFor();
}
