import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createPerson, createPlatformAdmin } from '../support/factories';
import { screenshot, trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false, smtp: true });

const NOBODY = 'niemand@hotel-seeblick.example';
let hotelId: string;

beforeAll(async () => {
  hotelId = (await createBusiness(e2e.server.deps.database.db, { name: 'Hotel Seeblick' })).id;
});

/** An address of its own for each test and attempt: a retry never finds the first attempt's mail. */
const freshAddress = (name: string, domain: string) =>
  `${name}.${randomUUID().slice(0, 8)}@${domain}`;

function linkIn(text: string): string {
  const match = /(http:\/\/127\.0\.0\.1:\d+\/employee\/login\?magic_token=[A-Za-z0-9_-]{43})/.exec(
    text,
  );
  if (!match) throw new Error(`no magic link in the e-mail:\n${text.slice(0, 2000)}`);
  return match[1]!;
}

describe('magic link sign-in through a real SMTP server', () => {
  it('sends the link by e-mail and signs in with it, once', async () => {
    const BEN = freshAddress('ben.mueller', 'hotel-seeblick.example');
    await createPerson(e2e.server.deps.database.db, {
      businessId: hotelId,
      fullName: 'Ben Müller',
      email: BEN,
    });
    const context = await e2e.context();
    const page = await context.newPage();
    const errors = trackPageErrors(page);

    await page.goto('/employee/login');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    const submit = page.getByRole('button', { name: 'Magic Link senden' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('E-Mail', { exact: true }).fill('ohne-at-zeichen');
    await submit.click();
    await page.getByTestId('toast').getByText('Invalid email address').waitFor();

    await page.getByLabel('E-Mail', { exact: true }).fill(`  ${BEN.toUpperCase()} `);
    await submit.click();
    await page.getByText('E-Mail gesendet!').waitFor();
    await page.getByTestId('toast').getByText('Magic Link gesendet!').waitFor();
    await page
      .getByTestId('toast')
      .getByText('Überprüfen Sie Ihre E-Mails und klicken Sie auf den Link zum Anmelden.')
      .waitFor();
    await screenshot(page, 'magic-link-sent');

    const mail = await e2e.smtp.waitForMail(BEN);
    expect(mail.text).toContain('Ihr Anmeldelink für Trinkgeld');
    const link = linkIn(mail.text);
    expect(link.startsWith(e2e.server.url)).toBe(true);

    await page.getByRole('button', { name: 'Andere E-Mail verwenden' }).click();
    expect(await page.getByLabel('E-Mail', { exact: true }).inputValue()).toBe('');

    await page.goto(link);
    await page.waitForURL('**/employee/dashboard');
    await page.getByTestId('toast').getByText('Erfolgreich angemeldet!').waitFor();
    expect(page.url()).not.toContain('magic_token');
    expect(errors).toEqual([]);
    await context.close();

    // The same link in another browser is spent.
    const second = await e2e.context();
    const other = await second.newPage();
    await other.goto(link);
    await other.getByTestId('toast').getByText('Fehler beim Anmelden').waitFor();
    await other
      .getByText('Der Anmeldelink ist ungültig, abgelaufen oder wurde bereits verwendet.')
      .waitFor();
    await other.waitForURL((url) => url.pathname === '/employee/login' && url.search === '');
    await second.close();
  });

  it('lands an admin on the admin dashboard', async () => {
    const ADMIN = freshAddress('sabine.hoffmann', 'trinkgeld.example');
    // The platform admin keeps a home business (decision 0100), so the link lands on its dashboard.
    await createPlatformAdmin(e2e.server.deps.database.db, {
      fullName: 'Sabine Hoffmann',
      email: ADMIN,
      businessId: hotelId,
    });
    const context = await e2e.context();
    const page = await context.newPage();
    await page.goto('/employee/login');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    await page.getByLabel('E-Mail', { exact: true }).fill(ADMIN);
    await page.getByRole('button', { name: 'Magic Link senden' }).click();
    await page.getByText('E-Mail gesendet!').waitFor();
    const mail = await e2e.smtp.waitForMail(ADMIN);
    await page.goto(linkIn(mail.text));
    await page.waitForURL('**/admin/dashboard');
    await context.close();
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    await page.goto('/employee/login');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    await page.getByLabel('E-Mail', { exact: true }).fill(NOBODY);
    await page.getByRole('button', { name: 'Magic Link senden' }).click();
    await page.getByText('E-Mail gesendet!').waitFor();
    // A magic-link e-mail is queued in the outbox before the answer is sent (and delivered
    // after it): an empty outbox proves none will follow, without waiting for one.
    const queued = await e2e.server.deps.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM outbox_emails WHERE to_address = $1',
      [NOBODY],
    );
    expect(queued[0]?.count).toBe(0);
    await e2e.server.app.afterAnswer.settled();
    expect(e2e.smtp.mails.some((mail) => mail.to.includes(NOBODY))).toBe(false);
    await context.close();
  });
});
