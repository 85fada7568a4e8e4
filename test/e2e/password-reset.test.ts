import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createPerson } from '../support/factories';
import { signInInBrowser } from './support/auth';
import { screenshot, trackPageErrors } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';
import { useE2E } from './support/environment';
import { trackConsoleErrors } from './support/console';

const e2e = useE2E({ seeded: false, smtp: true });
const NEW_PASSWORD = 'Leuchtturm am Morgen 7';
const NOBODY = 'niemand@hotel-seeblick.example';
let hotelId: string;

beforeAll(async () => {
  hotelId = (await createBusiness(e2e.server.deps.database.db, { name: 'Hotel Seeblick' })).id;
});

/** Ben, new for each attempt: a retry must not meet the password the first attempt set. */
async function newBen(): Promise<string> {
  const email = `ben.mueller.${randomUUID().slice(0, 8)}@hotel-seeblick.example`;
  await createPerson(e2e.server.deps.database.db, {
    businessId: hotelId,
    fullName: 'Ben Müller',
    jobTitle: 'Kellner',
    email,
  });
  return email;
}

function setPasswordLinkIn(text: string): string {
  const match = /(http:\/\/127\.0\.0\.1:\d+\/employee\/password\?token=[A-Za-z0-9_-]{43})/.exec(
    text,
  );
  if (!match) throw new Error(`no set-password link in the e-mail:\n${text.slice(0, 2000)}`);
  return match[1]!;
}

/** The newest mail to `to` after `before` of them had arrived (a retried test gets a new one). */
async function newMailTo(to: string, before: number): Promise<string> {
  // The mail is sent after the answer; once that work has settled it has reached the SMTP server.
  await e2e.server.app.afterAnswer.settled();
  const mails = e2e.smtp.mails.filter((mail) => mail.to.includes(to));
  if (mails.length <= before) throw new Error(`no new e-mail to ${to}`);
  return mails.at(-1)!.text;
}

const mailCount = (to: string) => e2e.smtp.mails.filter((mail) => mail.to.includes(to)).length;

describe("'Passwort vergessen?' through a real SMTP server", () => {
  it('mails a link, the link sets a new password once, and the person signs in with it', async () => {
    const BEN = await newBen();
    const context = await e2e.context({ viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const consoleErrors = trackConsoleErrors(page);

    await page.goto('/employee/login');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL('**/employee/password-reset');
    await page.getByRole('heading', { name: 'Passwort vergessen?' }).waitFor();

    const mailsBefore = mailCount(BEN);
    await page.getByLabel('E-Mail').fill(`  ${BEN.toUpperCase()} `);
    await page.getByRole('button', { name: 'Link senden' }).click();
    await page
      .getByText(
        'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link gesendet.',
      )
      .waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const mail = await newMailTo(BEN, mailsBefore);
    expect(mail).toContain('Neues Passwort für Trinkgeld');
    const link = setPasswordLinkIn(mail);
    expect(link.startsWith(e2e.server.url)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Passwort festlegen' }).waitFor();
    await page.getByText(`Legen Sie das Passwort für ${BEN} fest.`).waitFor();

    // The browser checks what it can; the server refuses a common password at its field.
    const newPassword = page.getByLabel(/^Neues Passwort( \*)?$/);
    const repeat = page.getByLabel(/^Neues Passwort wiederholen/);
    const save = page.getByRole('button', { name: 'Passwort speichern' });
    await newPassword.fill('kurz');
    await repeat.fill('kurz');
    await save.click();
    await page.getByText('Das Passwort muss mindestens 6 Zeichen lang sein.').waitFor();
    await newPassword.fill(NEW_PASSWORD);
    await repeat.fill(`${NEW_PASSWORD}!`);
    await page.getByText('Die Passwörter stimmen nicht überein.').waitFor();
    await newPassword.fill('Passwort123');
    await repeat.fill('Passwort123');
    await save.click();
    await page
      .getByText(
        'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
      )
      .waitFor();
    expect(await newPassword.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'password-set-360');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await newPassword.fill(NEW_PASSWORD);
    await repeat.fill(NEW_PASSWORD);
    await save.click();
    await page.waitForURL('**/employee/login');
    await page.getByTestId('toast').getByText('Passwort gespeichert').waitFor();

    await signInInBrowser(page, BEN, NEW_PASSWORD);
    await page.waitForURL('**/employee/dashboard');

    // The link is spent: opened again it says so and offers a new one.
    const later = await (await e2e.context()).newPage();
    await later.goto(link);
    await later.getByText('Link ungültig').waitFor();
    await later
      .getByText('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.', {
        exact: false,
      })
      .waitFor();
    await later.getByRole('link', { name: 'Neuen Link anfordern' }).click();
    await later.waitForURL('**/employee/password-reset');

    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('gives an unknown address the same answer', async () => {
    const page = await (await e2e.context()).newPage();
    await page.goto('/employee/password-reset');
    await page.getByLabel('E-Mail').fill(NOBODY);
    await page.getByRole('button', { name: 'Link senden' }).click();
    await page
      .getByText(
        'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link gesendet.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Andere E-Mail verwenden' }).click();
    expect(await page.getByLabel('E-Mail').inputValue()).toBe('');
    // Whatever the request left for after its answer is done: a mail would have been sent by now.
    await e2e.server.app.afterAnswer.settled();
    expect(e2e.smtp.mails.some((mail) => mail.to.includes(NOBODY))).toBe(false);
  });
});
