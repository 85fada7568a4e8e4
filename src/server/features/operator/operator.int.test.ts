import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPerson,
  createPlatformAdmin,
  createTip,
  type FactoryBusiness,
  uniqueSuffix,
} from '../../../../test/support/factories';
import type {
  BusinessChange,
  BusinessOverview,
  BusinessOverviewRow,
} from '../../../shared/api/operator';
import { dayInZone } from '../../../shared/domain/shifts';

/**
 * The operator console's list, creating a business with its first owner, and who may use it
 *. Expected figures are worked out here from the raw rows, independently of the
 * month totals the service reads.
 */

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let adminCookie: string;
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  const tag = uniqueSuffix();
  hotel = await createBusiness(t.database.db, {
    name: `Alpha Hotel ${tag}`,
    employees: [{}, {}, { disabled: true }],
    points: ['person', 'person', 'object'],
  });
  cafe = await createBusiness(t.database.db, { name: `Beta Café ${tag}`, employees: 1 });
  adminCookie = await signIn(
    t,
    (await createPlatformAdmin(t.database.db, { fullName: 'Olga Operator' })).email,
  );
});
afterAll(async () => {
  await t.close();
});

const overview = (query: string, cookie = adminCookie) =>
  t.inject({ method: 'GET', url: `/api/admin/businesses/overview${query}`, headers: { cookie } });
const create = (payload: object, cookie = adminCookie) =>
  t.inject({ method: 'POST', url: '/api/admin/businesses', headers: { cookie }, payload });

async function count(sql: string, params: unknown[] = []) {
  const [row] = await t.database.query<{ n: number }>(sql, params);
  return Number(row!.n);
}

/** The paid tips of the current Europe/Berlin month, summed from the tips themselves. */
async function monthFromTips(businessId: string) {
  const month = dayInZone(t.clock.now()).slice(0, 7);
  const rows = await t.database.query<{ amount_cents: number; platform_fee_cents: number }>(
    `SELECT amount_cents, platform_fee_cents FROM tips
     WHERE business_id = $1 AND status IN ('pending', 'completed')
       AND to_char(created_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM') = $2`,
    [businessId, month],
  );
  return {
    tipsCents: rows.reduce((sum, row) => sum + row.amount_cents, 0),
    tipCount: rows.length,
    platformFeeCents: rows.reduce((sum, row) => sum + row.platform_fee_cents, 0),
  };
}

describe('the list', () => {
  it('shows every business with its owners, active staff and points, the month’s figures and status', async () => {
    const now = t.clock.now();
    const [anna, ben] = hotel.employees;
    await createTip(t.database.db, { businessId: hotel.id, employeeId: anna!.id, createdAt: now });
    await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: ben!.id,
      amountCents: 550,
      platformFeeCovered: true,
      status: 'completed',
      createdAt: now,
    });
    // Neither counts: last month's tip and a failed one.
    await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: anna!.id,
      amountCents: 9900,
      createdAt: new Date(now.getTime() - 40 * DAY_MS),
    });
    await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: anna!.id,
      amountCents: 7700,
      status: 'failed',
      createdAt: now,
    });
    // A second owner who has not accepted the invitation yet shows as invited.
    const invitedOwner = await createPerson(t.database.db, {
      role: 'business_owner',
      businessId: hotel.id,
      fullName: 'Zora Zweitinhaberin',
    });
    await t.database.query(
      'UPDATE users SET email_verified_at = NULL, last_login_at = NULL WHERE id = $1',
      [invitedOwner.id],
    );
    await t.database.query('UPDATE payment_entrypoints SET active = false WHERE id = $1', [
      hotel.points[1]!.id,
    ]);

    const response = await overview(`?search=${encodeURIComponent(hotel.name.split(' ')[2]!)}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as BusinessOverview;
    expect(body.items.map((item) => item.id)).toEqual([hotel.id, cafe.id]);
    expect(body.total).toBe(2);
    expect(body.month).toBe(`${dayInZone(now).slice(0, 7)}-01`);
    const row = body.items[0]!;
    expect(row).toMatchObject({
      name: hotel.name,
      status: 'active',
      activeStaff: 2,
      activePaymentPoints: 2,
      suspensionReason: null,
      closedAt: null,
    });
    expect(row.month).toEqual(await monthFromTips(hotel.id));
    expect(row.month).toEqual({ tipsCents: 1550, tipCount: 2, platformFeeCents: 45 });
    expect(row.owners).toEqual([
      {
        id: hotel.owner.id,
        fullName: hotel.owner.fullName,
        email: hotel.owner.email,
        invited: false,
        delivery: null,
      },
      {
        id: invitedOwner.id,
        fullName: 'Zora Zweitinhaberin',
        email: invitedOwner.email,
        invited: true,
        // Made by the factory: no invitation e-mail was ever queued.
        delivery: null,
      },
    ]);
    const other = body.items[1]!;
    expect(other).toMatchObject({ activeStaff: 1, activePaymentPoints: 0 });
    expect(other.month).toEqual({ tipsCents: 0, tipCount: 0, platformFeeCents: 0 });
    // Nothing internal leaks.
    expect(Object.keys(row).sort()).toEqual(
      [
        'activePaymentPoints',
        'activeStaff',
        'address',
        'closedAt',
        'contactEmail',
        'createdAt',
        'erasedAt',
        'id',
        'month',
        'name',
        'origin',
        'owners',
        'plan',
        'status',
        'suspendedAt',
        'suspensionReason',
      ].sort(),
    );
  });

  it('searches by name and by an owner’s e-mail, case-insensitively; % matches itself only', async () => {
    const byName = (
      await overview(`?search=${encodeURIComponent(cafe.name.toUpperCase())}`)
    ).json();
    expect(byName.items.map((item: BusinessOverviewRow) => item.id)).toEqual([cafe.id]);
    const byOwner = (await overview(`?search=${encodeURIComponent(cafe.owner.email)}`)).json();
    expect(byOwner.items.map((item: BusinessOverviewRow) => item.id)).toEqual([cafe.id]);
    expect((await overview('?search=%25%25')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('pages through businesses by name, 25 a page', async () => {
    const tag = `Seitentest ${uniqueSuffix()}`;
    const made: string[] = [];
    for (let i = 0; i < 27; i += 1) {
      const business = await createBusiness(t.database.db, {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        employees: 0,
        withSettings: false,
      });
      made.push(business.id);
    }
    const first = (await overview(`?search=${encodeURIComponent(tag)}`)).json() as BusinessOverview;
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 27 });
    expect(first.items.map((item) => item.id)).toEqual(made.slice(0, 25));
    const second = (await overview(`?search=${encodeURIComponent(tag)}&page=2`)).json();
    expect(second.items.map((item: BusinessOverviewRow) => item.id)).toEqual(made.slice(25));
    expect((await overview('?page=0')).statusCode).toBe(400);
  });

  it('is for the platform admin only: owners and employees hear so, anonymous visitors sign in', async () => {
    for (const email of [hotel.owner.email, hotel.employees[0]!.email]) {
      const refused = await overview('', await signIn(t, email));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'operator_only',
        message: 'Nur der Plattform-Administrator verwaltet Betriebe.',
      });
      expect(refused.body).not.toContain(cafe.name);
    }
    const anonymous = await t.inject({ method: 'GET', url: '/api/admin/businesses/overview' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('creating a business', () => {
  const input = (tag: string) => ({
    name: `Hotel Neu ${tag}`,
    address: 'Seestraße 1, 12345 Berlin',
    contactEmail: ` Kontakt-${tag}@Hotel-Neu.example `,
    description: 'Ein Hotel am See.',
    legalForm: 'GmbH',
    registerEntry: 'Amtsgericht Berlin HRB 12345',
    vatId: 'DE123456789',
    ownerEmail: `Chefin-${tag}@hotel-neu.example`,
  });

  it('creates it with its branding and settings, invites its owner, and audits both in one go', async () => {
    const tag = uniqueSuffix();
    const response = await create(input(tag));
    expect(response.statusCode, response.body).toBe(201);
    const change = response.json() as BusinessChange;
    const id = change.business.id;
    expect(change.business).toMatchObject({
      name: `Hotel Neu ${tag}`,
      address: 'Seestraße 1, 12345 Berlin',
      contactEmail: `kontakt-${tag}@hotel-neu.example`,
      status: 'active',
      activeStaff: 0,
    });
    const ownerEmail = `chefin-${tag}@hotel-neu.example`;
    expect(change.invitedOwner).toMatchObject({ email: ownerEmail, fullName: null });
    expect(change.business.owners).toEqual([
      {
        id: change.invitedOwner!.id,
        fullName: null,
        email: ownerEmail,
        invited: true,
        // No SMTP in this test: the console outbox counts as delivered.
        delivery: 'delivered',
      },
    ]);

    const [row] = await t.database.query<Record<string, unknown>>(
      'SELECT legal_form, register_entry, vat_id, description, active, payout_schedule FROM businesses WHERE id = $1',
      [id],
    );
    expect(row).toEqual({
      legal_form: 'GmbH',
      register_entry: 'Amtsgericht Berlin HRB 12345',
      vat_id: 'DE123456789',
      description: 'Ein Hotel am See.',
      active: true,
      payout_schedule: 'daily',
    });
    expect(await count('SELECT count(*) AS n FROM branding WHERE business_id = $1', [id])).toBe(1);
    expect(
      await count('SELECT count(*) AS n FROM integration_settings WHERE business_id = $1', [id]),
    ).toBe(1);
    const audit = await t.database.query<{ action: string; target_id: string }>(
      'SELECT action, target_id FROM admin_audit_log WHERE business_id = $1 ORDER BY action',
      [id],
    );
    expect(audit).toEqual([
      { action: 'business_create', target_id: id },
      { action: 'user_create', target_id: change.invitedOwner!.id },
    ]);

    // The invitation mail: the staff invitation's 7-day link to onboarding, as the owner, by the
    // operator, with what comes next (decision 0512).
    const printed = t.printedMails.filter((text) => text.includes(`An: ${ownerEmail}\n`)).at(-1);
    expect(printed).toContain('7 Tage gültig');
    expect(printed).toContain(`Einladung als Inhaber von Hotel Neu ${tag} – Trinkgeld`);
    expect(printed).toContain(
      `Olga Operator (Betreiber der Trinkgeld-Plattform) hat Sie als Geschäftsinhaber von Hotel Neu ${tag} zu Trinkgeld eingeladen.`,
    );
    expect(printed).toContain('So geht es weiter:');
    expect(printed).toContain('Checkliste „Einrichtung“ in der Admin-Konsole');
    expect(printed).not.toContain('mitzuarbeiten');
    const token = /\/employee\/login\?magic_token=([\w-]+)/.exec(printed ?? '')?.[1];
    expect(token).toBeTruthy();
    const signedIn = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token },
    });
    expect(signedIn.statusCode).toBe(200);
    const setCookie = signedIn.headers['set-cookie'];
    const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
    const me = await t.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: 'business_owner', businessId: id, fullName: null });
    // Onboarding: a name, and the new owner manages the new business.
    const onboarded = await t.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      headers: { cookie },
      payload: { fullName: 'Clara Chefin' },
    });
    expect(onboarded.statusCode).toBe(200);
    const dashboard = await t.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie },
    });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().business).toEqual({ id, name: `Hotel Neu ${tag}` });
  });

  it('creates it without an owner, who is invited right after', async () => {
    const tag = uniqueSuffix();
    const { ownerEmail: _unused, ...withoutOwner } = input(tag);
    const response = await create({ ...withoutOwner, description: '', legalForm: '' });
    expect(response.statusCode).toBe(201);
    const change = response.json() as BusinessChange;
    expect(change.invitedOwner).toBeNull();
    expect(change.business.owners).toEqual([]);
    const [row] = await t.database.query<{ description: string | null; legal_form: null }>(
      'SELECT description, legal_form FROM businesses WHERE id = $1',
      [change.business.id],
    );
    expect(row).toEqual({ description: null, legal_form: null });

    const email = `spaeter-${tag}@test.local`;
    const invited = await t.inject({
      method: 'POST',
      url: `/api/admin/businesses/${change.business.id}/owners`,
      headers: { cookie: adminCookie },
      payload: { email },
    });
    expect(invited.statusCode).toBe(201);
    expect((invited.json() as BusinessChange).business.owners).toMatchObject([
      { email, invited: true },
    ]);
    expect(
      await count(
        "SELECT count(*) AS n FROM profiles WHERE email = $1 AND role = 'business_owner' AND business_id = $2",
        [email, change.business.id],
      ),
    ).toBe(1);
  });

  it('writes nothing when the owner’s address already has an account: no business, no audit row, no mail', async () => {
    const tag = uniqueSuffix();
    const before = {
      businesses: await count('SELECT count(*) AS n FROM businesses'),
      audit: await count('SELECT count(*) AS n FROM admin_audit_log'),
      mails: await count('SELECT count(*) AS n FROM outbox_emails'),
    };
    const response = await create({ ...input(tag), ownerEmail: cafe.employees[0]!.email });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'E-Mail: Diese Adresse gehört bereits zu einem Benutzer.',
    );
    expect({
      businesses: await count('SELECT count(*) AS n FROM businesses'),
      audit: await count('SELECT count(*) AS n FROM admin_audit_log'),
      mails: await count('SELECT count(*) AS n FROM outbox_emails'),
    }).toEqual(before);
  });

  it.each([
    [{ name: '' }, 'Name: Bitte geben Sie den Namen des Betriebs an.'],
    [{ address: '  ' }, 'Adresse: Bitte geben Sie die Anschrift des Betriebs an.'],
    [{ contactEmail: 'keine' }, 'Kontakt-E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    [{ ownerEmail: 'x@' }, 'E-Mail des Inhabers: Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    [{ vatId: 'D'.repeat(41) }, 'USt-IdNr.: höchstens 40 Zeichen.'],
  ])('refuses %o with a German 400', async (change, message) => {
    const response = await create({ ...input(uniqueSuffix()), ...change });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(message);
  });

  it('is refused to owners, who cannot create or invite into any business', async () => {
    const ownerCookie = await signIn(t, hotel.owner.email);
    const before = await count('SELECT count(*) AS n FROM businesses');
    const refused = await create(input(uniqueSuffix()), ownerCookie);
    expect(refused.statusCode).toBe(403);
    expect(await count('SELECT count(*) AS n FROM businesses')).toBe(before);
    const invite = await t.inject({
      method: 'POST',
      url: `/api/admin/businesses/${hotel.id}/owners`,
      headers: { cookie: ownerCookie },
      payload: { email: `x-${uniqueSuffix()}@test.local` },
    });
    expect(invite.statusCode).toBe(403);
  });
});
