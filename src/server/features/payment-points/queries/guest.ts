import { and, asc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/connect';
import {
  branding,
  businesses,
  type EntrypointMetadata,
  paymentEntrypoints,
  profiles,
  qrCodes,
  shiftAssignments,
  teamMembers,
  teams,
  users,
} from '../../../db/schema';
import { legacyCodeWorks, paymentPointWorks } from './working';

/** The guest lookup's rows: what resolve.ts turns into a ResolvedCode. */
export type ProfileRow = typeof profiles.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type BrandingRow = typeof branding.$inferSelect;
export type PaymentPointRow = typeof paymentEntrypoints.$inferSelect;
export type LegacyQrCodeRow = typeof qrCodes.$inferSelect;
export type { EntrypointMetadata };

/** The payment point with this uid and whether it works (decision 0475), or undefined. */
export async function findPaymentPointByUid(executor: Executor, uid: string) {
  const [entry] = await executor
    .select({ row: paymentEntrypoints, works: paymentPointWorks })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.uid, uid))
    .limit(1);
  return entry;
}

/** The legacy QR code with this code and whether it works, or undefined. */
export async function findLegacyQrCode(executor: Executor, code: string) {
  const [legacy] = await executor
    .select({ row: qrCodes, works: legacyCodeWorks })
    .from(qrCodes)
    .where(eq(qrCodes.code, code))
    .limit(1);
  return legacy;
}

export async function findTeam(executor: Executor, teamId: string): Promise<TeamRow | null> {
  const [row] = await executor.select().from(teams).where(eq(teams.id, teamId));
  return row ?? null;
}

/** When the person of this business was deactivated, or undefined (no such person). */
export async function findPersonInBusiness(
  executor: Executor,
  businessId: string,
  profileId: string,
): Promise<{ disabledAt: Date | null } | undefined> {
  const [person] = await executor
    .select({ disabledAt: users.disabledAt })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.id, profileId), eq(profiles.businessId, businessId)));
  return person;
}

/**
 * The active team points of the active teams of the business the person is still in, by team
 * name, each named as the page it opens is titled: the point's 'Bezeichnung', else the team.
 */
export function listTeamPagesOf(executor: Executor, businessId: string, profileId: string) {
  return executor
    .select({
      teamId: teams.id,
      uid: paymentEntrypoints.uid,
      name: sql<string>`coalesce(${paymentEntrypoints.label}, ${teams.name})`,
    })
    .from(teamMembers)
    .innerJoin(
      teams,
      and(
        eq(teams.id, teamMembers.teamId),
        eq(teams.active, true),
        eq(teams.businessId, businessId),
      ),
    )
    .innerJoin(
      paymentEntrypoints,
      and(
        eq(paymentEntrypoints.targetType, 'team'),
        eq(paymentEntrypoints.targetId, teams.id),
        eq(paymentEntrypoints.type, 'team'),
        eq(paymentEntrypoints.active, true),
      ),
    )
    .where(and(eq(teamMembers.profileId, profileId), isNull(teamMembers.leftAt)))
    .orderBy(asc(teams.name), asc(paymentEntrypoints.createdAt), asc(paymentEntrypoints.id));
}

/**
 * The business's page as a whole (decision 0470): an active generic point of the QR generator
 * (`metadata.qr_type` 'generic', decision 0111) that tips the business pool, with nobody on shift
 * there now or later (else its tips go to them). Named as the page it opens is titled.
 */
export function findWholeBusinessPage(executor: Executor, businessId: string, at: Date) {
  return (
    executor
      .select({
        uid: paymentEntrypoints.uid,
        name: sql<string>`coalesce(${paymentEntrypoints.label}, ${paymentEntrypoints.metadata}->>'name', ${businesses.name})`,
      })
      .from(paymentEntrypoints)
      .innerJoin(businesses, eq(businesses.id, paymentEntrypoints.businessId))
      .where(
        and(
          eq(paymentEntrypoints.businessId, businessId),
          eq(paymentEntrypoints.targetType, 'tenant'),
          eq(paymentEntrypoints.targetId, businessId),
          eq(paymentEntrypoints.active, true),
          sql`${paymentEntrypoints.metadata}->>'qr_type' = 'generic'`,
          sql`not exists (select 1 from ${shiftAssignments} where ${shiftAssignments.entrypointId} = ${paymentEntrypoints.id} and ${shiftAssignments.endsAt} > ${at.toISOString()}::timestamptz)`,
        ),
      )
      // Points made in one statement share their creation time: the label decides, not a random id.
      .orderBy(
        asc(paymentEntrypoints.createdAt),
        asc(paymentEntrypoints.label),
        asc(paymentEntrypoints.id),
      )
      .limit(1)
  );
}

export async function findBusiness(executor: Executor, id: string) {
  const [row] = await executor
    .select({ id: businesses.id, name: businesses.name, active: businesses.active })
    .from(businesses)
    .where(eq(businesses.id, id));
  return row ?? null;
}

/** A profile with its account's deactivation time, or undefined. */
export async function findProfileWithAccount(
  executor: Executor,
  id: string,
): Promise<{ profile: ProfileRow; disabledAt: Date | null } | undefined> {
  const [found] = await executor
    .select({ profile: profiles, disabledAt: users.disabledAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, id));
  return found;
}

export async function findBranding(
  executor: Executor,
  businessId: string,
): Promise<BrandingRow | null> {
  const [row] = await executor.select().from(branding).where(eq(branding.businessId, businessId));
  return row ?? null;
}

/** The business of the payment point with this uid, or null. */
export async function businessIdOfPaymentPoint(
  executor: Executor,
  uid: string,
): Promise<string | null> {
  const [entry] = await executor
    .select({ businessId: paymentEntrypoints.businessId })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.uid, uid))
    .limit(1);
  return entry?.businessId ?? null;
}

/** The business of a legacy QR code: its own column, else its person's business. */
export async function businessIdOfLegacyQrCode(
  executor: Executor,
  code: string,
): Promise<string | null> {
  const [legacy] = await executor
    .select({ businessId: qrCodes.businessId, employeeBusinessId: profiles.businessId })
    .from(qrCodes)
    .leftJoin(profiles, eq(profiles.id, qrCodes.employeeId))
    .where(eq(qrCodes.code, code))
    .limit(1);
  return legacy?.businessId ?? legacy?.employeeBusinessId ?? null;
}

/**
 * The next moment after `at` at which a shift of this team or object point starts or ends, or
 * null when nothing is planned.
 */
export async function nextShiftBoundary(
  executor: Executor,
  target: { teamId: string } | { paymentPointId: string },
  at: Date,
): Promise<Date | null> {
  const [row] = await executor
    .select({
      next: min(
        sql<
          Date | string
        >`CASE WHEN ${shiftAssignments.startsAt} > ${at.toISOString()}::timestamptz THEN ${shiftAssignments.startsAt} ELSE ${shiftAssignments.endsAt} END`,
      ),
    })
    .from(shiftAssignments)
    .where(
      and(
        'teamId' in target
          ? eq(shiftAssignments.teamId, target.teamId)
          : eq(shiftAssignments.entrypointId, target.paymentPointId),
        gt(shiftAssignments.endsAt, at),
      ),
    );
  return row?.next ? new Date(row.next) : null;
}

/** Notes that a legacy code was scanned (qr_codes.last_used_at). */
export async function touchLegacyQrCode(executor: Executor, qrCodeId: string, at: Date) {
  await executor.update(qrCodes).set({ lastUsedAt: at }).where(eq(qrCodes.id, qrCodeId));
}

/** The schema payment_entrypoints lives in (its triggers name the guest cache channel after it). */
export async function schemaOfPaymentPoints(database: Database): Promise<string | undefined> {
  const [table] = await database.query<{ schema: string }>(
    `SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.oid = to_regclass('payment_entrypoints')`,
  );
  return table?.schema;
}
