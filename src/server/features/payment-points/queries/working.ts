import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { paymentEntrypoints, profiles, qrCodes } from '../../../db/schema';

/**
 * The one definition of "a code that works" (decision 0475): a guest can tip
 * through it right now. The guest lookup decides with it, and the UID list, the dashboard's
 * 'QR-Codes' tile and the operator's business list count with it, so no screen counts a code
 * the others hide.
 *
 * A payment point works when it is switched on, its business is active and whoever it tips can
 * be tipped: a person who is not deactivated and has a name, or an active team; an object point
 * tips its own business. A legacy QR code (spec §3 qr_codes) works when it is switched on and
 * its person can be tipped in an active business.
 */
export const paymentPointWorks = sql<boolean>`(
  ${paymentEntrypoints.active}
  AND EXISTS (SELECT 1 FROM businesses wb WHERE wb.id = ${paymentEntrypoints.businessId} AND wb.active)
  AND CASE ${paymentEntrypoints.targetType}
    WHEN 'user' THEN EXISTS (
      SELECT 1 FROM profiles wp JOIN users wu ON wu.id = wp.id
      WHERE wp.id = ${paymentEntrypoints.targetId}
        AND wu.disabled_at IS NULL
        AND coalesce(trim(wp.full_name), '') <> '')
    WHEN 'team' THEN EXISTS (
      SELECT 1 FROM teams wt WHERE wt.id = ${paymentEntrypoints.targetId} AND wt.active)
    ELSE true
  END
)`;

/** The business of a legacy code: its own column, else its person's business (spec §3). */
export const legacyCodeBusinessId = sql<string | null>`coalesce(
  ${qrCodes.businessId},
  (SELECT lp.business_id FROM profiles lp WHERE lp.id = ${qrCodes.employeeId})
)`;

export const legacyCodeWorks = sql<boolean>`(
  ${qrCodes.isActive}
  AND EXISTS (
    SELECT 1 FROM profiles wp
    JOIN users wu ON wu.id = wp.id
    JOIN businesses wb ON wb.id = coalesce(${qrCodes.businessId}, wp.business_id)
    WHERE wp.id = ${qrCodes.employeeId}
      AND wu.disabled_at IS NULL
      AND coalesce(trim(wp.full_name), '') <> ''
      AND wb.active)
)`;

/** How many codes work per business (payment points and legacy codes together). */
export async function countWorkingCodes(
  db: Executor,
  businessIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (businessIds.length === 0) return counts;
  const ids = [...businessIds];
  const [points, legacy] = await Promise.all([
    db
      .select({ businessId: paymentEntrypoints.businessId, n: sql<number>`count(*)::int` })
      .from(paymentEntrypoints)
      .where(and(inArray(paymentEntrypoints.businessId, ids), paymentPointWorks))
      .groupBy(paymentEntrypoints.businessId),
    db
      .select({ businessId: legacyCodeBusinessId, n: sql<number>`count(*)::int` })
      .from(qrCodes)
      .where(and(inArray(legacyCodeBusinessId, ids), legacyCodeWorks))
      .groupBy(legacyCodeBusinessId),
  ]);
  for (const row of [...points, ...legacy]) {
    if (row.businessId) counts.set(row.businessId, (counts.get(row.businessId) ?? 0) + row.n);
  }
  return counts;
}

/** A legacy code of a business as the UID list shows it, with its person's name. */
export interface LegacyCodeRow {
  id: string;
  code: string;
  employeeId: string;
  employeeName: string | null;
  employeeJobTitle: string | null;
  active: boolean;
  works: boolean;
  createdAt: Date;
}

/** Every legacy code of a business, working or not, newest first. */
export async function legacyCodesOf(db: Executor, businessId: string): Promise<LegacyCodeRow[]> {
  return (
    db
      .select({
        id: qrCodes.id,
        code: qrCodes.code,
        employeeId: qrCodes.employeeId,
        employeeName: profiles.fullName,
        employeeJobTitle: profiles.jobTitle,
        active: qrCodes.isActive,
        works: legacyCodeWorks,
        createdAt: qrCodes.createdAt,
      })
      .from(qrCodes)
      // The name comes from the same business only, as a payment point's target name does.
      .leftJoin(
        profiles,
        and(eq(profiles.id, qrCodes.employeeId), eq(profiles.businessId, businessId)),
      )
      .where(eq(legacyCodeBusinessId, businessId))
      .orderBy(desc(qrCodes.createdAt), asc(qrCodes.code))
  );
}
