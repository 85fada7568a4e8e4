import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  type FactoryBusiness,
  type FactoryPerson,
  uniqueSuffix,
} from '../support/factories';
import { openSignedIn } from './support/auth';
import { screenshot, trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false, smtp: true });

let hotel: FactoryBusiness;
let anna: FactoryPerson;
let ben: FactoryPerson;
/** An employee of another business: the hotel's owner must never see or learn of her. */
let lena: FactoryPerson;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  hotel = await createBusiness(db, {
    name: 'Hotel Seeblick',
    owner: { email: 'thomas.berger@hotel-seeblick.example', fullName: 'Thomas Berger' },
    employees: [
      { email: 'anna.schneider@hotel-seeblick.example', fullName: 'Anna Schneider' },
      { email: 'ben.mueller@hotel-seeblick.example', fullName: 'Ben Müller' },
    ],
    teams: [{ name: 'Restaurant-Service', members: [1] }],
  });
  [anna, ben] = hotel.employees as [FactoryPerson, FactoryPerson];
  const cafe = await createBusiness(db, {
    name: 'Café Morgenrot',
    employees: [{ email: 'lena.hoffmann@cafe-morgenrot.example', fullName: 'Lena Hoffmann' }],
  });
  lena = cafe.employees[0]!;
});

function invitationLinkIn(text: string): string {
  const match = /(http:\/\/127\.0\.0\.1:\d+\/employee\/login\?magic_token=[A-Za-z0-9_-]{43})/.exec(
    text,
  );
  if (!match) throw new Error(`no invitation link in the e-mail:\n${text.slice(0, 2000)}`);
  return match[1]!;
}

describe('Benutzerverwaltung', () => {
  it('invites an employee by e-mail, who completes onboarding; deactivation ends their session and stream', async () => {
    const email = 'nora.neumann@hotel-seeblick.example';
    const ownerContext = await e2e.context();
    const owner = await ownerContext.newPage();
    const ownerErrors = trackPageErrors(owner);
    await openSignedIn(owner, e2e.server, hotel.owner.email, '/admin/users');
    await owner.getByRole('heading', { name: 'Benutzerverwaltung' }).waitFor();
    await owner.getByTestId(`user-${anna.email}`).waitFor();
    // Only the own business: Café Morgenrot's staff are not listed.
    expect(await owner.getByTestId(`user-${lena.email}`).count()).toBe(0);
    expect(await owner.getByText('Lena Hoffmann').count()).toBe(0);

    // Search narrows the list.
    await owner.getByLabel('Suche').fill('anna');
    await owner.getByTestId(`user-${ben.email}`).waitFor({ state: 'detached' });
    await owner.getByLabel('Suche').fill('');
    await owner.getByTestId(`user-${ben.email}`).waitFor();

    // An address that already has an account is refused with a German message.
    await owner.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(ben.email);
    await owner.getByRole('button', { name: 'Einladen' }).click();
    await owner
      .getByRole('alert')
      .getByText('E-Mail: Diese Adresse gehört bereits zu einem Benutzer.')
      .waitFor();

    // An address of another business (Café Morgenrot's Lena) is answered as a new one: the owner
    // learns nothing, and Lena is told by e-mail instead, without a link (decision 0343).
    await owner.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(lena.email);
    await owner.getByRole('button', { name: 'Einladen' }).click();
    await owner.getByTestId('toast').getByText(`Einladung an ${lena.email} gesendet.`).waitFor();
    await owner.getByTestId(`user-${lena.email}`).getByText('Eingeladen').waitFor();
    // Still nothing of her own account: not her name, only the address the owner typed.
    expect(await owner.getByText('Lena Hoffmann').count()).toBe(0);
    const notice = await e2e.smtp.waitForMail(lena.email);
    expect(notice.text).toContain('gehört bereits zu einem Trinkgeld-Konto');
    expect(notice.text).not.toMatch(/https?:\/\//);

    await owner.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
    await owner.getByRole('button', { name: 'Einladen' }).click();
    await owner.getByTestId('toast').getByText(`Einladung an ${email} gesendet.`).waitFor();
    const row = owner.getByTestId(`user-${email}`);
    await row.getByText('Eingeladen').waitFor();
    await screenshot(owner, 'admin-users-invited');

    const mail = await e2e.smtp.waitForMail(email);
    expect(mail.text).toContain('7 Tage gültig');
    const link = invitationLinkIn(mail.text);

    // The invitee opens the link, completes onboarding and sees the dashboard with its stream.
    const inviteeContext = await e2e.context();
    const invitee = await inviteeContext.newPage();
    const inviteeErrors = trackPageErrors(invitee);
    await invitee.goto(link);
    await invitee.waitForURL('**/employee/onboarding');
    await invitee.getByLabel(/Vollständiger Name/).fill('Nora Neumann');
    const stream = invitee.waitForResponse(
      (response) => response.url().includes('/api/employee/stream') && response.status() === 200,
    );
    await invitee.getByRole('button', { name: 'Profil speichern' }).click();
    await invitee.waitForURL('**/employee/dashboard');
    await stream;

    // The owner sees her as active and deactivates her.
    await owner.reload();
    await row.getByText('Nora Neumann').waitFor();
    await row.getByText('Aktiv').waitFor();
    // Everything on the page has loaded, so nothing moves while the menu is open.
    await owner.getByTestId('team-Restaurant-Service').waitFor();
    await owner.waitForLoadState('networkidle');
    await owner.getByRole('button', { name: 'Aktionen für Nora Neumann' }).click();
    await owner.getByRole('menuitem', { name: 'Deaktivieren' }).waitFor();
    // A scroll event that moves nothing (the browser sends one a frame after scrolling the
    // button into view) must not close the menu under the pointer.
    await owner.evaluate(() => window.dispatchEvent(new Event('scroll')));
    await owner.getByRole('menuitem', { name: 'Deaktivieren' }).click({ timeout: 5_000 });
    const dialog = owner.getByRole('alertdialog');
    await dialog
      .getByText('Ihre Trinkgelder und ihr Verlauf bleiben erhalten.', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Deaktivieren' }).click();
    await owner.getByTestId('toast').getByText('Konto deaktiviert.').waitFor();
    await row.getByText('Deaktiviert').waitFor();

    // Her open stream closes at once and the dashboard signs her out; the API refuses her.
    await invitee.waitForURL('**/employee/login**');
    const refused = await inviteeContext.request.get('/api/profiles/me');
    expect(refused.status()).toBe(401);

    // The audit log says what happened, in German and with her name: a deactivation.
    await owner.goto('/admin/dashboard');
    const deactivation = owner
      .getByRole('region', { name: 'Audit-Log' })
      .getByTestId('audit-row')
      .filter({ hasText: 'Benutzer deaktiviert' });
    await deactivation
      .getByTestId('audit-sentence')
      .getByText(`Nora Neumann (${email}) wurde deaktiviert und abgemeldet.`)
      .waitFor();
    expect(await deactivation.getByTestId('audit-target').textContent()).toBe('Nora Neumann');

    expect(ownerErrors).toEqual([]);
    expect(inviteeErrors).toEqual([]);
    await inviteeContext.close();
    await ownerContext.close();
  });

  it('says in German how long to wait once an address has had its three invitation mails today', async () => {
    // Decision 0445: the invitation and two re-sends, then 429.
    // Its own address each run: a retry must not find the budget used.
    const email = `olga-${uniqueSuffix()}@hotel-seeblick.example`;
    const context = await e2e.context();
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.owner.email, '/admin/users');
    await page.getByRole('heading', { name: 'Benutzerverwaltung' }).waitFor();
    await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Einladen' }).click();
    await page.getByTestId('toast').getByText(`Einladung an ${email} gesendet.`).waitFor();
    await page.getByTestId(`user-${email}`).getByText('Eingeladen').waitFor();
    await page.waitForLoadState('networkidle');

    /** 'Einladung erneut senden' from the row's menu; answers the server's status. */
    const resend = async () => {
      const answer = page.waitForResponse((response) => response.url().includes('/invitation'));
      await page.getByRole('button', { name: `Aktionen für ${email}` }).click();
      await page.getByRole('menuitem', { name: 'Einladung erneut senden' }).click();
      return (await answer).status();
    };
    const wait = /^Bitte warten Sie \d+ Minute\(n\) und versuchen Sie es erneut\.$/;
    expect(await resend()).toBe(200);
    expect(await resend()).toBe(200);
    await page
      .getByTestId('toast')
      .getByText(`Einladung erneut an ${email} gesendet.`)
      .first()
      .waitFor();
    expect(await resend()).toBe(429);
    await page.getByTestId('toast').getByText(wait).waitFor();

    // The invite form says the same for that address.
    await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Einladen' }).click();
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Einladen' }) });
    await form.getByRole('alert').getByText(wait).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a team, adds members with points and deletes it', async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.owner.email, '/admin/users');
    await page.getByRole('heading', { name: 'Teams' }).waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Frühstück');
    await page.getByLabel('Aufteilung', { exact: true }).selectOption('weighted');
    await page.getByRole('button', { name: 'Team anlegen' }).click();
    await page.getByTestId('toast').getByText('Team angelegt.').waitFor();
    const team = page.getByTestId('team-Frühstück');
    await team.getByText('Keine Mitglieder').waitFor();

    await team.getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Anna Schneider' }).check();
    await dialog.getByRole('checkbox', { name: 'Ben Müller' }).check();
    // 0 points in a weighted team: refused on the field, nothing saved.
    await dialog.getByLabel('Punkte für Ben Müller').fill('0');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog
      .getByText('Punkte: Bei gewichteter Aufteilung braucht jedes Mitglied mindestens 1 Punkt.')
      .waitFor();
    await team.getByText('Keine Mitglieder').waitFor();
    await dialog.getByLabel('Punkte für Ben Müller').fill('3');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByTestId('toast').getByText('Team gespeichert.').waitFor();
    await team.getByText('Anna Schneider (1 Punkt), Ben Müller (3 Punkte)').waitFor();

    await team.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
    await page.getByTestId('toast').getByText('Team gelöscht.').waitFor();
    await team.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
