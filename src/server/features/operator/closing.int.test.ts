import { createHash } from 'node:crypto';
import { businessAccessMessage } from '../../../shared/domain/business-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  createTip,
  type FactoryBusiness,
  type FactoryPerson,
} from '../../../../test/support/factories';
import { decideDemoCheckout, guestHeaders, startedTip } from '../../../../test/support/guest';
import { DELETED_PERSON_NAME } from '../../../shared/api/privacy';
import { dayInZone } from '../../../shared/domain/shifts';
import { analyticsEvents, media, tipReplies, tipReplyAddresses } from '../../db/schema';
import { runRetention } from '../../jobs/retention';
import { payoutContext, runManualPayoutBatch } from '../payouts/batches';

/**
 * Closing a business: its exports first, then the close, refused while money waits
 * or guests pay; closed, it behaves like a suspended one and cannot come back; after
 * RETENTION_CLOSED_BUSINESS_DAYS the hourly retention job erases its personal data and keeps the
 * tips anonymised for accounting.
 */

const DAY_MS = 24 * 60 * 60_000;
let t: TestApp;
let shop: FactoryBusiness;
let other: FactoryBusiness;
let admin: FactoryPerson;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createBusiness(t.database.db, {
    name: 'Kiosk am Hafen',
    points: ['person', 'object'],
    teams: [{ members: [0, 1] }],
  });
  other = await createBusiness(t.database.db, { points: ['person'] });
  admin = await createPlatformAdmin(t.database.db, { businessId: shop.id });
  adminCookie = await signIn(t, admin.email);
});
afterAll(async () => {
  await t.close();
});

const close = (id: string, confirmName: string, cookie = adminCookie) =>
  t.inject({
    method: 'POST',
    url: `/api/admin/businesses/${id}/close`,
    headers: { cookie },
    payload: { confirmName },
  });
const get = (url: string, cookie = adminCookie) =>
  t.inject({ method: 'GET', url, headers: { cookie } });

async function rows<T>(sql: string, params: unknown[] = []) {
  return t.database.query<T>(sql, params);
}
async function auditCount(action: string, businessId: string) {
  const [row] = await rows<{ n: number }>(
    'SELECT count(*)::int AS n FROM admin_audit_log WHERE action = $1 AND business_id = $2',
    [action, businessId],
  );
  return row!.n;
}

/** Personal data of the kind the erasure removes, for one business. */
async function addPersonalData(business: FactoryBusiness, tipId: string) {
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const [logo] = await t.database.db
    .insert(media)
    .values({
      businessId: business.id,
      contentType: 'image/png',
      byteSize: png.length,
      width: 1,
      height: 1,
      sha256: createHash('sha256').update(png).digest('hex'),
      data: png,
    })
    .returning({ id: media.id });
  await t.database.query(
    `UPDATE branding SET thank_you_message = 'Danke von Kiosk-Kim!', logo_url = $2
     WHERE business_id = $1`,
    [business.id, `/api/media/${logo!.id}`],
  );
  await t.database.db.insert(tipReplies).values({
    tipId,
    businessId: business.id,
    employeeId: business.employees[0]!.id,
    message: 'Danke zurück, Ihre Kim',
    repliedAt: t.clock.now(),
  });
  await t.database.db.insert(tipReplyAddresses).values({
    tipId,
    addressSealed: 'versiegelt',
    language: 'de',
    createdAt: t.clock.now(),
    expiresAt: new Date(t.clock.now().getTime() + 365 * DAY_MS),
  });
  await t.database.db
    .insert(analyticsEvents)
    .values({ name: 'tip_page_loaded', businessId: business.id, properties: { lang: 'de' } });
}

describe('closing a business', () => {
  it('offers the exports, refuses while money waits or guests pay, closes for good, and erases after the retention period', async () => {
    const [kim, lou] = shop.employees;
    const now = t.clock.now();
    const paidOut = await createTip(t.database.db, {
      businessId: shop.id,
      employeeId: kim!.id,
      entrypoint: shop.points[0]!,
      amountCents: 2000,
      platformFeeCovered: true,
      status: 'completed',
      guestMessage: 'Super Kaffee, Kim!',
      feedbackMessage: 'Komme wieder',
      feedbackEmoji: 'clap',
      createdAt: now,
    });
    const waiting = await createTip(t.database.db, {
      businessId: shop.id,
      employeeId: lou!.id,
      amountCents: 1250,
      guestMessage: 'Danke Lou',
      createdAt: now,
    });
    const kept = await createTip(t.database.db, {
      businessId: other.id,
      employeeId: other.employees[0]!.id,
      guestMessage: 'Bleibt stehen',
      createdAt: now,
    });
    await addPersonalData(shop, paidOut.id);

    // 1. The exports: the reports CSV and the audit log as CSV, for the admin and the owner.
    const today = dayInZone(now);
    const from = dayInZone(new Date(now.getTime() - 30 * DAY_MS));
    const report = await get(
      `/api/admin/reports/tips.csv?from=${from}&to=${today}&businessId=${shop.id}`,
    );
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.body).toContain('20,00');
    expect(report.body).toContain('12,50');
    await t.inject({
      method: 'POST',
      url: `/api/admin/businesses/${shop.id}/suspend`,
      headers: { cookie: adminCookie },
      payload: { reason: 'Schließung vorbereitet' },
    });
    const auditCsv = await get(`/api/admin/audit-log.csv?businessId=${shop.id}`);
    expect(auditCsv.statusCode).toBe(200);
    expect(auditCsv.headers['content-disposition']).toContain('audit-log.csv');
    const lines = auditCsv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Datum;Uhrzeit;Person;E-Mail;Aktion;Ziel;Details;Referenzen;Aktionscode;Rohdaten (JSON);Browser',
    );
    // Each row reads as the dashboard says it: label, target, German sentence, ids.
    const suspended = lines.find((line) => line.includes(';business_suspend;'));
    expect(suspended).toContain(
      'Betrieb gesperrt;Betrieb „Kiosk am Hafen“;Betrieb „Kiosk am Hafen“ gesperrt. Grund: Schließung vorbereitet.',
    );
    expect(suspended).toContain(`;Betrieb ${shop.id};business_suspend;`);
    await t.inject({
      method: 'POST',
      url: `/api/admin/businesses/${shop.id}/reactivate`,
      headers: { cookie: adminCookie },
    });
    // The suspension ended the staff's sessions; they sign in anew after the reactivation.
    const ownerCookie = await signIn(t, shop.owner.email);
    const employeeCookie = await signIn(t, kim!.email);
    expect((await get('/api/profiles/me', employeeCookie)).statusCode).toBe(200);
    // The owner of another business gets none of it.
    const stranger = await signIn(t, other.owner.email);
    expect((await get(`/api/admin/audit-log.csv?businessId=${shop.id}`, stranger)).statusCode).toBe(
      404,
    );

    // 2. Refused while money waits (with the amount), while a guest pays, or with a wrong name.
    const auditBefore = await auditCount('business_close', shop.id);
    const moneyWaits = await close(shop.id, 'Kiosk am Hafen');
    expect(moneyWaits.statusCode).toBe(409);
    expect(moneyWaits.json().error).toMatchObject({ code: 'business_money_waiting' });
    expect(moneyWaits.json().error.message).toContain('12,50\u00a0€ Trinkgeld');
    // Paid out first (the way the refusal says), then nothing waits any more.
    await runManualPayoutBatch(payoutContext(t.app.deps, t.app.log), { businessId: shop.id });
    const [payout] = await rows<{ status: string }>('SELECT status FROM tips WHERE id = $1', [
      waiting.id,
    ]);
    expect(payout!.status).toBe('completed');
    const paying = await startedTip(t, { code: shop.points[1]!.uid, amountCents: 300 });
    const guestPays = await close(shop.id, 'Kiosk am Hafen');
    expect(guestPays.statusCode).toBe(409);
    expect(guestPays.json().error.code).toBe('business_payments_running');
    // The guest cancels on the checkout and is back on the tip page, which ends the attempt.
    await decideDemoCheckout(t, paying.checkoutUrl, 'cancel');
    const cancelled = await t.inject({
      method: 'POST',
      url: `/api/guest/tips/${paying.tipId}/cancel`,
      headers: guestHeaders(t),
      payload: { token: paying.token },
    });
    expect(cancelled.statusCode).toBe(200);
    const wrongName = await close(shop.id, 'Kiosk');
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().error.message).toBe(
      'Bestätigung: Der eingegebene Name stimmt nicht mit dem Namen des Betriebs überein.',
    );
    expect((await close(shop.id, 'x', ownerCookie)).statusCode).toBe(403);
    expect(await auditCount('business_close', shop.id)).toBe(auditBefore);
    const [stillOpen] = await rows<{ active: boolean }>(
      'SELECT active FROM businesses WHERE id = $1',
      [shop.id],
    );
    expect(stillOpen!.active).toBe(true);

    // 3. Closed: like a suspended business at once, and for good.
    const closed = await close(shop.id, '  Kiosk am Hafen ');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', erasedAt: null });
    expect(await auditCount('business_close', shop.id)).toBe(1);
    const out = await get('/api/profiles/me', employeeCookie);
    expect(out.statusCode).toBe(401);
    expect(out.json().error).toMatchObject({
      code: 'business_closed',
      message: businessAccessMessage('business_closed', t.app.deps.config.contactEmail),
    });
    expect((await get('/api/profiles/me', ownerCookie)).json().error.code).toBe('business_closed');
    const guest = await t.inject({ method: 'GET', url: `/api/guest/codes/${shop.points[0]!.uid}` });
    expect(guest.statusCode).toBe(403);
    expect(guest.json().error.code).toBe('business_deactivated');
    const reopen = await t.inject({
      method: 'POST',
      url: `/api/admin/businesses/${shop.id}/reactivate`,
      headers: { cookie: adminCookie },
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error.message).toBe(
      'Ein geschlossener Betrieb kann nicht wieder geöffnet werden.',
    );
    expect((await close(shop.id, 'Kiosk am Hafen')).statusCode).toBe(409);
    // The exports still work after closing, until the erasure.
    expect((await get(`/api/admin/audit-log.csv?businessId=${shop.id}`)).statusCode).toBe(200);

    // 4. The retention job: nothing before the period, everything personal after it.
    const tipsBefore = await rows<Record<string, unknown>>(
      `SELECT id, amount_cents, platform_fee_cents, status, created_at, paid_at, processed_at,
              stripe_transfer_id, payout_id, employee_id
       FROM tips WHERE business_id = $1 ORDER BY id`,
      [shop.id],
    );
    expect((await runRetention(t.database, t.clock, t.config.retention)).erasedBusinesses).toBe(0);
    t.clock.advance(89 * DAY_MS);
    expect((await runRetention(t.database, t.clock, t.config.retention)).erasedBusinesses).toBe(0);
    t.clock.advance(DAY_MS);
    expect(t.config.retention.closedBusinessDays).toBe(90);
    expect((await runRetention(t.database, t.clock, t.config.retention)).erasedBusinesses).toBe(1);
    expect((await runRetention(t.database, t.clock, t.config.retention)).erasedBusinesses).toBe(0);

    const people = await rows<{ full_name: string; email: string; disabled: boolean }>(
      `SELECT p.full_name, p.email, u.disabled_at IS NOT NULL AS disabled
       FROM profiles p JOIN users u ON u.id = p.id WHERE p.business_id = $1`,
      [shop.id],
    );
    expect(people).toHaveLength(3);
    for (const person of people) {
      expect(person.full_name).toBe(DELETED_PERSON_NAME);
      expect(person.email).toMatch(/@geloescht\.invalid$/);
      expect(person.disabled).toBe(true);
    }
    expect(
      await rows('SELECT 1 FROM users WHERE email = ANY($1::text[])', [
        [kim!.email, lou!.email, shop.owner.email],
      ]),
    ).toEqual([]);
    // The platform admin keeps the account, without the closed business.
    const [operator] = await rows<{ business_id: string | null; full_name: string }>(
      'SELECT business_id, full_name FROM profiles WHERE id = $1',
      [admin.id],
    );
    expect(operator).toEqual({ business_id: null, full_name: 'Plattform Admin' });

    // Tips stay for accounting, anonymised: amounts, dates, status and payout references.
    const tipsAfter = await rows<Record<string, unknown>>(
      `SELECT id, amount_cents, platform_fee_cents, status, created_at, paid_at, processed_at,
              stripe_transfer_id, payout_id, employee_id
       FROM tips WHERE business_id = $1 ORDER BY id`,
      [shop.id],
    );
    expect(tipsAfter).toEqual(tipsBefore);
    expect(
      await rows(
        `SELECT id FROM tips WHERE business_id = $1
         AND (guest_message IS NOT NULL OR feedback_message IS NOT NULL)`,
        [shop.id],
      ),
    ).toEqual([]);
    const [totals] = await rows<{ cents: number; messages: number }>(
      `SELECT coalesce(sum(amount_cents), 0)::int AS cents, coalesce(sum(message_count), 0)::int AS messages
       FROM tip_month_totals WHERE business_id = $1 AND kind = 'all'`,
      [shop.id],
    );
    // The kept totals agree with the tips (triggers followed the erased messages).
    expect(totals!.cents).toBe(3250);
    expect(totals!.messages).toBe(1);
    expect(await rows('SELECT 1 FROM tip_replies WHERE business_id = $1', [shop.id])).toEqual([]);
    expect(await rows('SELECT 1 FROM tip_reply_addresses WHERE tip_id = $1', [paidOut.id])).toEqual(
      [],
    );
    expect(await rows('SELECT 1 FROM media WHERE business_id = $1', [shop.id])).toEqual([]);
    expect(await rows('SELECT 1 FROM analytics_events WHERE business_id = $1', [shop.id])).toEqual(
      [],
    );
    const [brand] = await rows<Record<string, unknown>>(
      'SELECT thank_you_message, logo_url, company_name FROM branding WHERE business_id = $1',
      [shop.id],
    );
    expect(brand).toEqual({ thank_you_message: null, logo_url: null, company_name: null });
    const [business] = await rows<Record<string, unknown>>(
      'SELECT name, contact_email, erased_at IS NOT NULL AS erased FROM businesses WHERE id = $1',
      [shop.id],
    );
    expect(business).toEqual({ name: 'Kiosk am Hafen', contact_email: null, erased: true });
    const log = await rows<{ action: string; ip_address: string | null; payload: object }>(
      'SELECT action, ip_address, payload FROM admin_audit_log WHERE business_id = $1 ORDER BY created_at, action',
      [shop.id],
    );
    expect(log.every((row) => row.ip_address === null)).toBe(true);
    const erased = log.filter((row) => row.action === 'business_erase');
    expect(erased).toHaveLength(1);
    expect(erased[0]!.payload).toEqual({ people: 3, media: 1, messages: 2, retentionDays: 90 });
    expect(
      log
        .filter((row) => row.action !== 'business_erase')
        .every((row) => Object.keys(row.payload).length === 0),
    ).toBe(true);

    // The other business keeps everything.
    const [otherTip] = await rows<{ guest_message: string }>(
      'SELECT guest_message FROM tips WHERE id = $1',
      [kept.id],
    );
    expect(otherTip!.guest_message).toBe('Bleibt stehen');
    const [otherOwner] = await rows<{ full_name: string }>(
      'SELECT full_name FROM profiles WHERE id = $1',
      [other.owner.id],
    );
    expect(otherOwner!.full_name).toBe(other.owner.fullName);
  });
});
