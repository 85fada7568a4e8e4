import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { screenshot, trackPageErrors } from './support/harness';
import { horizontalOverflow } from './support/page-checks';

/**
 * The business API's keys (decision 0630) in the browser: an owner on Pro creates a key, sees it
 * once, uses it against /api/v1, and revokes it; the key then no longer works.
 */
const e2e = useE2E({ seeded: false });

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('API und Webhooks', () => {
  it('an owner creates a key, uses it once, and revokes it (1280 px)', async () => {
    const hotel = await createBusiness(e2e.server.deps.database.db, {
      name: `Hotel Schlüssel ${Date.now()}`,
      employees: 0,
    });
    context = await e2e.context({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.owner.email, '/admin/dashboard');
    await page.getByRole('link', { name: 'API und Webhooks' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'API und Webhooks' }).waitFor();
    await page.getByText('Noch keine API-Schlüssel.').waitFor();

    // Checked in the browser first: a name and at least one scope.
    await page.getByRole('button', { name: 'Schlüssel erstellen' }).click();
    await page.getByText('Bitte geben Sie dem Schlüssel einen Namen.').waitFor();
    await page.getByLabel(/^Name/).fill('Lohnbüro');
    await page.getByRole('checkbox', { name: /tips:read/ }).check();
    await page.getByRole('button', { name: 'Schlüssel erstellen' }).click();

    const dialog = page.getByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
    await dialog.waitFor();
    const secret = await dialog.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^tg_test_[A-Za-z0-9_-]{32}$/);
    await screenshot(page, 'api-key-created-1280');
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('main').textContent()).not.toContain(secret);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Lohnbüro' });
    expect(await row.textContent()).toContain(`tg_test_…${secret.slice(-4)}`);

    // The key works against the business API, and acts for this business.
    const used = await page.request.get('/api/v1/key', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(used.status()).toBe(200);
    expect(await used.json()).toMatchObject({ business: { id: hotel.id }, scopes: ['tips:read'] });

    await row.getByRole('button', { name: 'API-Schlüssel „Lohnbüro“ widerrufen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'API-Schlüssel widerrufen?' });
    await confirm.getByRole('button', { name: 'Schlüssel widerrufen' }).click();
    await row.getByText('Widerrufen', { exact: true }).waitFor();
    const refused = await page.request.get('/api/v1/key', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.status()).toBe(401);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
