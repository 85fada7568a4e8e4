import { and, desc, eq, exists, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TipListQuery } from '../../../shared/api/business-api';
import type { Executor } from '../../db/connect';
import { payouts, profiles, teams, tipAllocations, tips } from '../../db/schema';

/** Tips whose money arrived: waiting for the payout, paid out, or given back since. */
export const LISTED_TIP_STATUSES = ['pending', 'completed', 'refunded'] as const;

const recipientProfile = alias(profiles, 'recipient_profile');

const tipColumns = {
  id: tips.id,
  amountCents: tips.amountCents,
  currency: tips.currency,
  status: tips.status,
  createdAt: tips.createdAt,
  paidAt: tips.paidAt,
  tipSource: tips.tipSource,
  employeeId: tips.employeeId,
  employeeName: recipientProfile.fullName,
  teamId: tips.teamId,
  teamName: teams.name,
  entrypointId: tips.entrypointId,
  entrypointUid: tips.entrypointUid,
  platformFeeCents: tips.platformFeeCents,
  platformFeeCovered: tips.platformFeeCovered,
  refundedCents: tips.refundedCents,
  payoutId: tips.payoutId,
  payoutStatus: payouts.status,
};

export type TipListRow = Awaited<ReturnType<typeof selectTipRows>>[number];

function selectTipRows(db: Executor, where: ReturnType<typeof and>, limit: number) {
  return db
    .select(tipColumns)
    .from(tips)
    .leftJoin(recipientProfile, eq(recipientProfile.id, tips.employeeId))
    .leftJoin(teams, eq(teams.id, tips.teamId))
    .leftJoin(payouts, eq(payouts.id, tips.payoutId))
    .where(where)
    .orderBy(desc(tips.createdAt), desc(tips.id))
    .limit(limit);
}

/** Whether `tipId` is a listed tip of the business (a cursor must be one). */
export async function isListedTip(db: Executor, businessId: string, tipId: string) {
  const [row] = await db
    .select({ id: tips.id })
    .from(tips)
    .where(
      and(
        eq(tips.id, tipId),
        eq(tips.businessId, businessId),
        inArray(tips.status, [...LISTED_TIP_STATUSES]),
      ),
    );
  return row !== undefined;
}

/**
 * One page of the business's paid tips, newest first, one more than `limit` (it says whether
 * more follow). The cursor compares (created_at, id) with the cursor tip's own values in the
 * database, so no timestamp is rounded on its way through JavaScript.
 */
export function selectTipPage(db: Executor, businessId: string, query: TipListQuery) {
  const conditions = [
    eq(tips.businessId, businessId),
    inArray(tips.status, [...LISTED_TIP_STATUSES]),
  ];
  if (query.created_gte) conditions.push(gte(tips.createdAt, new Date(query.created_gte)));
  if (query.created_lt) conditions.push(lt(tips.createdAt, new Date(query.created_lt)));
  if (query.recipient) {
    const recipient = query.recipient;
    conditions.push(
      or(
        eq(tips.employeeId, recipient),
        exists(
          db
            .select({ one: sql`1` })
            .from(tipAllocations)
            .where(and(eq(tipAllocations.tipId, tips.id), eq(tipAllocations.profileId, recipient))),
        ),
      )!,
    );
  }
  if (query.starting_after) {
    conditions.push(
      sql`(${tips.createdAt}, ${tips.id}) < (SELECT c.created_at, c.id FROM tips c WHERE c.id = ${query.starting_after})`,
    );
  }
  return selectTipRows(db, and(...conditions), query.limit + 1);
}

export async function selectTip(db: Executor, businessId: string, tipId: string) {
  const [row] = await selectTipRows(
    db,
    and(
      eq(tips.id, tipId),
      eq(tips.businessId, businessId),
      inArray(tips.status, [...LISTED_TIP_STATUSES]),
    ),
    1,
  );
  return row ?? null;
}

/** The shares of these tips, with their people's names and their payouts' states. */
export async function selectAllocations(db: Executor, tipIds: string[]) {
  if (tipIds.length === 0) return [];
  return db
    .select({
      tipId: tipAllocations.tipId,
      profileId: tipAllocations.profileId,
      name: profiles.fullName,
      amountCents: tipAllocations.amountCents,
      payoutId: tipAllocations.payoutId,
      payoutStatus: payouts.status,
    })
    .from(tipAllocations)
    .innerJoin(profiles, eq(profiles.id, tipAllocations.profileId))
    .leftJoin(payouts, eq(payouts.id, tipAllocations.payoutId))
    .where(inArray(tipAllocations.tipId, tipIds))
    .orderBy(tipAllocations.tipId, desc(tipAllocations.amountCents), tipAllocations.profileId);
}
