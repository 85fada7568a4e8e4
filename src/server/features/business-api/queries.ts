import { and, asc, desc, eq, exists, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, PayoutListQuery, TipListQuery } from '../../../shared/api/business-api';
import type { Executor } from '../../db/connect';
import {
  payouts,
  profiles,
  teamMembers,
  teams,
  tipAllocations,
  tips,
  users,
} from '../../db/schema';

/**
 * A list's page after its cursor row, newest first: rows whose (created_at, id) is below the
 * cursor row's own values, read in the database so no timestamp is rounded through JavaScript.
 */
function afterCursor(
  table: PgTable,
  columns: { createdAt: PgColumn; id: PgColumn },
  cursorId: string,
): SQL {
  return sql`(${columns.createdAt}, ${columns.id}) < (SELECT c.created_at, c.id FROM ${table} c WHERE c.id = ${cursorId})`;
}

/** The time range of a list's query. */
function createdWithin(
  createdAt: PgColumn,
  query: { created_gte?: string | undefined; created_lt?: string | undefined },
): SQL[] {
  return [
    ...(query.created_gte ? [gte(createdAt, new Date(query.created_gte))] : []),
    ...(query.created_lt ? [lt(createdAt, new Date(query.created_lt))] : []),
  ];
}

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
    ...createdWithin(tips.createdAt, query),
  ];
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
  if (query.starting_after) conditions.push(afterCursor(tips, tips, query.starting_after));
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

const payoutColumns = {
  id: payouts.id,
  amountCents: payouts.amountCents,
  currency: payouts.currency,
  status: payouts.status,
  method: payouts.method,
  createdAt: payouts.createdAt,
  processedAt: payouts.processedAt,
  employeeId: payouts.employeeId,
  employeeName: profiles.fullName,
  providerTransferId: payouts.providerTransferId,
  failureReason: payouts.failureReason,
};

export type PayoutListRow = Awaited<ReturnType<typeof selectPayoutRows>>[number];

function selectPayoutRows(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(profiles, eq(profiles.id, payouts.employeeId))
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
}

/** Whether `payoutId` is a payout of the business (a cursor must be one). */
export async function isPayoutOf(db: Executor, businessId: string, payoutId: string) {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.businessId, businessId)));
  return row !== undefined;
}

/** One page of the business's payouts, newest first, one more than `limit`. */
export function selectPayoutPage(db: Executor, businessId: string, query: PayoutListQuery) {
  const conditions = [
    eq(payouts.businessId, businessId),
    ...createdWithin(payouts.createdAt, query),
  ];
  if (query.recipient) conditions.push(eq(payouts.employeeId, query.recipient));
  if (query.starting_after) {
    conditions.push(afterCursor(payouts, payouts, query.starting_after));
  }
  return selectPayoutRows(db, and(...conditions), query.limit + 1);
}

export async function selectPayout(db: Executor, businessId: string, payoutId: string) {
  const [row] = await selectPayoutRows(
    db,
    and(eq(payouts.id, payoutId), eq(payouts.businessId, businessId)),
    1,
  );
  return row ?? null;
}

/**
 * The business's people (owners and employees; never a platform admin whose profile sits in it,
 * decision 0481), newest first, as the staff list knows them.
 */
const staffOf = (businessId: string) =>
  and(eq(profiles.businessId, businessId), ne(profiles.role, 'admin'));

/** Whether `profileId` is a listed person of the business (a cursor must be one). */
export async function isStaffOf(db: Executor, businessId: string, profileId: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), staffOf(businessId)));
  return row !== undefined;
}

/** One page of the business's people, newest first, one more than `limit`, with their teams. */
export async function selectStaffPage(db: Executor, businessId: string, query: ListQuery) {
  const conditions = [staffOf(businessId)];
  if (query.starting_after) {
    conditions.push(afterCursor(profiles, profiles, query.starting_after));
  }
  const rows = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      role: profiles.role,
      jobTitle: profiles.jobTitle,
      payoutsEnabled: profiles.payoutsEnabled,
      createdAt: profiles.createdAt,
      disabledAt: users.disabledAt,
      emailVerifiedAt: users.emailVerifiedAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(...conditions))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(query.limit + 1);
  const ids = rows.map((row) => row.id);
  const memberships =
    ids.length === 0
      ? []
      : await db
          .select({ profileId: teamMembers.profileId, id: teams.id, name: teams.name })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(
            and(
              inArray(teamMembers.profileId, ids),
              isNull(teamMembers.leftAt),
              eq(teams.businessId, businessId),
            ),
          )
          .orderBy(asc(teams.name), asc(teams.id));
  return rows.map((row) => ({
    ...row,
    teams: memberships
      .filter((membership) => membership.profileId === row.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}

export type StaffListRow = Awaited<ReturnType<typeof selectStaffPage>>[number];
