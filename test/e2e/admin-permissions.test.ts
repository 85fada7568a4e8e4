import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentEntrypoints } from '../../src/server/db/schema';
import {
  createBusiness,
  createPerson,
  createPlatformAdmin,
  type FactoryBusiness,
  type FactoryPerson,
} from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { screenshot } from './support/harness';
import { horizontalOverflow } from './support/page-checks';
import { consoleProblems } from './support/console';

/**
 * The admin pages offer only what the server allows the signed-in person.
 * An owner sees no 'Rolle ändern' or 'Deaktivieren' on another owner or on the platform admin,
 * never 'Administrator' as a role, and no usable 'Demo-Daten generieren'; the platform admin
 * sees all of them. Its own business, made with the factories, and a neighbour's business
 * whose people and points neither of them is shown.
 */

const e2e = useE2E({ seeded: false });

let shop: FactoryBusiness;
let neighbour: FactoryBusiness;
let coOwner: FactoryPerson;
let admin: FactoryPerson;
let employee: FactoryPerson;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  shop = await createBusiness(db, {
    name: 'Gasthaus Rechte',
    owner: { email: 'olga.inhaberin@rechte.example', fullName: 'Olga Inhaberin' },
    employees: [{ email: 'emil@rechte.example', fullName: 'Emil Service' }],
    points: ['person'],
  });
  employee = shop.employees[0]!;
  coOwner = await createPerson(db, {
    role: 'business_owner',
    businessId: shop.id,
    email: 'carl.mitinhaber@rechte.example',
    fullName: 'Carl Mitinhaber',
  });
  admin = await createPlatformAdmin(db, {
    businessId: shop.id,
    email: 'petra.plattform@rechte.example',
    fullName: 'Petra Plattform',
  });
  neighbour = await createBusiness(db, {
    name: 'Café Nachbarhaus',
    owner: { email: 'nina.nachbar@nachbarhaus.example', fullName: 'Nina Nachbar' },
    employees: [{ email: 'otto@nachbarhaus.example', fullName: 'Otto Nachbar' }],
    points: ['person'],
  });
});

/** The neighbour's owner and employee are in no list of the shop, by address or by name. */
async function expectNoNeighbours(page: Page) {
  for (const person of [neighbour.owner, ...neighbour.employees]) {
    expect(await page.getByTestId(`user-${person.email}`).count(), person.email).toBe(0);
    expect(await page.getByTestId(`user-card-${person.email}`).count(), person.email).toBe(0);
    expect(await page.getByText(person.fullName).count(), person.fullName).toBe(0);
  }
}

/** The payment points page lists the shop's own point and nothing of the neighbour's. */
async function expectOnlyOwnPoints(page: Page) {
  await page.getByText(shop.points[0]!.uid).filter({ visible: true }).waitFor();
  for (const point of neighbour.points) {
    expect(await page.getByText(point.uid).count(), point.uid).toBe(0);
  }
}

const actionsButton = (page: Page, person: FactoryPerson) =>
  page.getByRole('button', { name: `Aktionen für ${person.fullName}` });

/** A person's row on a desktop, their card on a phone: whichever is shown. */
const entryOf = (page: Page, email: string) =>
  page
    .getByTestId(`user-${email}`)
    .or(page.getByTestId(`user-card-${email}`))
    .filter({ visible: true });

async function openUsers(page: Page) {
  await page.goto('/admin/users');
  await page.getByRole('heading', { name: 'Benutzerverwaltung' }).waitFor();
  await entryOf(page, employee.email).waitFor();
  // Everything on the page has loaded, so nothing moves while a menu is open.
  await page.waitForLoadState('networkidle');
}

/** Opens a person's menu and returns the labels it offers, then closes it again. */
async function menuOf(page: Page, person: FactoryPerson): Promise<string[]> {
  await actionsButton(page, person).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const labels = (await menu.getByRole('menuitem').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return labels;
}

/** The roles the 'Rolle ändern' dialog of a person lists, opened by keyboard. */
async function roleDialogOptions(page: Page, person: FactoryPerson): Promise<string[]> {
  await actionsButton(page, person).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Rolle ändern' }).waitFor();
  await page.getByRole('menuitem', { name: 'Rolle ändern' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading').waitFor();
  const options = (await dialog.getByLabel('Rolle').locator('option').allTextContents()).map(
    (text) => text.trim(),
  );
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await dialog.waitFor({ state: 'detached' });
  return options;
}

describe('the admin pages offer only what the server allows', () => {
  it.each([1280, 360])('an owner at %i px', async (width) => {
    const context = await e2e.context({
      viewport: { width, height: 800 },
      isMobile: width < 400,
    });
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await openSignedIn(page, e2e.server, shop.owner.email);
    await openUsers(page);
    await expectNoNeighbours(page);

    // Another owner and oneself: nothing to choose, so no menu at all.
    for (const person of [coOwner, shop.owner]) {
      await entryOf(page, person.email).waitFor();
      expect(await actionsButton(page, person).count(), person.fullName).toBe(0);
    }
    // The platform admin whose profile sits in the shop is not its staff (decision 0481).
    expect(await entryOf(page, admin.email).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Rolle ändern' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Deaktivieren' }).count()).toBe(0);

    // An employee: role change and deactivation, and the dialog never lists 'Administrator'.
    expect(await menuOf(page, employee)).toEqual(['Rolle ändern', 'Deaktivieren']);
    expect(await roleDialogOptions(page, employee)).toEqual(['Geschäftsinhaber', 'Mitarbeiter']);
    const inviteRoles = await page
      .getByRole('combobox', { name: 'Rolle', exact: true })
      .locator('option')
      .allTextContents();
    expect(inviteRoles.map((text) => text.trim())).toEqual(['Geschäftsinhaber', 'Mitarbeiter']);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `admin-permissions-owner-users-${width}`);

    // The demo generator: shown as the spec's card, not usable, with the spec's reason.
    await page.goto('/admin/uid-management');
    await page.getByRole('heading', { name: 'UID-Verwaltung' }).waitFor();
    await expectOnlyOwnPoints(page);
    const generate = page.getByRole('button', { name: 'Demo-Daten generieren' });
    await page.getByText('Nur Administratoren können Demo-Daten generieren.').waitFor();
    expect(await generate.isDisabled()).toBe(true);
    expect(await generate.getAttribute('aria-describedby')).toBeTruthy();
    const reasonId = (await generate.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toContain(
      'Nur Administratoren können Demo-Daten generieren.',
    );
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `admin-permissions-owner-demo-${width}`);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('the platform admin sees every action, Administrator among the roles, and generates demo data', async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await openSignedIn(page, e2e.server, admin.email);
    await page.waitForURL('**/admin/dashboard');
    await openUsers(page);
    // The platform admin works in the shop here: the neighbour's people are not in its list.
    await expectNoNeighbours(page);

    // Not even the platform admin sees themselves among the shop's staff (decision 0481).
    expect(await entryOf(page, admin.email).count()).toBe(0);
    for (const owner of [shop.owner, coOwner]) {
      expect(await menuOf(page, owner)).toEqual(['Rolle ändern', 'Deaktivieren']);
    }
    expect(await roleDialogOptions(page, coOwner)).toEqual([
      'Administrator',
      'Geschäftsinhaber',
      'Mitarbeiter',
    ]);
    expect(await roleDialogOptions(page, employee)).toEqual([
      'Administrator',
      'Geschäftsinhaber',
      'Mitarbeiter',
    ]);

    await page.goto('/admin/uid-management');
    await page.getByRole('heading', { name: 'UID-Verwaltung' }).waitFor();
    await expectOnlyOwnPoints(page);
    const generate = page.getByRole('button', { name: 'Demo-Daten generieren' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some(
        (button) => button.textContent?.trim() === 'Demo-Daten generieren' && !button.disabled,
      ),
    );
    expect(await page.getByText('Nur Administratoren können Demo-Daten generieren.').count()).toBe(
      0,
    );
    await generate.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Generieren' }).click();
    await page.getByTestId('toast').getByText('Demo-Daten generiert').waitFor();
    // Generated for the shop only: the neighbour keeps exactly its own point.
    const neighbourPoints = await e2e.server.deps.database.db
      .select({ uid: paymentEntrypoints.uid })
      .from(paymentEntrypoints)
      .where(eq(paymentEntrypoints.businessId, neighbour.id));
    expect(neighbourPoints.map((point) => point.uid)).toEqual(neighbour.points.map((p) => p.uid));
    await expectOnlyOwnPoints(page);

    expect(problems).toEqual([]);
    await context.close();
  });
});
