import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { guestHeaders, newGuestSessionId } from '../../../../test/support/guest';
import { analyticsEvents, demoCheckoutSessions, paymentSessions, tips } from '../../db/schema';

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { points: ['person', 'team'] });
  cafe = await createBusiness(t.database.db, { points: ['person'] });
});
afterAll(async () => {
  await t.close();
});

let address = 0;
/** A start from a guest of its own (own address, so no start limit is shared). */
const start = (code: string, body: Record<string, unknown> = {}) => {
  address += 1;
  return t.inject({
    method: 'POST',
    url: '/api/guest/tips',
    headers: guestHeaders(t),
    remoteAddress: `198.51.100.${address % 250}`,
    payload: {
      code,
      amountCents: 700,
      platformFee: false,
      paymentMethod: 'stripe',
      guestSessionId: newGuestSessionId(),
      ...body,
    },
  });
};

/** Counts the statements that write tips while `work` runs. */
async function tipWrites<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const spy = vi.spyOn(t.database, 'query');
  try {
    const result = await work();
    const statements = spy.mock.calls.filter(([text]) =>
      String(text).includes('INSERT INTO tips'),
    ).length;
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

const writtenTips = async (ids: string[]) => {
  const rows = await t.database.db.select().from(tips).where(inArray(tips.id, ids));
  const sessions = await t.database.db
    .select()
    .from(paymentSessions)
    .where(inArray(paymentSessions.tipId, ids));
  const checkouts = await t.database.db
    .select()
    .from(demoCheckoutSessions)
    .where(
      inArray(
        demoCheckoutSessions.paymentSessionId,
        sessions.map((session) => session.id),
      ),
    );
  const events = await t.database.db
    .select()
    .from(analyticsEvents)
    .where(inArray(analyticsEvents.tipId, ids));
  return { rows, sessions, checkouts, events };
};

describe('payment starts of many guests at once (decision 0303)', () => {
  it('writes starts that arrive together in fewer statements, each tip exactly once', async () => {
    const points = [...hotel.points, ...cafe.points];
    const { result: answers, statements } = await tipWrites(() =>
      Promise.all(Array.from({ length: 24 }, (_, i) => start(points[i % points.length]!.uid))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThanOrEqual(24);
    // Embedded PGlite answers each statement before the next request gets that far; PostgreSQL's
    // round trips leave starts waiting, and they share the next statement.
    if (t.database.engine === 'postgres') expect(statements).toBeLessThan(24);

    const started = answers.map((answer) => answer.json<{ tipId: string; attempt: number }>());
    expect(started.every((tip) => tip.attempt === 1)).toBe(true);
    const ids = started.map((tip) => tip.tipId);
    expect(new Set(ids).size).toBe(24);
    const { rows, sessions, checkouts, events } = await writtenTips(ids);
    expect(rows).toHaveLength(24);
    expect(sessions).toHaveLength(24);
    expect(checkouts).toHaveLength(24);
    expect(events.filter((event) => event.name === 'payment_started')).toHaveLength(24);
    // Each tip is written for the business and point it was started at, not a neighbour's.
    for (const [index, id] of ids.entries()) {
      const point = points[index % points.length]!;
      const row = rows.find((tip) => tip.id === id)!;
      const business = hotel.points.includes(point) ? hotel : cafe;
      expect(row).toMatchObject({
        businessId: business.id,
        entrypointId: point.id,
        status: 'initiated',
        amountCents: 700,
      });
      const session = sessions.find((candidate) => candidate.tipId === id)!;
      expect(session).toMatchObject({ status: 'open', amountCents: 700, attempt: 1 });
      const checkout = checkouts.find((row) => row.paymentSessionId === session.id)!;
      expect(checkout.id).toBe(session.providerSessionId);
      expect(checkout.amountCents).toBe(700);
    }
  });

  it('lets one guest with an open session fail alone, and writes the others', async () => {
    const point = hotel.points[0]!.uid;
    const guestSessionId = newGuestSessionId();
    const answers = await Promise.all([
      start(point),
      start(point, { guestSessionId }),
      start(point),
      start(point, { guestSessionId }),
      start(point),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    const sameGuest = [statuses[1], statuses[3]].sort();
    expect(sameGuest).toEqual([201, 409]);
    expect([statuses[0], statuses[2], statuses[4]]).toEqual([201, 201, 201]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error).toMatchObject({
      code: 'payment_in_progress',
      message: 'Bitte warten Sie, bis die laufende Zahlung abgeschlossen ist.',
    });
    // Nothing half-written: the one open session of that guest, with its tip.
    const sessions = await t.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.guestSessionId, guestSessionId));
    expect(sessions).toHaveLength(1);
    const ids = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json<{ tipId: string }>().tipId);
    const written = await writtenTips(ids);
    expect(written.rows).toHaveLength(4);
    expect(written.sessions).toHaveLength(4);
  });

  it('keeps guest messages exactly as given through the shared statement', async () => {
    const messages = [
      'Danke "für" alles, {wirklich}!',
      'Back\\slash, Komma; NULL',
      'Schön 😊 – merci',
      'NULL',
    ];
    const answers = await Promise.all(
      messages.map((guestMessage) => start(cafe.points[0]!.uid, { guestMessage })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = answers.map((answer) => answer.json<{ tipId: string }>().tipId);
    const { rows } = await writtenTips(ids);
    expect(ids.map((id) => rows.find((row) => row.id === id)!.guestMessage)).toEqual(messages);
  });

  it('continues a guest’s attempts at a point when the same tab starts again', async () => {
    const point = cafe.points[0]!.uid;
    const guestSessionId = newGuestSessionId();
    const first = await start(point, { guestSessionId });
    expect(first.statusCode).toBe(201);
    const { tipId, token } = first.json<{ tipId: string; token: string }>();
    const cancelled = await t.inject({
      method: 'POST',
      url: `/api/guest/tips/${tipId}/cancel`,
      headers: guestHeaders(t),
      payload: { token },
    });
    expect(cancelled.statusCode).toBe(200);
    // A reload of the same tab (no retryOf) continues with the next attempt, not a fresh first.
    const again = await Promise.all([start(point, { guestSessionId }), start(point)]);
    expect(again.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(again.map((answer) => answer.json<{ attempt: number }>().attempt)).toEqual([2, 1]);
  });
});
