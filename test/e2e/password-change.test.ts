import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createPerson,
  FACTORY_PASSWORD,
  type FactoryPerson,
} from '../support/factories';
import { signInInBrowser } from './support/auth';
import { screenshot, trackPageErrors } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';
import { useE2E } from './support/environment';
import { trackConsoleErrors } from './support/console';

const e2e = useE2E({ seeded: false });
const NEW_PASSWORD = 'Zitronenbaum im Hof 42';
let hotelId: string;
let cafeOwner: FactoryPerson;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  hotelId = (await createBusiness(db, { name: 'Hotel Seeblick', employees: 0 })).id;
  const cafe = await createBusiness(db, {
    name: 'Café Morgenrot',
    employees: 0,
    owner: { fullName: 'Miriam Keller', jobTitle: 'Inhaberin' },
  });
  cafeOwner = cafe.owner;
});

describe("'Passwort ändern' on 'Konto und Sicherheit'", () => {
  it('changes the password on a phone, ends the other session and keeps this one', async () => {
    // Clara, new for each attempt: a retry must not meet the password the first attempt set.
    const clara = await createPerson(e2e.server.deps.database.db, {
      businessId: hotelId,
      fullName: 'Clara Fischer',
      jobTitle: 'Barkeeperin',
    });
    // Another device of the same person, signed in before the change.
    const laptopContext = await e2e.context();
    const laptop = await laptopContext.newPage();
    await signInInBrowser(laptop, clara.email, FACTORY_PASSWORD);
    await laptop.waitForURL('**/employee/dashboard');

    const context = await e2e.context({ viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const consoleErrors = trackConsoleErrors(page);
    await signInInBrowser(page, clara.email, FACTORY_PASSWORD);
    await page.waitForURL('**/employee/dashboard');

    // Reached from the employee settings.
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    await page.getByRole('link', { name: 'Konto und Sicherheit' }).click();
    await page.waitForURL('**/employee/account');
    await page.getByRole('heading', { name: 'Konto und Sicherheit', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Passwort ändern' }).waitFor();

    const current = page.getByLabel(/^Aktuelles Passwort/);
    const next = page.getByLabel(/^Neues Passwort( \*)?$/);
    const repeat = page.getByLabel(/^Neues Passwort wiederholen/);
    const submit = page.getByRole('button', { name: 'Passwort ändern' });

    await current.fill('falsch-geraten');
    await next.fill(NEW_PASSWORD);
    await repeat.fill(NEW_PASSWORD);
    await submit.click();
    await page.getByText('Das aktuelle Passwort ist falsch.').waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');

    await current.fill(FACTORY_PASSWORD);
    await next.fill('123456789');
    await repeat.fill('123456789');
    await submit.click();
    await page
      .getByText(
        'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
      )
      .waitFor();
    await screenshot(page, 'password-change-360');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await next.fill(NEW_PASSWORD);
    await repeat.fill(NEW_PASSWORD);
    await submit.click();
    await page.getByTestId('toast').getByText('Passwort geändert').waitFor();
    await page.getByTestId('toast').getByText('Ihre anderen Sitzungen wurden beendet.').waitFor();
    expect(await current.inputValue()).toBe('');

    // This device stays signed in; the laptop's session has ended.
    await page.goto('/employee/dashboard');
    await page.waitForURL('**/employee/dashboard');
    await laptop.reload();
    await laptop.waitForURL('**/employee/login');

    // The old password no longer signs in, the new one does.
    await laptop.getByLabel('E-Mail', { exact: true }).fill(clara.email);
    await laptop.getByRole('textbox', { name: 'Passwort', exact: true }).fill(FACTORY_PASSWORD);
    await laptop.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await laptop
      .getByTestId('toast')
      .getByText('E-Mail oder Passwort sind falsch. Überprüfen Sie Ihre Eingaben.')
      .waitFor();
    await signInInBrowser(laptop, clara.email, NEW_PASSWORD);
    await laptop.waitForURL('**/employee/dashboard');

    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('is reached from the admin shell too', async () => {
    const page = await (await e2e.context()).newPage();
    await signInInBrowser(page, cafeOwner.email, FACTORY_PASSWORD);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('link', { name: 'Konto und Sicherheit' }).first().click();
    await page.waitForURL('**/employee/account');
    await page.getByRole('heading', { name: 'Passwort ändern' }).waitFor();
    await page.getByRole('link', { name: 'Zurück' }).click();
    await page.waitForURL('**/admin/dashboard');
  });
});
