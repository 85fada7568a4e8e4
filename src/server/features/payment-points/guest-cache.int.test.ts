import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { connectAgain } from '../../../../test/support/database';
import {
  createBusiness,
  createPerson,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { GUEST_LANGUAGE_COOKIE } from '../../../shared/i18n/guest-locale';
import {
  branding,
  paymentEntrypoints,
  profiles,
  qrCodes,
  teamMembers,
  users,
} from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { GUEST_CACHE_TTL_MS, GuestCodeCache } from './guest-cache';

/**
 * The guest's tip page and payment-point lookup come from memory per code and language
 * (decision 0250). Every test first reads an answer (so it is cached), changes what the guest
 * sees, and expects the very next answer to show it, on this instance and on a second one.
 */
const MONDAY_NOON_BERLIN = '2026-03-16T11:00:00Z';
const DAY_MS = 86_400_000;

let a: TestApp;
let b: TestApp;
let hotel: FactoryBusiness;

beforeAll(async () => {
  a = await createTestApp({ clock: new ManualClock(MONDAY_NOON_BERLIN) });
  b = await createTestApp({ database: await connectAgain(a.database), clock: a.clock });
  hotel = await createBusiness(a.database.db, {
    employees: [{ fullName: 'Anna Schneider' }, { fullName: 'Jonas Weber' }],
    points: ['person', 'team', 'object', 'object', 'person'],
  });
});
afterAll(async () => {
  await b.close();
  await b.database.close();
  await a.close();
});

const lookup = (t: TestApp, uid: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/guest/codes/${uid}`, headers });
const page = (t: TestApp, uid: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/t/${uid}`, headers });

describe('answers from memory', () => {
  it('answers 304 to the ETag it gave, for the lookup and the page', async () => {
    const uid = hotel.points[0]!.uid;
    for (const [read, vary] of [
      [lookup, 'accept-language, cookie'],
      [page, 'accept-language, cookie, accept-encoding'],
    ] as const) {
      const first = await read(a, uid);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(first.headers.vary).toBe(vary);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{32}"$/);
      const again = await read(a, uid, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const listed = await read(a, uid, { 'if-none-match': `"other", W/${etag}` });
      expect(listed.statusCode).toBe(304);
      const other = await read(a, uid, { 'if-none-match': '"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    }
  });

  it('keeps each encoding of the page with its own ETag, compressed once', async () => {
    const uid = hotel.points[0]!.uid;
    const brotli = await page(a, uid, { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    const brotliTag = brotli.headers.etag as string;
    expect(brotliTag).toMatch(/-br"$/);
    const again = await page(a, uid, { 'accept-encoding': 'br' });
    expect(again.headers.etag).toBe(brotliTag);
    expect(again.rawPayload.equals(brotli.rawPayload)).toBe(true);
    const plain = await page(a, uid);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).not.toBe(brotliTag);
    expect(plain.body).toContain('</html>');
    const gzip = await page(a, uid, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(
      (
        await page(a, uid, {
          'accept-encoding': 'gzip',
          'if-none-match': gzip.headers.etag as string,
        })
      ).statusCode,
    ).toBe(304);
  });

  it('keeps the languages apart: Accept-Language, the remembered choice and ?lang', async () => {
    const uid = hotel.points[1]!.uid;
    const german = await lookup(a, uid);
    const english = await lookup(a, uid, { 'accept-language': 'en-US,en;q=0.9' });
    const french = await lookup(a, uid, { cookie: `${GUEST_LANGUAGE_COOKIE}=fr` });
    expect(german.headers['content-language']).toBe('de');
    expect(english.headers['content-language']).toBe('en');
    expect(french.headers['content-language']).toBe('fr');
    expect(german.json().receiverNote).toMatch(/Trinkgeld/);
    expect(english.json().receiverNote).toMatch(/tip/i);
    expect(french.json().receiverNote).toMatch(/pourboire/);
    expect(new Set([german, english, french].map((r) => r.headers.etag)).size).toBe(3);
    // German again after the others: still German, from memory.
    expect((await lookup(a, uid)).body).toBe(german.body);

    const pageDe = await page(a, uid);
    const pageEn = await page(a, uid, { 'accept-language': 'en' });
    const pageIt = await a.app.inject({ url: `/t/${uid}?lang=it` });
    expect(pageDe.body).toContain('<html lang="de"');
    expect(pageEn.body).toContain('<html lang="en"');
    expect(pageIt.body).toContain('<html lang="it"');
    expect((await page(a, uid)).body).toBe(pageDe.body);
    // A tag of one language never answers 304 for another.
    const crossed = await page(a, uid, {
      'accept-language': 'en',
      'if-none-match': pageDe.headers.etag as string,
    });
    expect(crossed.statusCode).toBe(200);
  });

  it('keeps only what a guest can tip through, up to its bounds', async () => {
    const small = new GuestCodeCache(
      a.database,
      a.clock,
      { warn: () => {} },
      {
        ttlMs: GUEST_CACHE_TTL_MS,
        maxEntries: 2,
        maxBytes: 1_000_000,
      },
    );
    await small.start();
    try {
      for (const point of hotel.points.slice(0, 3)) await small.resolve(point.uid);
      await expect(small.resolve('t-gibt-es-nicht-42')).rejects.toMatchObject({
        code: 'code_not_found',
      });
      expect(small.size).toBe(2);
    } finally {
      await small.stop();
    }
  });
});

describe('a change reaches the next answer on both instances', () => {
  /** Reads on both instances (so both cache), changes, and returns the answers after. */
  async function around<T>(uid: string, change: () => Promise<T>) {
    const before = { a: await lookup(a, uid), b: await lookup(b, uid), page: await page(b, uid) };
    expect(before.a.statusCode).toBe(200);
    await change();
    const after = { a: await lookup(a, uid), b: await lookup(b, uid), page: await page(b, uid) };
    return { before, after };
  }

  it('the point itself (its label)', async () => {
    const point = hotel.points[2]!;
    const { before, after } = await around(point.uid, () =>
      a.database.db
        .update(paymentEntrypoints)
        .set({ label: 'Terrasse Nord' })
        .where(eq(paymentEntrypoints.id, point.id)),
    );
    expect(before.b.json().displayName).not.toBe('Terrasse Nord');
    expect(after.a.json().displayName).toBe('Terrasse Nord');
    expect(after.b.json().displayName).toBe('Terrasse Nord');
    expect(after.page.body).toContain('Terrasse Nord');
    expect(after.page.headers.etag).not.toBe(before.page.headers.etag);
  });

  it("the recipient's name and picture, changed through the other instance's API", async () => {
    const point = hotel.points[0]!;
    const anna = hotel.employees[0]!;
    const cookie = await signIn(a, anna.email);
    const { after } = await around(point.uid, async () => {
      const saved = await a.inject({
        method: 'PATCH',
        url: '/api/profiles/me',
        headers: { cookie },
        payload: { fullName: 'Anna Schneider-Berg' },
      });
      expect(saved.statusCode).toBeLessThan(300);
      await a.database.db
        .update(profiles)
        .set({ profileImageUrl: '/api/media/anna-neu' })
        .where(eq(profiles.id, anna.id));
    });
    expect(after.b.json()).toMatchObject({
      displayName: 'Anna Schneider-Berg',
      avatarUrl: '/api/media/anna-neu',
    });
    expect(after.page.body).toContain('Anna Schneider-Berg');
  });

  it("the business's branding", async () => {
    const point = hotel.points[0]!;
    const { after } = await around(point.uid, () =>
      a.database.db
        .update(branding)
        .set({ primaryColor: '#7a1f3d' })
        .where(eq(branding.businessId, hotel.id)),
    );
    expect(after.b.json().branding.primaryColor).toBe('#7a1f3d');
    expect(after.page.body).toContain('<meta name="theme-color" content="#7a1f3d"');
  });

  it('the team (a new member changes the split)', async () => {
    const teamPoint = hotel.points[1]!;
    const newcomer = await createPerson(a.database.db, { businessId: hotel.id });
    const { before, after } = await around(teamPoint.uid, () =>
      a.database.db
        .insert(teamMembers)
        .values({ teamId: teamPoint.targetId, profileId: newcomer.id }),
    );
    expect(before.b.json().receiverNote).toMatch(/unter 2 /);
    expect(after.b.json().receiverNote).toMatch(/unter 3 /);
  });

  it('the recipient deactivated: the page and the lookup stop offering the tip', async () => {
    const point = hotel.points[4]!;
    const { after } = await around(point.uid, () =>
      a.database.db
        .update(users)
        .set({ disabledAt: a.clock.now() })
        .where(eq(users.id, point.targetId)),
    );
    expect(after.a.statusCode).toBeGreaterThanOrEqual(400);
    expect(after.b.statusCode).toBeGreaterThanOrEqual(400);
    expect(after.page.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('the shift plan, and the end of the shift at midnight without any write', async () => {
    const table = hotel.points[3]!;
    const owner = await signIn(a, hotel.owner.email);
    const { before, after } = await around(table.uid, async () => {
      const planned = await a.inject({
        method: 'POST',
        url: '/api/admin/shifts',
        headers: { cookie: owner },
        payload: {
          targetKind: 'point',
          targetId: table.id,
          profileId: hotel.employees[0]!.id,
          day: '2026-03-16',
        },
      });
      expect(planned.statusCode).toBe(201);
    });
    expect(before.b.json().receiverNote).not.toMatch(/Anna/);
    expect(after.a.json().receiverNote).toBe('Ihr Trinkgeld geht heute an Anna.');
    expect(after.b.json().receiverNote).toBe('Ihr Trinkgeld geht heute an Anna.');
    expect(after.page.body).toContain('Ihr Trinkgeld geht heute an Anna.');

    // Noon in Berlin now; a moment before midnight still on shift, at midnight the day has ended.
    a.clock.advance(12 * 60 * 60 * 1000 - 1);
    expect((await lookup(b, table.uid)).json().receiverNote).toMatch(/Anna/);
    a.clock.advance(1);
    expect((await lookup(b, table.uid)).json().receiverNote).not.toMatch(/Anna/);
    expect((await page(a, table.uid)).body).not.toContain('heute an Anna');
    a.clock.advance(DAY_MS);
  });
});

describe('what no notification announces', () => {
  it('reads the database while the LISTEN connection does not answer, and trusts it again after', async () => {
    let answer: (generation: number) => void = () => {};
    const hung = new Promise<number>((resolve) => {
      answer = resolve;
    });
    const warnings: string[] = [];
    const cache = new GuestCodeCache(
      { ...a.database, syncNotifications: () => hung },
      a.clock,
      { warn: (_object, message) => warnings.push(message) },
      { ttlMs: GUEST_CACHE_TTL_MS, maxEntries: 10, maxBytes: 1_000_000 },
    );
    await cache.start();
    try {
      const uid = hotel.points[0]!.uid;
      expect((await cache.resolve(uid)).resolved.code).toBe(uid);
      expect((await cache.resolve(uid)).resolved.code).toBe(uid);
      expect(cache.size).toBe(0);
      // One warning: the second read did not wait for the connection again.
      expect(warnings).toHaveLength(1);
      answer(7);
      await hung;
      await vi.waitFor(
        async () => {
          await cache.resolve(uid);
          expect(cache.size).toBe(1);
        },
        { timeout: 10_000 },
      );
    } finally {
      await cache.stop();
    }
  });

  it('a write the triggers do not see lasts at most the TTL', async () => {
    const point = hotel.points[2]!;
    const before = await lookup(b, point.uid);
    // A write with the table's triggers switched off, as a restore or a hand-made bulk load might
    // do it (as the table's owner: CI's role is no superuser, so no replica mode).
    await a.database.rawTransaction(async (run) => {
      await run('ALTER TABLE payment_entrypoints DISABLE TRIGGER USER');
      await run('UPDATE payment_entrypoints SET label = $1 WHERE id = $2', [
        'Ohne Nachricht',
        point.id,
      ]);
      await run('ALTER TABLE payment_entrypoints ENABLE TRIGGER USER');
    });
    expect((await lookup(b, point.uid)).body).toBe(before.body);
    a.clock.advance(GUEST_CACHE_TTL_MS);
    expect((await lookup(b, point.uid)).json().displayName).toBe('Ohne Nachricht');
  });

  it("a legacy code's last use is still written for answers from memory", async () => {
    const anna = hotel.employees[0]!;
    const code = `qr-${Date.now().toString(36)}`;
    const [legacy] = await a.database.db
      .insert(qrCodes)
      .values({ code, employeeId: anna.id, businessId: hotel.id })
      .returning({ id: qrCodes.id });
    const lastUse = async () =>
      (
        await a.database.db
          .select({ at: qrCodes.lastUsedAt })
          .from(qrCodes)
          .where(eq(qrCodes.id, legacy!.id))
      )[0]?.at?.getTime();

    expect((await lookup(a, code)).statusCode).toBe(200);
    expect(await lastUse()).toBe(a.clock.now().getTime());
    a.clock.advance(60_000);
    const second = a.clock.now().getTime();
    expect((await page(a, code)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await lastUse()).toBe(second), { timeout: 5_000 });
  });
});
