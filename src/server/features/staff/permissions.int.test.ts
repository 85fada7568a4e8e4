import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPerson,
  createPlatformAdmin,
  createTwoFactor,
  type FactoryBusiness,
  type FactoryPerson,
} from '../../../../test/support/factories';
import type { StaffAllowedActions, StaffUser, StaffUserList } from '../../../shared/api/staff';
import { ROLES } from '../../../shared/domain/roles';

/**
 * The staff list tells the signed-in person what they may do to each person
 * (and the payment-point list whether they may generate demo data), computed by the policy the
 * server enforces; and every action the list does not offer is still refused. Two businesses.
 */

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let coOwner: FactoryPerson;
let admin: FactoryPerson;
let gone: FactoryPerson;
let invitedId: string;
const cookies: Record<'owner' | 'admin' | 'cafeOwner', string> = {
  owner: '',
  admin: '',
  cafeOwner: '',
};

const NOTHING: StaffAllowedActions = {
  changeRole: [],
  deactivate: false,
  reactivate: false,
  resendInvitation: false,
  resetTwoFactor: false,
};

beforeAll(async () => {
  t = await createTestApp({ config: { publicOrigin: 'https://tips.example' } });
  const db = t.database.db;
  hotel = await createBusiness(db, { employees: 2 });
  cafe = await createBusiness(db, { employees: 1 });
  coOwner = await createPerson(db, { role: 'business_owner', businessId: hotel.id });
  admin = await createPlatformAdmin(db, { businessId: hotel.id });
  gone = await createPerson(db, { businessId: hotel.id, disabled: true });
  await createTwoFactor(db, {
    serverSecret: t.config.sessionSecret,
    userId: hotel.employees[0]!.id,
  });
  cookies.owner = await signIn(t, hotel.owner.email);
  cookies.admin = await signIn(t, admin.email);
  cookies.cafeOwner = await signIn(t, cafe.owner.email);
  const invited = await t.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: { cookie: cookies.owner },
    payload: { email: `eingeladen-${Date.now()}@test.local` },
  });
  expect(invited.statusCode).toBe(201);
  invitedId = (invited.json() as StaffUser).id;
});
afterAll(async () => {
  await t.close();
});

async function list(cookie: string, businessId?: string): Promise<StaffUserList> {
  const response = await t.inject({
    method: 'GET',
    url: `/api/admin/users${businessId ? `?businessId=${businessId}` : ''}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as StaffUserList;
}
const actionsById = (answer: StaffUserList) =>
  Object.fromEntries(answer.items.map((item) => [item.id, item.allowedActions]));

describe('the staff list carries what the signed-in person may do', () => {
  it('an owner: employees only, never another owner or the platform admin, never Administrator', async () => {
    const answer = await list(cookies.owner);
    expect(answer.permissions).toEqual({ inviteRoles: ['business_owner', 'employee'] });
    const [anna, ben] = hotel.employees as [FactoryPerson, FactoryPerson];
    expect(actionsById(answer)).toEqual({
      [hotel.owner.id]: NOTHING,
      [coOwner.id]: NOTHING,
      [anna.id]: {
        ...NOTHING,
        changeRole: ['business_owner'],
        deactivate: true,
        resetTwoFactor: true,
      },
      [ben.id]: { ...NOTHING, changeRole: ['business_owner'], deactivate: true },
      [invitedId]: {
        ...NOTHING,
        changeRole: ['business_owner'],
        deactivate: true,
        resendInvitation: true,
      },
      [gone.id]: { ...NOTHING, changeRole: ['business_owner'], reactivate: true },
    });
  });

  it('the platform admin: every role, owners too while another owner remains', async () => {
    const answer = await list(cookies.admin);
    expect(answer.permissions).toEqual({ inviteRoles: [...ROLES] });
    const actions = actionsById(answer);
    // The platform admin is not staff of the business their profile sits in (decision 0481).
    expect(actions[admin.id]).toBeUndefined();
    for (const id of [hotel.owner.id, coOwner.id]) {
      expect(actions[id]).toEqual({
        ...NOTHING,
        changeRole: ['admin', 'employee'],
        deactivate: true,
      });
    }
    expect(actions[hotel.employees[0]!.id]).toEqual({
      ...NOTHING,
      changeRole: ['admin', 'business_owner'],
      deactivate: true,
      resetTwoFactor: true,
    });
  });

  it('the other business: its owner sees only its people; the admin sees its last owner kept', async () => {
    const asCafeOwner = await list(cookies.cafeOwner);
    expect(asCafeOwner.permissions).toEqual({ inviteRoles: ['business_owner', 'employee'] });
    expect(actionsById(asCafeOwner)).toEqual({
      [cafe.owner.id]: NOTHING,
      [cafe.employees[0]!.id]: { ...NOTHING, changeRole: ['business_owner'], deactivate: true },
    });
    const asAdmin = actionsById(await list(cookies.admin, cafe.id));
    // The last owner is neither demoted nor deactivated (the policy still lets the admin make
    // them an administrator, so that is what is offered).
    expect(asAdmin[cafe.owner.id]).toEqual({ ...NOTHING, changeRole: ['admin'] });
  });

  it('tells owners that only administrators generate demo data, and the admin that they may', async () => {
    const points = (cookie: string, businessId?: string) =>
      t.inject({
        method: 'GET',
        url: `/api/admin/entrypoints${businessId ? `?businessId=${businessId}` : ''}`,
        headers: { cookie },
      });
    for (const cookie of [cookies.owner, cookies.cafeOwner]) {
      const answer = await points(cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().permissions).toEqual({ generateDemoData: false });
    }
    for (const businessId of [hotel.id, cafe.id]) {
      expect((await points(cookies.admin, businessId)).json().permissions).toEqual({
        generateDemoData: true,
      });
    }
    const refused = await t.inject({
      method: 'POST',
      url: '/api/admin/entrypoints/demo',
      headers: { cookie: cookies.owner },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      title: 'Keine Berechtigung',
      message: 'Nur Administratoren können Demo-Daten generieren.',
    });
  });
});

/** Every request of an action the list does not offer, for one row. */
function hiddenRequests(user: StaffUser) {
  const base = `/api/admin/users/${user.id}`;
  const requests: { method: 'POST' | 'PATCH'; url: string; payload?: object }[] = [];
  for (const role of ROLES) {
    if (role !== user.role && !user.allowedActions.changeRole.includes(role)) {
      requests.push({ method: 'PATCH', url: base, payload: { role } });
    }
  }
  if (!user.allowedActions.deactivate) requests.push({ method: 'POST', url: `${base}/deactivate` });
  if (!user.allowedActions.reactivate) requests.push({ method: 'POST', url: `${base}/reactivate` });
  if (!user.allowedActions.resendInvitation) {
    requests.push({ method: 'POST', url: `${base}/invitation` });
  }
  if (!user.allowedActions.resetTwoFactor) {
    requests.push({ method: 'POST', url: `${base}/two-factor/reset` });
  }
  return requests;
}

async function snapshot() {
  return t.database.query<{ id: string; role: string; disabled: boolean; audits: number }>(
    `SELECT p.id, p.role, u.disabled_at IS NOT NULL AS disabled,
            (SELECT count(*)::int FROM admin_audit_log a WHERE a.target_id = p.id::text) AS audits
       FROM profiles p JOIN users u ON u.id = p.id
      WHERE p.business_id IN ($1, $2) ORDER BY p.id`,
    [hotel.id, cafe.id],
  );
}

describe('the server still refuses everything the list does not offer', () => {
  it.each(['owner', 'cafeOwner', 'admin'] as const)('as %s', async (who) => {
    const before = await snapshot();
    const answer = await list(cookies[who]);
    let refused = 0;
    for (const user of answer.items) {
      for (const request of hiddenRequests(user)) {
        const response = await t.inject({ ...request, headers: { cookie: cookies[who] } });
        expect(
          response.statusCode,
          `${who} ${request.method} ${request.url}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(answer.items.length);
    expect(await snapshot()).toEqual(before);
  });
});

describe('what is offered works, and the list follows the change', () => {
  it('an owner promotes an employee, who is then out of reach; deactivation offers reactivation', async () => {
    const ben = hotel.employees[1]!;
    const promoted = await t.inject({
      method: 'PATCH',
      url: `/api/admin/users/${ben.id}`,
      headers: { cookie: cookies.owner },
      payload: { role: 'business_owner' },
    });
    expect(promoted.statusCode).toBe(200);
    expect((promoted.json() as StaffUser).allowedActions).toEqual(NOTHING);
    expect(actionsById(await list(cookies.owner))[ben.id]).toEqual(NOTHING);

    const anna = hotel.employees[0]!;
    const deactivated = await t.inject({
      method: 'POST',
      url: `/api/admin/users/${anna.id}/deactivate`,
      headers: { cookie: cookies.owner },
    });
    expect(deactivated.statusCode).toBe(200);
    expect((deactivated.json() as StaffUser).allowedActions).toEqual({
      ...NOTHING,
      changeRole: ['business_owner'],
      reactivate: true,
      resetTwoFactor: true,
    });
  });
});
