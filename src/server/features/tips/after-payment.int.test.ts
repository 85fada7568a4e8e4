import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  type FactoryBusiness,
  type FactoryPerson,
  type FactoryPoint,
} from '../../../../test/support/factories';
import {
  decideDemoCheckout,
  guestHeaders,
  startedTip,
  startTip,
  type GuestTipBody,
} from '../../../../test/support/guest';
import { setTeamWeights } from '../../../../test/support/payment-factories';
import { createLegacyQrCode } from '../../../../test/support/received-tips';
import { analyticsEvents, tipAllocations, tips } from '../../db/schema';
import { TIP_EVENTS_CHANNEL, type TipChange } from '../tip-lifecycle/events';

let t: TestApp;
let hotel: FactoryBusiness;
/** A second business, whose points a pay-later link of the hotel must not open. */
let otherHotel: FactoryBusiness;
let receptionist: FactoryPerson;
let waiter: FactoryPerson;
let concierge: FactoryPerson;
/** The hotel's payment points by whom they pay. */
let points: Record<'receptionist' | 'waiter' | 'wholeHouse' | 'restaurant' | 'table', FactoryPoint>;
/** The waiter's classic QR code from before payment points. */
let waiterLegacyCode: string;
const published: TipChange[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, {
    employees: [
      { jobTitle: 'Rezeptionistin' },
      { jobTitle: 'Kellner' },
      { jobTitle: 'Barkeeperin' },
      { jobTitle: 'Concierge' },
    ],
    teams: [
      // Weighted by weekly hours: 3 + 4 + 4 + 2 = 13 points.
      { name: 'Hausteam', members: [0, 1, 2, 3], splitRule: 'weighted' },
      { name: 'Restaurant-Service', members: [1, 2], splitRule: 'equal' },
    ],
    points: ['person', 'person', 'team', 'team', 'object'],
  });
  receptionist = hotel.employees[0]!;
  waiter = hotel.employees[1]!;
  concierge = hotel.employees[3]!;
  await setTeamWeights(t.database.db, hotel.teams[0]!, [3, 4, 4, 2]);
  const [receptionistPoint, waiterPoint, wholeHousePoint, restaurantPoint, tablePoint] =
    hotel.points;
  points = {
    receptionist: receptionistPoint!,
    waiter: waiterPoint!,
    wholeHouse: wholeHousePoint!,
    restaurant: restaurantPoint!,
    table: tablePoint!,
  };
  waiterLegacyCode = (
    await createLegacyQrCode(t.database.db, { businessId: hotel.id, employeeId: waiter.id })
  ).code;
  otherHotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
  unlisten = await t.database.listen(TIP_EVENTS_CHANNEL, (payload) =>
    published.push(JSON.parse(payload) as TipChange),
  );
});
afterAll(async () => {
  await unlisten();
  await t.close();
});

/** A tip to the receptionist unless the body names another code. */
async function paidTip(body: GuestTipBody = {}) {
  const started = await startedTip(t, { code: points.receptionist.uid, ...body });
  await decideDemoCheckout(t, started.checkoutUrl, 'pay');
  return started;
}

const feedback = (tipId: string, payload: Record<string, unknown>) =>
  t.inject({
    method: 'POST',
    url: `/api/guest/tips/${tipId}/feedback`,
    headers: guestHeaders(t),
    payload,
  });

describe('feedback after paying', () => {
  it('attaches the emoji and message to exactly the tip this browser paid', async () => {
    // Two tips with the same amount to the same person: the prototype's "newest tip with the
    // same amount" would pick the wrong one.
    const mine = await paidTip({ amountCents: 1000 });
    const other = await paidTip({ amountCents: 1000 });

    expect((await feedback(mine.tipId, { token: other.token, emoji: 'clap' })).statusCode).toBe(
      403,
    );
    const sent = await feedback(mine.tipId, {
      token: mine.token,
      emoji: 'clap',
      message: '  Super Service!  ',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      tipId: mine.tipId,
      emoji: 'clap',
      message: 'Super Service!',
      contact: null,
    });

    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, mine.tipId));
    expect(row).toMatchObject({ feedbackEmoji: 'clap', feedbackMessage: 'Super Service!' });
    const [untouched] = await t.database.db.select().from(tips).where(eq(tips.id, other.tipId));
    expect(untouched).toMatchObject({ feedbackEmoji: null, feedbackMessage: null });

    const twice = await feedback(mine.tipId, { token: mine.token, emoji: 'smile' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('feedback_already_sent');
  });

  it('stores an empty message as none and tracks the submission', async () => {
    const tip = await paidTip();
    expect(
      (await feedback(tip.tipId, { token: tip.token, emoji: 'pray', message: '   ' })).json(),
    ).toEqual({ tipId: tip.tipId, emoji: 'pray', message: null, contact: null });
    const events = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.tipId, tip.tipId));
    expect(events.find((e) => e.name === 'feedback_submitted')?.properties).toEqual({
      emoji: 'pray',
      with_message: false,
    });
  });

  it('takes no feedback before the payment went through', async () => {
    const open = await startedTip(t, { code: points.receptionist.uid });
    const early = await feedback(open.tipId, { token: open.token, emoji: 'smile' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('feedback_not_allowed');
  });
});

describe('/api/guest/thank-you', () => {
  it('shows a paid tip by id and by the provider session id', async () => {
    const tip = await paidTip({ amountCents: 1000, platformFee: true, guestMessage: 'Merci!' });
    // The paying browser shows its tip secret; only then does the message come back.
    const byId = await t.inject({
      method: 'GET',
      url: `/api/guest/thank-you?tipId=${tip.tipId}`,
      headers: { 'x-tip-token': tip.token },
    });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      tipId: tip.tipId,
      shortId: tip.tipId.slice(0, 8),
      amountCents: 1000,
      platformFeeCents: 45,
      totalCents: 1045,
      currency: 'eur',
      guestMessage: 'Merci!',
      recipient: {
        type: 'person',
        displayName: receptionist.fullName,
        jobTitle: 'Rezeptionistin',
      },
      businessName: hotel.name,
    });
    // No e-mail address reaches the guest (every factory address ends in @test.local).
    expect(byId.body).not.toContain('@test.local');

    const sessionId = new URL(tip.checkoutUrl).pathname.split('/').pop();
    const bySession = await t.inject({
      method: 'GET',
      url: `/api/guest/thank-you?session_id=${sessionId}`,
    });
    expect(bySession.json().tipId).toBe(tip.tipId);
  });

  it('answers without a reference, and for an unpaid tip', async () => {
    const none = await t.inject({ method: 'GET', url: '/api/guest/thank-you' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Keine Trinkgeld-ID oder Session-ID gefunden');
    const open = await startedTip(t, { code: points.receptionist.uid });
    const unpaid = await t.inject({
      method: 'GET',
      url: `/api/guest/thank-you?tipId=${open.tipId}`,
    });
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json().error.title).toBe('Trinkgeld nicht gefunden');
  });
});

describe('who receives a tip', () => {
  it('splits a team tip exactly to the cent and tells every member', async () => {
    const tip = await paidTip({ code: points.wholeHouse.uid, amountCents: 1001 });
    const shares = await t.database.db
      .select()
      .from(tipAllocations)
      .where(eq(tipAllocations.tipId, tip.tipId));
    expect(shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(1001);
    const byPerson = new Map(shares.map((share) => [share.profileId, share]));
    expect(byPerson.get(waiter.id)).toMatchObject({
      amountCents: 308,
      weight: 4,
      reason: '4 von 13 Punkten',
    });
    expect(byPerson.get(concierge.id)?.amountCents).toBe(154);

    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, tip.tipId));
    expect(row).toMatchObject({ tipSource: 'team', employeeId: null });
    await expect
      .poll(() =>
        published.find((change) => change.tipId === tip.tipId && change.status === 'pending'),
      )
      .toBeDefined();
    const change = published.find((c) => c.tipId === tip.tipId && c.status === 'pending')!;
    expect(change.employeeIds.sort()).toEqual([...byPerson.keys()].sort());
    expect(change.teamId).toBe(row!.teamId);
    expect(change.businessId).toBe(row!.businessId);
  });

  it('splits an equal team tip among its members', async () => {
    const tip = await paidTip({ code: points.restaurant.uid, amountCents: 1001 });
    const shares = await t.database.db
      .select()
      .from(tipAllocations)
      .where(eq(tipAllocations.tipId, tip.tipId));
    expect(shares.map((s) => s.amountCents).sort()).toEqual([500, 501]);
    expect(shares[0]!.reason).toBe('zu gleichen Teilen unter 2 Mitgliedern');
  });

  it('gives a table tip to the business pool', async () => {
    const tip = await paidTip({ code: points.table.uid });
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, tip.tipId));
    expect(row).toMatchObject({
      employeeId: null,
      teamId: null,
      tipSource: 'direct',
      status: 'pending',
    });
    const thanks = await t.inject({
      method: 'GET',
      url: `/api/guest/thank-you?tipId=${tip.tipId}`,
    });
    expect(thanks.json().recipient).toMatchObject({
      type: 'object',
      displayName: hotel.name,
    });
  });

  it('gives a legacy code tip to its employee', async () => {
    const tip = await paidTip({ code: waiterLegacyCode });
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, tip.tipId));
    expect(row!.employeeId).toBe(waiter.id);
    expect(row!.qrCodeId).not.toBeNull();
    expect(row!.entrypointUid).toBeNull();
    await expect
      .poll(
        () => published.find((c) => c.tipId === tip.tipId && c.status === 'pending')?.employeeIds,
      )
      .toEqual([row!.employeeId]);
  });
});

describe('pay-later links', () => {
  const create = (body: Record<string, unknown>) =>
    t.inject({
      method: 'POST',
      url: '/api/guest/pay-later-links',
      headers: guestHeaders(t),
      payload: body,
    });

  it('works for 24 hours and is refused afterwards', async () => {
    const code = points.waiter.uid;
    const created = await create({ code, amountCents: 750 });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link.url).toBe(`${t.config.publicOrigin}/t/${code}?amount=7.50&later=${link.token}`);
    const open = () => t.inject({ method: 'GET', url: `/api/guest/pay-later-links/${link.token}` });
    expect((await open()).json()).toMatchObject({ code, amountCents: 750 });

    t.clock.advance(24 * 60 * 60_000 - 1_000);
    expect((await open()).statusCode).toBe(200);
    expect(
      (
        await startTip(t, {
          code,
          amountCents: 750,
          payLaterToken: link.token,
        })
      ).statusCode,
    ).toBe(201);

    t.clock.advance(1_000);
    const expired = await open();
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.title).toBe('Link abgelaufen');
    const refused = await startTip(t, {
      code,
      amountCents: 750,
      payLaterToken: link.token,
    });
    expect(refused.statusCode).toBe(410);
  });

  it('belongs to its code, not to a colleague nor to another business', async () => {
    const link = (await create({ code: points.waiter.uid, amountCents: 500 })).json();
    const elsewhere = await startTip(t, {
      code: points.receptionist.uid,
      payLaterToken: link.token,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe('pay_later_mismatch');
    const otherBusiness = await startTip(t, {
      code: otherHotel.points[0]!.uid,
      payLaterToken: link.token,
    });
    expect(otherBusiness.statusCode).toBe(400);
    expect(otherBusiness.json().error.code).toBe('pay_later_mismatch');
  });
});
