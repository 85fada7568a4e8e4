import type { Page } from 'playwright-core';
import type { RunningServer } from '../../../src/server/server';
import { openSignedIn } from './auth';

/**
 * A factory person, signed in (decision 0590), answers a guest's message from the dashboard: in 'Heute' (where
 * the messages panel also stands) or on the 'Nachrichten' tab. Resolves once the answer shows.
 */
export async function replyFromDashboard(
  page: Page,
  server: RunningServer,
  options: { email: string; guestMessage: string; reply: string; tab?: 'Nachrichten' },
): Promise<void> {
  await openSignedIn(page, server, options.email);
  await page.waitForURL('**/employee/dashboard');
  if (options.tab) await page.getByRole('tab', { name: new RegExp(options.tab) }).click();
  const item = page.getByTestId('thank-you-item').filter({ hasText: options.guestMessage }).first();
  await item.getByRole('button', { name: 'Antworten' }).click();
  await item.getByLabel('Ihre Antwort an den Gast').fill(options.reply);
  await item.getByRole('button', { name: 'Antwort senden' }).click();
  await item.getByTestId('tip-reply').waitFor();
}
