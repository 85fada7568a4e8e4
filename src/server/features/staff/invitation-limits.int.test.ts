import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
  uniqueSuffix,
} from '../../../../test/support/factories';
import type { BusinessChange } from '../../../shared/api/operator';

/**
 * Invitation mails go out under the operator's mail domain, so they are
 * limited per business (30 an hour) and per address (3 a day), invitations and re-sends together,
 * whoever sends them; past a limit the answer is 429 with the German wait time, and nothing is
 * written or sent.
 */
let t: TestApp;
let platformAdminEmail: string;
let platformAdmin: string;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const WAIT_MESSAGE = /^Bitte warten Sie (\d+) Minute\(n\) und versuchen Sie es erneut\.$/;

beforeAll(async () => {
  t = await createTestApp();
  platformAdminEmail = (await createPlatformAdmin(t.database.db)).email;
});
// Tests move the clock on by hours: every test signs in afresh.
beforeEach(async () => {
  platformAdmin = await signIn(t, platformAdminEmail);
});
afterAll(async () => {
  await t.close();
});

/** A new business and its owner's session: each test starts with budgets nobody has used. */
async function businessWithOwner(): Promise<{ business: FactoryBusiness; owner: string }> {
  const business = await createBusiness(t.database.db, { employees: 0 });
  return { business, owner: await signIn(t, business.owner.email) };
}

const invite = (cookie: string, email: string, query = '') =>
  t.inject({
    method: 'POST',
    url: `/api/admin/users${query}`,
    headers: { cookie },
    payload: { email, role: 'employee' },
  });
const resend = (cookie: string, id: string, query = '') =>
  t.inject({
    method: 'POST',
    url: `/api/admin/users/${id}/invitation${query}`,
    headers: { cookie },
  });

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(sql, params);
  return Number(row!.n);
}

/** Everything an invitation writes or sends, counted over the whole database. */
async function footprint() {
  return {
    users: await count('SELECT count(*)::int AS n FROM users'),
    profiles: await count('SELECT count(*)::int AS n FROM profiles'),
    notices: await count('SELECT count(*)::int AS n FROM staff_invitation_notices'),
    businesses: await count('SELECT count(*)::int AS n FROM businesses'),
    tokens: await count('SELECT count(*)::int AS n FROM auth_tokens'),
    tokenHashes: await t.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM auth_tokens ORDER BY token_hash',
    ),
    mails: await count('SELECT count(*)::int AS n FROM outbox_emails'),
    printed: t.printedMails.length,
    audit: await count('SELECT count(*)::int AS n FROM admin_audit_log'),
  };
}

/** A 429 with the spec's German wait message, whose minutes match Retry-After. */
function expectWait(response: LightMyRequestResponse, atMostMinutes: number): void {
  expect(response.statusCode, response.body).toBe(429);
  const error = response.json().error as { code: string; title: string; message: string };
  expect(error.code).toBe('rate_limited');
  expect(error.title).toBe('Zu viele Anfragen');
  const minutes = Number(WAIT_MESSAGE.exec(error.message)?.[1]);
  expect(minutes, error.message).toBeGreaterThanOrEqual(1);
  expect(minutes).toBeLessThanOrEqual(atMostMinutes);
  expect(minutes).toBe(Math.ceil(Number(response.headers['retry-after']) / 60));
}

const mailsTo = (pattern: string) =>
  count('SELECT count(*)::int AS n FROM outbox_emails WHERE to_address LIKE $1', [pattern]);

describe('invitations per business', () => {
  it('sends 30 an hour of 40 sent at once, refuses the rest in German; another business is not affected', async () => {
    const hotel = await businessWithOwner();
    const cafe = await businessWithOwner();
    const tag = uniqueSuffix();
    // The reproduction: 40 invitations in a few seconds.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => invite(hotel.owner, `flut-${tag}-${i}@example.com`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expectWait(refused, 60);
    }
    expect(await mailsTo(`flut-${tag}-%`)).toBe(30);
    expect(
      await count('SELECT count(*)::int AS n FROM users WHERE email LIKE $1', [`flut-${tag}-%`]),
    ).toBe(30);

    // A refused invitation writes nothing and sends nothing.
    const before = await footprint();
    expectWait(await invite(hotel.owner, `spaet-${tag}@example.com`), 60);
    expect(await footprint()).toEqual(before);

    // The limit is the business's own: the café still invites.
    expect((await invite(cafe.owner, `cafe-${tag}@example.com`)).statusCode).toBe(201);

    // An hour later the hotel invites again.
    t.clock.advance(HOUR_MS);
    const owner = await signIn(t, hotel.business.owner.email);
    expect((await invite(owner, `spaet-${tag}@example.com`)).statusCode).toBe(201);
  });

  it('counts re-sends against the same hour', async () => {
    const { owner } = await businessWithOwner();
    const tag = uniqueSuffix();
    const ids: string[] = [];
    for (let i = 0; i < 15; i += 1) {
      const response = await invite(owner, `wieder-${tag}-${i}@example.com`);
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id as string);
    }
    for (const id of ids) expect((await resend(owner, id)).statusCode).toBe(200);
    // 30 mails this hour; the first address has had two, so only the business's limit refuses.
    const before = await footprint();
    expectWait(await resend(owner, ids[0]!), 60);
    expect(await footprint()).toEqual(before);
  });
});

describe('invitations per address', () => {
  it('sends 3 a day to one address, invitation and re-sends together, from any business', async () => {
    const hotel = await businessWithOwner();
    const cafe = await businessWithOwner();
    const email = `einmal-${uniqueSuffix()}@example.com`;
    const invited = await invite(hotel.owner, email);
    expect(invited.statusCode, invited.body).toBe(201);
    const id = invited.json().id as string;
    expect((await resend(hotel.owner, id)).statusCode).toBe(200);
    expect((await resend(hotel.owner, id)).statusCode).toBe(200);
    expect(await mailsTo(email)).toBe(3);

    // The reproduction went on to 15 re-sends: the fourth mail and later are refused.
    const before = await footprint();
    for (let i = 0; i < 12; i += 1) expectWait(await resend(hotel.owner, id), 24 * 60);
    expect(await footprint()).toEqual(before);

    // Another business inviting the same address is refused alike and writes no notice.
    expectWait(await invite(cafe.owner, email), 24 * 60);
    expect(await footprint()).toEqual(before);
    expect(await mailsTo(email)).toBe(3);

    // A day later the link can go out again.
    t.clock.advance(DAY_MS);
    const owner = await signIn(t, hotel.business.owner.email);
    expect((await resend(owner, id)).statusCode).toBe(200);
    expect(await mailsTo(email)).toBe(4);
  });

  it('gives the budget back when no mail goes out (an address already of the business)', async () => {
    const { business, owner } = await businessWithOwner();
    // Taken addresses send nothing: trying one over and over uses up neither budget.
    for (let i = 0; i < 5; i += 1) {
      expect((await invite(owner, business.owner.email)).statusCode).toBe(409);
    }
    const email = `danach-${uniqueSuffix()}@example.com`;
    expect((await invite(owner, email)).statusCode).toBe(201);
  });
});

describe("the operator's owner invitations", () => {
  const create = (email: string) =>
    t.inject({
      method: 'POST',
      url: '/api/admin/businesses',
      headers: { cookie: platformAdmin },
      payload: {
        name: `Neu ${email}`,
        address: 'Seestraße 1, 12345 Berlin',
        contactEmail: 'kontakt@hotel-neu.example',
        ownerEmail: email,
      },
    });
  const inviteOwner = (businessId: string, email: string) =>
    t.inject({
      method: 'POST',
      url: `/api/admin/businesses/${businessId}/owners`,
      headers: { cookie: platformAdmin },
      payload: { email },
    });

  it("count against the address: 'Betrieb anlegen' past it creates no business", async () => {
    const email = `chefin-${uniqueSuffix()}@example.com`;
    const created = await create(email);
    expect(created.statusCode, created.body).toBe(201);
    const change = created.json() as BusinessChange;
    const scope = `?businessId=${change.business.id}`;
    expect((await resend(platformAdmin, change.invitedOwner!.id, scope)).statusCode).toBe(200);
    expect((await resend(platformAdmin, change.invitedOwner!.id, scope)).statusCode).toBe(200);

    const before = await footprint();
    expectWait(await create(email), 24 * 60);
    const other = await createBusiness(t.database.db, { employees: 0 });
    const afterCreate = await footprint();
    expectWait(await inviteOwner(other.id, email), 24 * 60);
    expect(await footprint()).toEqual(afterCreate);
    expect(afterCreate.businesses).toBe(before.businesses + 1);
    expect(await mailsTo(email)).toBe(3);
  });

  it("count against the business: 'Inhaber einladen' past its hour is refused", async () => {
    const { business, owner } = await businessWithOwner();
    const tag = uniqueSuffix();
    for (let i = 0; i < 30; i += 1) {
      expect((await invite(owner, `team-${tag}-${i}@example.com`)).statusCode).toBe(201);
    }
    const before = await footprint();
    expectWait(await inviteOwner(business.id, `inhaber-${tag}@example.com`), 60);
    expect(await footprint()).toEqual(before);
  });
});
