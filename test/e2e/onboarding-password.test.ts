import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, FACTORY_PASSWORD, type FactoryBusiness } from '../support/factories';
import { signInInBrowser } from './support/auth';
import { screenshot, trackPageErrors } from './support/harness';
import { seriousAxeViolations } from './support/page-checks';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false, smtp: true });
const CHOSEN = 'Morgenkaffee auf dem Balkon';
// The business whose owner invites the new colleague.
let hotel: FactoryBusiness;

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    owner: { fullName: 'Thomas Berger' },
  });
});

function invitationLinkIn(text: string): string {
  const match = /(http:\/\/127\.0\.0\.1:\d+\/employee\/login\?magic_token=[A-Za-z0-9_-]{43})/.exec(
    text,
  );
  if (!match) throw new Error(`no invitation link in the e-mail:\n${text.slice(0, 2000)}`);
  return match[1]!;
}

describe('an invited person chooses a password during onboarding', () => {
  it('onboards with a password and later signs in with it', async () => {
    // A retried attempt invites a new address: an invitation link is spent once.
    const email = `lea.${Date.now()}@hotel-seeblick.example`;
    const ownerContext = await e2e.context();
    const owner = await ownerContext.newPage();
    await signInInBrowser(owner, hotel.owner.email, FACTORY_PASSWORD);
    const invited = await ownerContext.request.post('/api/admin/users', {
      data: { email, role: 'employee' },
      headers: { origin: e2e.server.url },
    });
    expect(invited.status()).toBe(201);
    await ownerContext.close();

    const mail = await e2e.smtp.waitForMail(email);
    const context = await e2e.context();
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(invitationLinkIn(mail.text));
    await page.waitForURL('**/employee/onboarding');
    await page.getByRole('group', { name: 'Passwort festlegen (optional)' }).waitFor();
    await page
      .getByText('Ohne Passwort melden Sie sich weiter per Magic Link an.', { exact: false })
      .waitFor();

    await page.getByLabel(/Vollständiger Name/).fill('Lea Lange');
    const password = page.getByLabel('Neues Passwort', { exact: true });
    const repeat = page.getByLabel('Neues Passwort wiederholen');
    const save = page.getByRole('button', { name: 'Profil speichern' });

    // The browser checks the repetition; the server the common-password list.
    await password.fill(CHOSEN);
    await repeat.fill('etwas anderes');
    await save.click();
    await page.getByText('Die Passwörter stimmen nicht überein.').waitFor();
    await password.fill('qwertz123');
    await repeat.fill('qwertz123');
    await save.click();
    await page
      .getByText(
        'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
      )
      .first()
      .waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/employee/onboarding');

    await password.fill(CHOSEN);
    await repeat.fill(CHOSEN);
    await screenshot(page, 'onboarding-password');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await save.click();
    await page.waitForURL('**/employee/dashboard');
    await page.getByTestId('toast').getByText('Profil erfolgreich erstellt!').waitFor();

    // Signed out and in again, the chosen password works.
    await page.getByRole('button', { name: 'Abmelden' }).first().click();
    await page.waitForURL('**/employee/login');
    await signInInBrowser(page, email, CHOSEN);
    await page.waitForURL('**/employee/dashboard');

    // Back on onboarding, the block is gone: the account has a password now.
    await page.goto('/employee/onboarding');
    await page
      .getByRole('heading', { name: 'Willkommen! Vervollständigen Sie Ihr Profil' })
      .waitFor();
    await page.getByRole('button', { name: 'Profil speichern' }).waitFor();
    expect(await page.getByRole('group', { name: 'Passwort festlegen (optional)' }).count()).toBe(
      0,
    );
    expect(errors).toEqual([]);
  });
});
