import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { readPdf, squeeze } from '../../../../test/support/pdf';
import type { PoolDistributionPreview } from '../../../shared/api/pool';
import { ManualClock } from '../../lib/clock';

/**
 * 'The rule in writing' (decision 0660): a team's split rule and the pool's rule as a
 * one-page notice for the staff room, with the day the rule was set.
 */
let t: TestApp;
let clock: ManualClock;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  clock = new ManualClock('2026-03-10T09:00:00Z');
  t = await createTestApp({ clock });
  hotel = await createBusiness(t.database.db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Anna Adler' }, { fullName: 'Ben Berg' }, { fullName: 'Cem Cakir' }],
    points: ['object', 'team'],
  });
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['team'] });
});
afterAll(async () => {
  await t.close();
});

async function as(email: string) {
  const cookie = await signIn(t, email);
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/** The notice's one page as a reader sees it, without white space. */
async function noticeText(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const pdf = await readPdf((response as unknown as { rawPayload: Buffer }).rawPayload);
  expect(pdf.pages).toHaveLength(1);
  return squeeze(pdf.pages[0]!.text);
}

describe('GET /api/admin/teams/:id/rule-notice.pdf', () => {
  it('prints what is split, by what and since when; only for the business that owns the team', async () => {
    const owner = await as(hotel.owner.email);
    const team = hotel.teams[0]!;
    const [anna, ben, cem] = hotel.employees as [
      (typeof hotel.employees)[0],
      (typeof hotel.employees)[0],
      (typeof hotel.employees)[0],
    ];
    const url = `/api/admin/teams/${team.id}/rule-notice.pdf`;

    // The factory's team was never changed: an equal split, since the team was created.
    const equal = await noticeText(await owner('GET', url));
    expect(equal).toContain(squeeze(`Teamtrinkgeld ${team.name}`));
    expect(equal).toContain(squeeze('Hotel Seeblick'));
    expect(equal).toContain(squeeze('Aufgeteilt zu gleichen Teilen unter den Mitgliedern'));
    expect(equal).toContain(squeeze('Mitglieder: Anna Adler, Ben Berg, Cem Cakir.'));

    clock.set('2026-03-12T10:00:00Z');
    const later = await as(hotel.owner.email);
    expect(
      (
        await later('PUT', `/api/admin/teams/${team.id}/members`, {
          members: [
            { profileId: anna.id, weight: 1 },
            { profileId: ben.id, weight: 1 },
            { profileId: cem.id, weight: 1 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await later('PATCH', `/api/admin/teams/${team.id}`, { splitRule: 'hours' })).statusCode,
    ).toBe(200);
    expect(
      (
        await later('PUT', '/api/admin/work-points', {
          items: [
            { profileId: anna.id, points: '1', role: 'Service' },
            { profileId: ben.id, points: '0,5', role: 'Küche' },
            { profileId: cem.id, points: '1', role: 'Service' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    // A later rename does not move the day the rule was set.
    clock.set('2026-03-20T10:00:00Z');
    const rename = await as(hotel.owner.email);
    expect(
      (await rename('PATCH', `/api/admin/teams/${team.id}`, { name: 'Service' })).statusCode,
    ).toBe(200);

    const hours = await noticeText(await rename('GET', url));
    expect(hours).toContain(squeeze('Teamtrinkgeld Service'));
    expect(hours).toContain(squeeze('Aufgeteilt nach Arbeitsstunden laut Dienstplan'));
    expect(hours).toContain(
      squeeze('Punkte je Rolle: Service 1 (Anna Adler, Cem Cakir) / Küche 0,5 (Ben Berg).'),
    );
    expect(hours).toContain(squeeze('Gültig seit 12.03.2026.'));
    expect(hours).toContain(squeeze('Ausgedruckt am 20.03.2026'));

    // Another business's owner does not find it; an employee may not print it.
    expect((await (await as(cafe.owner.email))('GET', url)).statusCode).toBe(404);
    expect((await (await as(anna.email))('GET', url)).statusCode).toBe(403);
    expect(
      (await rename('GET', '/api/admin/teams/00000000-0000-4000-8000-000000000000/rule-notice.pdf'))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/admin/pool/rule-notice.pdf', () => {
  it('prints the pool as distributed by hand, then by hours since the first distribution', async () => {
    // Shifts are entered ahead of the day they are for.
    clock.set('2026-03-16T07:00:00Z');
    const owner = await as(hotel.owner.email);
    const byHand = await noticeText(await owner('GET', '/api/admin/pool/rule-notice.pdf'));
    expect(byHand).toContain(squeeze('Trinkgeld-Pool'));
    expect(byHand).toContain(squeeze('Verteilt von Hand'));

    const anna = hotel.employees[0]!;
    expect(
      (
        await owner('POST', '/api/admin/shifts', {
          targetKind: 'point',
          targetId: hotel.points[0]!.id,
          profileId: anna.id,
          day: '2026-03-17',
          startTime: '09:00',
          endTime: '17:00',
        })
      ).statusCode,
    ).toBe(201);
    await createTip(t.database.db, {
      businessId: hotel.id,
      entrypoint: hotel.points[0]!,
      amountCents: 1000,
      createdAt: new Date('2026-03-17T10:00:00Z'),
    });
    clock.set('2026-03-24T12:00:00Z');
    const now = await as(hotel.owner.email);
    const preview = (
      await now('GET', '/api/admin/pool/distribution?period=week&day=2026-03-17')
    ).json() as PoolDistributionPreview;
    expect(preview.amountCents).toBe(1000);
    const confirmed = await now('POST', '/api/admin/pool/distribution', {
      period: 'week',
      day: '2026-03-17',
      fingerprint: preview.fingerprint,
    });
    expect(confirmed.statusCode).toBe(201);

    clock.set('2026-03-30T12:00:00Z');
    const hours = await noticeText(
      await (
        await as(hotel.owner.email)
      )('GET', '/api/admin/pool/rule-notice.pdf'),
    );
    expect(hours).toContain(squeeze('Verteilt nach Arbeitsstunden laut Dienstplan'));
    expect(hours).toContain(squeeze('Küche 0,5 (Ben Berg)'));
    expect(hours).toContain(squeeze('Gültig seit 24.03.2026.'));

    // Each business prints its own pool; an employee may not.
    const theirs = await noticeText(
      await (
        await as(cafe.owner.email)
      )('GET', '/api/admin/pool/rule-notice.pdf'),
    );
    expect(theirs).toContain(squeeze('Verteilt von Hand'));
    expect(theirs).not.toContain(squeeze('Hotel Seeblick'));
    expect(
      (await (await as(anna.email))('GET', '/api/admin/pool/rule-notice.pdf')).statusCode,
    ).toBe(403);
  });
});
