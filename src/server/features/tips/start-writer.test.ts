import { describe, expect, it } from 'vitest';
import type { StartedTip } from './queries/start-statement';
import { MAX_STARTS_PER_WRITE, MAX_WRITES_IN_FLIGHT, StartWriter } from './start-writer';

/** A database whose statements answer only when the test says so. */
function heldDatabase(fail: (tipIds: string[]) => Error | null = () => null) {
  const calls: { tipIds: string[]; answer: () => void }[] = [];
  const database = {
    query<T>(_text: string, values?: unknown[]): Promise<T[]> {
      // The first parameter holds every start's tip id, in order.
      const tipIds = (values?.[0] ?? []) as string[];
      return new Promise<T[]>((resolve, reject) => {
        calls.push({
          tipIds,
          answer: () => {
            const error = fail(tipIds);
            if (error) reject(error);
            else resolve(tipIds.map((id) => ({ tip_id: id, attempt: 1, written: true }) as T));
          },
        });
      });
    },
  };
  return { database, calls };
}

let next = 0;
function tip(overrides: Partial<StartedTip> = {}): StartedTip {
  next += 1;
  const now = new Date('2026-11-26T18:00:00Z');
  return {
    tipId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    sessionId: `10000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    businessId: '20000000-0000-4000-8000-000000000001',
    employeeId: null,
    teamId: null,
    tipSource: 'direct',
    entrypointId: null,
    entrypointUid: null,
    qrCodeId: null,
    amountCents: 500,
    platformFeeCents: 0,
    currency: 'eur',
    paymentMethod: 'stripe',
    provider: 'stripe',
    guestMessage: null,
    feedbackSecretHash: 'hash',
    payLaterLinkId: null,
    flowId: null,
    guestSessionId: `guest-${next}`,
    visitBucket: null,
    expiresAt: now,
    now,
    attempt: null,
    attemptsSince: now,
    local: null,
    ...overrides,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('StartWriter', () => {
  it('writes a start at once when the database is free, and waiting starts together', async () => {
    const { database, calls } = heldDatabase();
    const writer = new StartWriter(database);
    const tips = Array.from({ length: MAX_WRITES_IN_FLIGHT + 7 }, () => tip());
    const written = tips.map((one) => writer.write(one));
    // One statement per start while there are free slots; the rest wait.
    expect(calls.map((call) => call.tipIds.length)).toEqual(
      Array.from({ length: MAX_WRITES_IN_FLIGHT }, () => 1),
    );
    calls[0]!.answer();
    await settle();
    // The first slot to come free takes every start that waited, in one statement.
    expect(calls).toHaveLength(MAX_WRITES_IN_FLIGHT + 1);
    expect(calls.at(-1)!.tipIds).toEqual(tips.slice(MAX_WRITES_IN_FLIGHT).map((one) => one.tipId));
    for (const call of calls.slice(1)) call.answer();
    await expect(Promise.all(written)).resolves.toEqual(
      tips.map(() => ({ attempt: 1, written: true })),
    );
  });

  it(`puts at most ${MAX_STARTS_PER_WRITE} starts into one statement`, async () => {
    const { database, calls } = heldDatabase();
    const writer = new StartWriter(database);
    const written = Array.from({ length: MAX_WRITES_IN_FLIGHT + MAX_STARTS_PER_WRITE + 5 }, () =>
      writer.write(tip()),
    );
    calls[0]!.answer();
    calls[1]!.answer();
    await settle();
    expect(calls.slice(MAX_WRITES_IN_FLIGHT).map((call) => call.tipIds.length)).toEqual([
      MAX_STARTS_PER_WRITE,
      5,
    ]);
    for (const call of calls.slice(2)) call.answer();
    await Promise.all(written);
  });

  it('writes each start of a failed statement again alone, so only the failing one fails', async () => {
    const conflict = new Error('duplicate key value violates unique constraint');
    const troubled = tip();
    const { database, calls } = heldDatabase((tipIds) =>
      tipIds.includes(troubled.tipId) ? conflict : null,
    );
    const writer = new StartWriter(database);
    const blockers = Array.from({ length: MAX_WRITES_IN_FLIGHT }, () => writer.write(tip()));
    const others = [tip(), tip()];
    const results = [others[0]!, troubled, others[1]!].map((one) =>
      writer.write(one).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    );
    calls[0]!.answer();
    await settle();
    const shared = calls.at(-1)!;
    expect(shared.tipIds).toHaveLength(3);
    shared.answer();
    await settle();
    const alone = calls.slice(-3);
    expect(alone.map((call) => call.tipIds)).toEqual([
      [others[0]!.tipId],
      [troubled.tipId],
      [others[1]!.tipId],
    ]);
    for (const call of [...alone, ...calls.slice(1, MAX_WRITES_IN_FLIGHT)]) call.answer();
    expect(await Promise.all(results)).toEqual([
      { ok: true, value: { attempt: 1, written: true } },
      { ok: false, error: conflict },
      { ok: true, value: { attempt: 1, written: true } },
    ]);
    await Promise.all(blockers);
  });

  it('never mixes starts whose provider writes a local checkout with starts without', async () => {
    const { database, calls } = heldDatabase();
    const writer = new StartWriter(database);
    const local = {
      created: { providerSessionId: 'cs_demo_1', url: 'http://localhost/checkout/demo/cs_demo_1' },
      row: {
        table: 'demo_checkout_sessions',
        sessionColumn: 'payment_session_id',
        columns: { id: { value: 'cs_demo_1', type: 'text' } },
      },
    };
    const blockers = Array.from({ length: MAX_WRITES_IN_FLIGHT }, () => writer.write(tip()));
    const mixed = [tip(), tip({ local }), tip(), tip({ local })];
    const written = mixed.map((one) => writer.write(one));
    calls[0]!.answer();
    await settle();
    expect(calls.slice(MAX_WRITES_IN_FLIGHT).map((call) => call.tipIds)).toEqual([
      [mixed[0]!.tipId, mixed[2]!.tipId],
    ]);
    calls[1]!.answer();
    await settle();
    expect(calls.at(-1)!.tipIds).toEqual([mixed[1]!.tipId, mixed[3]!.tipId]);
    for (const call of calls.slice(2)) call.answer();
    await Promise.all([...blockers, ...written]);
  });
});
