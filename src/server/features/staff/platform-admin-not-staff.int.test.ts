import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
  type FactoryPerson,
} from '../../../../test/support/factories';
import type { StaffUserList } from '../../../shared/api/staff';

/**
 * A platform admin whose profile sits in a business (the seed's, or one
 * made by `admin:create --business`) is no one's colleague there. The business's staff list,
 * which the team dialog also picks members from, never shows them, and the server refuses them
 * as team members. Two businesses, each with its own admin profile.
 */
let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let hotelAdmin: FactoryPerson;
let cafeAdmin: FactoryPerson;
const cookies = { hotelOwner: '', cafeOwner: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hotel = await createBusiness(db, { employees: 2, teams: [{ name: 'Rezeption', members: [0] }] });
  cafe = await createBusiness(db, { employees: 1, teams: [{ name: 'Theke', members: [0] }] });
  hotelAdmin = await createPlatformAdmin(db, { businessId: hotel.id });
  cafeAdmin = await createPlatformAdmin(db, { businessId: cafe.id });
  cookies.hotelOwner = await signIn(t, hotel.owner.email);
  cookies.cafeOwner = await signIn(t, cafe.owner.email);
  cookies.admin = await signIn(t, hotelAdmin.email);
});
afterAll(async () => {
  await t.close();
});

async function staffIds(cookie: string, businessId?: string): Promise<string[]> {
  const response = await t.inject({
    method: 'GET',
    url: `/api/admin/users${businessId ? `?businessId=${businessId}` : ''}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as StaffUserList).items.map((person) => person.id);
}

describe('platform admins are not staff of a business', () => {
  it("each owner's staff list has its own people and no admin", async () => {
    const hotelList = await staffIds(cookies.hotelOwner);
    expect(hotelList).toContain(hotel.owner.id);
    expect(hotelList).toContain(hotel.employees[0]!.id);
    expect(hotelList).not.toContain(hotelAdmin.id);
    expect(hotelList).not.toContain(cafeAdmin.id);
    const cafeList = await staffIds(cookies.cafeOwner);
    expect(cafeList).toContain(cafe.employees[0]!.id);
    expect(cafeList).not.toContain(cafeAdmin.id);
    expect(cafeList).not.toContain(hotel.employees[0]!.id);
  });

  it('the platform admin, looking at either business, does not see themselves or another admin', async () => {
    for (const business of [hotel, cafe]) {
      const ids = await staffIds(cookies.admin, business.id);
      expect(ids).toContain(business.owner.id);
      expect(ids).not.toContain(hotelAdmin.id);
      expect(ids).not.toContain(cafeAdmin.id);
    }
  });

  it("refuses an admin as a team member, in the admin's own business and another", async () => {
    const put = (business: FactoryBusiness, cookie: string, profileId: string) =>
      t.inject({
        method: 'PUT',
        url: `/api/admin/teams/${business.teams[0]!.id}/members?businessId=${business.id}`,
        headers: { cookie },
        payload: { members: [{ profileId: business.employees[0]!.id }, { profileId }] },
      });
    for (const [business, cookie, profileId] of [
      [hotel, cookies.hotelOwner, hotelAdmin.id],
      [hotel, cookies.admin, hotelAdmin.id],
      [cafe, cookies.cafeOwner, cafeAdmin.id],
      [cafe, cookies.cafeOwner, hotelAdmin.id],
    ] as const) {
      const response = await put(business, cookie, profileId);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'Mitglied: Diese Person gehört nicht zu diesem Betrieb.',
      );
    }
    const members = await t.database.query<{ profile_id: string }>(
      'SELECT profile_id FROM team_members WHERE left_at IS NULL AND team_id = ANY($1)',
      [[hotel.teams[0]!.id, cafe.teams[0]!.id]],
    );
    expect(members.map((row) => row.profile_id).sort()).toEqual(
      [hotel.employees[0]!.id, cafe.employees[0]!.id].sort(),
    );
  });
});
