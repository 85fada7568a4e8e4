import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/support/database';
import { createBusiness, createTip } from '../../../../test/support/factories';
import type { Database, RawRunner } from '../../db/connect';
import { teams, tipAllocations, tips } from '../../db/schema';
import { recordTakenBack } from '../payouts/adjustments';
import { markTipCompleted, markTipPaid, markTipRefunded } from '../tip-lifecycle/lifecycle';
import { rebuildTipDayTotals } from './queries';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

interface TotalRow {
  kind: string;
  day: string;
  key: string;
  ref: string;
  amount: number;
  n: number;
  messages: number;
  fee: number;
  refunded: number;
}

const asRows = (rows: TotalRow[]) =>
  rows
    .map((row) => ({
      ...row,
      amount: Number(row.amount),
      n: Number(row.n),
      messages: Number(row.messages),
      fee: Number(row.fee),
      refunded: Number(row.refunded),
    }))
    .sort((a, b) =>
      `${a.kind}|${a.day}|${a.key}|${a.ref}`.localeCompare(`${b.kind}|${b.day}|${b.key}|${b.ref}`),
    );

/**
 * What the triggers kept in one of the totals tables, summed over the slots; a month's rows carry
 * YYYY-MM as their day.
 */
async function kept(businessId: string, per: 'day' | 'month') {
  const [table, label] =
    per === 'day'
      ? ['tip_day_totals', "to_char(day, 'YYYY-MM-DD')"]
      : ['tip_month_totals', "to_char(month, 'YYYY-MM')"];
  return asRows(
    await database.query<TotalRow>(
      `SELECT kind, ${label} AS day, key, ref, sum(amount_cents) AS amount,
              sum(tip_count) AS n, sum(message_count) AS messages, sum(fee_cents) AS fee,
              sum(refunded_cents) AS refunded
       FROM ${table} WHERE business_id = $1
       GROUP BY kind, ${per}, key, ref HAVING sum(tip_count) > 0`,
      [businessId],
    ),
  );
}
const maintained = (businessId: string) => kept(businessId, 'day');
const maintainedMonths = (businessId: string) => kept(businessId, 'month');

/** The same figures aggregated afresh from the tips and allocations, written out per kind. */
async function fresh(businessId: string) {
  const paid = `t.business_id = $1 AND t.status IN ('pending', 'completed')`;
  const day = `to_char(t.created_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD')`;
  const message = `CASE WHEN coalesce(btrim(t.guest_message), '') <> ''
    OR coalesce(btrim(t.feedback_message), '') <> '' OR t.feedback_emoji IS NOT NULL THEN 1 ELSE 0 END`;
  const figures = `sum(amount) AS amount, count(*) AS n, sum(m) AS messages, sum(fee) AS fee,
    sum(refunded) AS refunded`;
  return asRows(
    await database.query<TotalRow>(
      `SELECT 'all' AS kind, day, '' AS key, '' AS ref, ${figures}
       FROM (SELECT ${day} AS day, t.amount_cents AS amount, ${message} AS m,
                    t.platform_fee_cents AS fee, t.refunded_cents AS refunded
             FROM tips t WHERE ${paid}) x GROUP BY day
       UNION ALL
       SELECT 'person', day, key, '', ${figures}
       FROM (SELECT ${day} AS day, t.employee_id::text AS key, t.amount_cents AS amount,
                    ${message} AS m, 0 AS fee, 0 AS refunded
             FROM tips t WHERE ${paid} AND t.employee_id IS NOT NULL
             UNION ALL
             SELECT ${day}, a.profile_id::text, a.amount_cents, ${message}, 0, 0
             FROM tip_allocations a JOIN tips t ON t.id = a.tip_id
             WHERE ${paid} AND a.amount_cents > 0) x GROUP BY day, key
       UNION ALL
       SELECT 'team', day, key, '', ${figures}
       FROM (SELECT ${day} AS day, t.team_id::text AS key, t.amount_cents AS amount,
                    ${message} AS m, 0 AS fee, 0 AS refunded
             FROM tips t WHERE ${paid} AND t.team_id IS NOT NULL) x GROUP BY day, key
       UNION ALL
       SELECT 'point', day, key, ref, ${figures}
       FROM (SELECT ${day} AS day, coalesce(t.entrypoint_uid, '') AS key,
                    coalesce(t.entrypoint_id::text, '') AS ref, t.amount_cents AS amount,
                    ${message} AS m, 0 AS fee, 0 AS refunded
             FROM tips t WHERE ${paid}) x GROUP BY day, key, ref`,
      [businessId],
    ),
  );
}

/** The fresh day figures added up per month (YYYY-MM in `day`). */
function byMonth(days: TotalRow[]) {
  const months = new Map<string, TotalRow>();
  for (const row of days) {
    const id = `${row.kind}|${row.day.slice(0, 7)}|${row.key}|${row.ref}`;
    const sum = months.get(id) ?? {
      ...row,
      day: row.day.slice(0, 7),
      amount: 0,
      n: 0,
      messages: 0,
      fee: 0,
      refunded: 0,
    };
    sum.amount += row.amount;
    sum.n += row.n;
    sum.messages += row.messages;
    sum.fee += row.fee;
    sum.refunded += row.refunded;
    months.set(id, sum);
  }
  return asRows([...months.values()]);
}

/** Day and month totals both equal a fresh aggregate of the business's tips. */
async function expectExact(businessId: string) {
  const days = await fresh(businessId);
  expect(await maintained(businessId)).toEqual(days);
  expect(await maintainedMonths(businessId)).toEqual(byMonth(days));
}

describe('maintained day and month totals (tip_day_totals, tip_month_totals)', () => {
  it('equal a fresh aggregate after payments, payouts, refunds, splits, pool, feedback and deletes', async () => {
    const db = database.db;
    const business = await createBusiness(db, {
      employees: 3,
      teams: [{ members: [0, 1, 2] }],
      points: ['person', 'team'],
    });
    const [anna, ben, cleo] = business.employees.map((person) => person.id) as [
      string,
      string,
      string,
    ];
    const team = business.teams[0]!;
    const [personPoint, teamPoint] = business.points as [
      (typeof business.points)[number],
      (typeof business.points)[number],
    ];
    // Around midnight in Berlin (UTC+1 in winter) at the end of a month, so the day and the
    // month boundary are tested too.
    const lateEvening = new Date('2026-01-31T22:59:59Z');
    const midnight = new Date('2026-01-31T23:00:00Z');
    const at = new Date('2026-02-05T12:00:00Z');

    const direct = await createTip(db, {
      businessId: business.id,
      employeeId: anna,
      entrypoint: personPoint,
      amountCents: 700,
      platformFeeCovered: true,
      createdAt: lateEvening,
    });
    const later = await createTip(db, {
      businessId: business.id,
      employeeId: anna,
      entrypoint: personPoint,
      amountCents: 1_100,
      guestMessage: 'Danke!',
      createdAt: midnight,
    });
    const teamTip = await createTip(db, {
      businessId: business.id,
      teamId: team.id,
      entrypoint: teamPoint,
      amountCents: 1_000,
      status: 'initiated',
      createdAt: midnight,
    });
    const pooled = await createTip(db, {
      businessId: business.id,
      amountCents: 500,
      feedbackEmoji: 'clap',
      createdAt: lateEvening,
    });
    const refunded = await createTip(db, {
      businessId: business.id,
      employeeId: ben,
      amountCents: 2_000,
      createdAt: lateEvening,
    });
    const unpaid = await createTip(db, {
      businessId: business.id,
      employeeId: cleo,
      amountCents: 300,
      status: 'initiated',
      createdAt: midnight,
    });
    await expectExact(business.id);

    await db.transaction(async (tx) => {
      // Settlement: the team tip is paid and split among the members (allocations).
      await markTipPaid(tx, { tipId: teamTip.id, paymentId: null, at });
      // A payout and a full refund.
      await markTipCompleted(tx, { tipId: direct.id, transferId: 'tr_test_totals', at });
      await markTipRefunded(tx, { tipId: refunded.id, at });
      // A partial refund of a paid tip.
      await recordTakenBack(tx, {
        tipId: later.id,
        kind: 'refund',
        totalTakenBackCents: 400,
        providerRef: 're_test_totals',
        providerReason: null,
        at,
      });
    });
    const shares = await db
      .select()
      .from(tipAllocations)
      .where(eq(tipAllocations.tipId, teamTip.id));
    expect(shares.length).toBeGreaterThan(0);
    await expectExact(business.id);

    // Pool: a tip given to one person by hand, then the share changed and moved.
    const [given] = await db
      .insert(tipAllocations)
      .values({ tipId: pooled.id, profileId: cleo, amountCents: 500, reason: 'Pool' })
      .returning();
    await db
      .update(tipAllocations)
      .set({ amountCents: 450 })
      .where(eq(tipAllocations.id, given!.id));
    await db.update(tipAllocations).set({ profileId: ben }).where(eq(tipAllocations.id, given!.id));
    // Feedback after paying, a reassigned recipient, and a payment that failed.
    await db
      .update(tips)
      .set({ feedbackMessage: 'Super', feedbackEmoji: 'smile' })
      .where(eq(tips.id, direct.id));
    await db.update(tips).set({ employeeId: ben }).where(eq(tips.id, later.id));
    await db.update(tips).set({ status: 'failed' }).where(eq(tips.id, unpaid.id));
    await expectExact(business.id);

    // A share taken away, the team deleted (tips keep no team), a tip with shares deleted.
    await db.delete(tipAllocations).where(eq(tipAllocations.id, given!.id));
    await db.delete(teams).where(eq(teams.id, team.id));
    await db.delete(tips).where(eq(tips.id, teamTip.id));
    await db.delete(tips).where(eq(tips.id, pooled.id));
    await expectExact(business.id);
    expect((await maintained(business.id)).length).toBeGreaterThan(0);
  });

  it('stay exact when a tip is taken back on another connection than it was paid on', async () => {
    const business = await createBusiness(database.db, { employees: 1, points: ['person'] });
    const tip = await createTip(database.db, {
      businessId: business.id,
      employeeId: business.employees[0]!.id,
      entrypoint: business.points[0],
      amountCents: 700,
      status: 'initiated',
    });
    const pidOf = async (run: RawRunner) =>
      (await run<{ pid: number }>('SELECT pg_backend_pid() AS pid', []))[0]!.pid;
    const paidOn = await database.rawTransaction(async (run) => {
      await run("UPDATE tips SET status = 'pending' WHERE id = $1", [tip.id]);
      return pidOf(run);
    });
    // PostgreSQL: a connection held meanwhile (the pool hands out the one just used first) makes
    // the refund run on another one. PGlite has one connection.
    let release = () => {};
    let holder: Promise<unknown> = Promise.resolve();
    if (database.engine === 'postgres') {
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let acquired = () => {};
      const ready = new Promise<void>((resolve) => {
        acquired = resolve;
      });
      holder = database.rawTransaction(async (run) => {
        await run('SELECT 1', []);
        acquired();
        await held;
      });
      await ready;
    }
    const refundedOn = await database.rawTransaction(async (run) => {
      await run("UPDATE tips SET status = 'refunded' WHERE id = $1", [tip.id]);
      return pidOf(run);
    });
    release();
    await holder;
    if (database.engine === 'postgres') expect(refundedOn).not.toBe(paidOn);
    expect(await maintained(business.id)).toEqual([]);
    expect(await maintainedMonths(business.id)).toEqual([]);
    expect(await fresh(business.id)).toEqual([]);
  });

  it('is rebuilt from the tips to the same figures the triggers keep', async () => {
    const business = await createBusiness(database.db, { employees: 2, points: ['person'] });
    for (const [index, person] of business.employees.entries()) {
      await createTip(database.db, {
        businessId: business.id,
        employeeId: person.id,
        entrypoint: business.points[0],
        amountCents: 100 * (index + 1),
        guestMessage: index === 0 ? 'Merci' : null,
      });
    }
    const kept = await maintained(business.id);
    const keptMonths = await maintainedMonths(business.id);
    await rebuildTipDayTotals(database);
    expect(await maintained(business.id)).toEqual(kept);
    expect(await maintainedMonths(business.id)).toEqual(keptMonths);
    await expectExact(business.id);
  });
});
