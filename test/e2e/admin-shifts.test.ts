import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../src/shared/domain/shifts';
import {
  createBusiness,
  type FactoryBusiness,
  type FactoryPerson,
  type FactoryPoint,
} from '../support/factories';
import { addPoint } from './support/admin-journey-points';
import { openSignedIn } from './support/auth';
import { screenshot, trackPageErrors } from './support/harness';
import { recordToasts } from './support/page-checks';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

let hotel: FactoryBusiness;
let benMueller: FactoryPerson;
let hausteam: FactoryPoint;
let hotelbar: FactoryPoint;
let tisch7: FactoryPoint;
let davids: FactoryPoint;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  hotel = await createBusiness(db, {
    name: 'Hotel Seeblick',
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'Ben Müller', jobTitle: 'Kellner' },
      { fullName: 'Clara Fischer', jobTitle: 'Barkeeperin' },
      { fullName: 'David Wagner', jobTitle: 'Concierge' },
    ],
    teams: [{ name: 'Hausteam', members: [0, 1, 2, 3], splitRule: 'weighted' }],
    points: ['team'],
  });
  benMueller = hotel.employees[1]!;
  hausteam = hotel.points[0]!;
  // The bar first: the hotel's first object point, which David's page must not offer below.
  hotelbar = await addPoint(db, hotel, { type: 'object', label: 'Hotelbar Tresen' });
  tisch7 = await addPoint(db, hotel, { type: 'object', label: 'Tisch 7' });
  davids = await addPoint(db, hotel, { type: 'person', target: hotel.employees[3]! });
});

/** Waits for the answer of one API call the next action sends. */
const answerOf = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === method && path.test(new URL(response.url()).pathname),
  );

describe('Dienstplan und Pool', () => {
  it('the owner plans Tisch 7 for Anna today, copies the week and gives a pooled tip to Ben', async () => {
    const today = dayInZone(new Date());
    const nextWeek = addDays(today, 7);
    const ownerContext = await e2e.context();
    const owner = await ownerContext.newPage();
    const errors = trackPageErrors(owner);
    const toasts = await recordToasts(owner);
    await openSignedIn(owner, e2e.server, hotel.owner.email);

    await owner.goto('/admin/users');
    // The users page links the plan, and the admin navigation does too.
    await owner.getByRole('main').getByRole('link', { name: 'Dienstplan' }).click();
    await owner.getByRole('heading', { name: 'Dienstplan', level: 1 }).waitFor();
    await owner.getByLabel('Objekt oder Team').selectOption({ label: 'Objekt: Tisch 7' });
    await owner.getByRole('heading', { name: 'Tisch 7' }).waitFor();

    // Nothing chosen: the form says what is missing, nothing is sent.
    await owner.getByRole('button', { name: 'Einteilen', exact: true }).click();
    await owner.getByText('Mitarbeiter: Bitte wählen Sie eine Person aus.').waitFor();

    await owner.getByLabel('Mitarbeiter').selectOption({ label: 'Anna Schneider' });
    const [assigned] = await Promise.all([
      answerOf(owner, 'POST', /^\/api\/admin\/shifts$/),
      owner.getByRole('button', { name: 'Einteilen', exact: true }).click(),
    ]);
    expect(assigned.status()).toBe(201);
    const todayRow = owner.getByTestId(`shift-day-${today}`);
    await todayRow.getByText('Anna Schneider · ganzer Tag').waitFor();
    expect(await toasts()).toContainEqual(expect.stringContaining('Anna Schneider eingeteilt.'));

    // The same again overlaps: refused in German, the plan stays as it is.
    await owner.getByLabel('Mitarbeiter').selectOption({ label: 'Anna Schneider' });
    const [refused] = await Promise.all([
      answerOf(owner, 'POST', /^\/api\/admin\/shifts$/),
      owner.getByRole('button', { name: 'Einteilen', exact: true }).click(),
    ]);
    expect(refused.status()).toBe(409);
    await owner
      .getByRole('alert')
      .getByText('Einteilung: Diese Person ist hier in dieser Zeit schon eingeteilt.')
      .waitFor();
    expect(await todayRow.getByText('Anna Schneider').count()).toBe(1);

    // Copy the week: next week's same day gets Anna too.
    await owner.getByRole('button', { name: 'Woche kopieren' }).click();
    const [copied] = await Promise.all([
      answerOf(owner, 'POST', /^\/api\/admin\/shifts\/copy-week$/),
      owner.getByRole('alertdialog').getByRole('button', { name: 'Woche kopieren' }).click(),
    ]);
    expect(copied.status()).toBe(200);
    const nextWeekRow = owner.getByTestId(`shift-day-${nextWeek}`);
    await nextWeekRow.getByText('Anna Schneider · ganzer Tag').waitFor();
    await screenshot(owner, 'admin-shifts');

    // Remove it again next week.
    const [removed] = await Promise.all([
      answerOf(owner, 'DELETE', /^\/api\/admin\/shifts\/[0-9a-f-]+$/),
      nextWeekRow.getByRole('button', { name: /^Einteilung von Anna Schneider am / }).click(),
    ]);
    expect(removed.status()).toBe(204);
    await nextWeekRow.getByText('Niemand eingeteilt').waitFor();

    // The guest at Tisch 7 reads who receives the tip today.
    const guestContext = await e2e.context({
      viewport: { width: 360, height: 740 },
      isMobile: true,
    });
    const guest = await guestContext.newPage();
    await guest.goto(`/t/${tisch7.uid}`);
    await guest.getByText('Ihr Trinkgeld geht heute an Anna.').waitFor();

    // A tip at the hotel bar, where nobody is on shift, lands in the owner's pool.
    const started = await guestContext.request.post('/api/guest/tips', {
      headers: { origin: e2e.server.url },
      data: {
        code: hotelbar.uid,
        amountCents: 730,
        platformFee: false,
        paymentMethod: 'stripe',
        guestSessionId: 'e2e-shift-pool-session-0001',
        guestMessage: 'Danke für den schönen Abend an der Bar',
      },
    });
    expect(started.status()).toBe(201);
    const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
    const paid = await guestContext.request.post(new URL(checkoutUrl).pathname, {
      headers: { origin: e2e.server.url, 'content-type': 'application/x-www-form-urlencoded' },
      data: 'action=pay',
      maxRedirects: 0,
    });
    expect(paid.status()).toBeLessThan(400);
    await guestContext.close();

    await owner.goto('/admin/dashboard');
    const pool = owner.getByTestId('pool-card');
    const pooled = pool
      .getByTestId('pool-tip')
      .filter({ hasText: 'Danke für den schönen Abend an der Bar' });
    await pooled.getByText('7,30 €').waitFor();
    await pooled.getByLabel('Zuweisen an').selectOption({ label: 'Ben Müller' });
    // Assigning asks first.
    await pooled.getByRole('button', { name: 'Zuweisen' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Trinkgeld zuweisen?' });
    const [given] = await Promise.all([
      answerOf(owner, 'POST', /^\/api\/admin\/pool\/[0-9a-f-]+\/assign$/),
      confirm.getByRole('button', { name: 'Zuweisen' }).click(),
    ]);
    expect(given.status()).toBe(200);
    await pooled.waitFor({ state: 'detached' });
    expect(await toasts()).toEqual([expect.stringContaining('Trinkgeld Ben Müller zugewiesen.')]);
    expect(errors).toEqual([]);

    // The owner deactivates David; his personal tip page then offers his team.
    const staff = await ownerContext.request.get('/api/admin/users?search=david');
    const david = ((await staff.json()) as { items: { id: string }[] }).items[0]!;
    const deactivated = await ownerContext.request.post(`/api/admin/users/${david.id}/deactivate`, {
      headers: { origin: e2e.server.url },
      data: {},
    });
    expect(deactivated.status()).toBe(200);
    await ownerContext.close();
    const visitorContext = await e2e.context({
      viewport: { width: 360, height: 740 },
      isMobile: true,
    });
    const visitor = await visitorContext.newPage();
    const visitorErrors = trackPageErrors(visitor);
    await visitor.goto(`/t/${davids.uid}`);
    await visitor.getByRole('heading', { name: 'Nicht mehr erreichbar' }).waitFor();
    await visitor.getByText('kein Trinkgeld mehr an').waitFor();
    // His teams, never another object (decision 0470): the bar, tipped by whoever works there,
    // is not offered; the hotel as a whole only through a business code, which it has none of.
    const team = visitor.getByRole('link', { name: 'Dem Team Hausteam Trinkgeld geben' });
    await team.waitFor();
    expect(await visitor.getByRole('link', { name: /Hotelbar Tresen/ }).count()).toBe(0);
    await team.click();
    await visitor.waitForURL(`**/t/${hausteam.uid}`);
    await visitor
      .getByText('Ihr Trinkgeld wird nach Punkten unter 3 Mitarbeitenden aufgeteilt.')
      .waitFor();
    expect(visitorErrors).toEqual([]);
    await visitorContext.close();

    // Ben finds it in his history with the reason and the guest's words.
    const benContext = await e2e.context();
    const ben = await benContext.newPage();
    await openSignedIn(ben, e2e.server, benMueller.email);
    await ben.getByRole('tab', { name: 'Historie' }).click();
    const row = ben
      .getByTestId('tip-row')
      .filter({ hasText: 'Danke für den schönen Abend an der Bar' });
    await row.getByText('vom Betrieb aus dem Pool zugewiesen (Hotelbar Tresen)').waitFor();
    expect(await row.getByText('7,30 €').count()).toBe(1);
    await benContext.close();
  });
});
