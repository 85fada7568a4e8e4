import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import {
  branding,
  businesses,
  paymentEntrypoints,
  paymentSessions,
  profiles,
  qrCodes,
  teams,
  tipAllocations,
  tips,
} from '../../db/schema';
import type { EntrypointType } from '../../../shared/domain/tips';
import type { TipRow } from './lifecycle';

/** Everything the guest's views of a tip show beyond the tip row itself, read in one query. */
export interface TipRecipientFacts {
  businessName: string;
  branding: typeof branding.$inferSelect | null;
  entrypoint: { uid: string; label: string | null; type: EntrypointType } | null;
  person: {
    fullName: string | null;
    jobTitle: string | null;
    imageUrl: string | null;
    thankYouMessage: string;
  } | null;
  team: { name: string; description: string | null } | null;
  /** The checkout attempt of the tip's payment session (null: none yet). */
  attempt: number | null;
  /**
   * The full name of the only person a paid tip without a person of its own went to (the one on
   * shift at the point); null when it was split among several, or nobody has it yet (the pool).
   */
  soleSharer: string | null;
}

const never = sql`false`;

export async function selectTipRecipientFacts(
  executor: Executor,
  tip: Pick<TipRow, 'id' | 'businessId' | 'entrypointId' | 'employeeId' | 'teamId'>,
): Promise<TipRecipientFacts> {
  const [row] = await executor
    .select({
      businessName: businesses.name,
      branding,
      entrypointId: paymentEntrypoints.id,
      entrypointUid: paymentEntrypoints.uid,
      entrypointLabel: paymentEntrypoints.label,
      entrypointType: paymentEntrypoints.type,
      profileId: profiles.id,
      fullName: profiles.fullName,
      jobTitle: profiles.jobTitle,
      imageUrl: profiles.profileImageUrl,
      thankYouMessage: profiles.thankYouMessage,
      teamId: teams.id,
      teamName: teams.name,
      teamDescription: teams.description,
      attempt: sql<
        number | null
      >`(select ${paymentSessions.attempt} from ${paymentSessions} where ${paymentSessions.tipId} = ${tip.id} limit 1)`,
      soleSharer: sql<
        string | null
      >`(select case when count(*) = 1 then min(${profiles.fullName}) end
        from ${tipAllocations} join ${profiles} on ${profiles.id} = ${tipAllocations.profileId}
        where ${tipAllocations.tipId} = ${tip.id} and ${tipAllocations.amountCents} > 0)`,
    })
    .from(businesses)
    .leftJoin(branding, eq(branding.businessId, businesses.id))
    .leftJoin(
      paymentEntrypoints,
      tip.entrypointId ? eq(paymentEntrypoints.id, tip.entrypointId) : never,
    )
    .leftJoin(profiles, tip.employeeId ? eq(profiles.id, tip.employeeId) : never)
    .leftJoin(teams, tip.teamId ? eq(teams.id, tip.teamId) : never)
    .where(eq(businesses.id, tip.businessId));
  if (!row) {
    return {
      businessName: '',
      branding: null,
      entrypoint: null,
      person: null,
      team: null,
      attempt: null,
      soleSharer: null,
    };
  }
  return {
    businessName: row.businessName,
    branding: row.branding,
    entrypoint: row.entrypointId
      ? { uid: row.entrypointUid!, label: row.entrypointLabel, type: row.entrypointType! }
      : null,
    person: row.profileId
      ? {
          fullName: row.fullName,
          jobTitle: row.jobTitle,
          imageUrl: row.imageUrl,
          thankYouMessage: row.thankYouMessage!,
        }
      : null,
    team: row.teamId ? { name: row.teamName!, description: row.teamDescription } : null,
    attempt: row.attempt === null ? null : Number(row.attempt),
    soleSharer: row.soleSharer,
  };
}

/**
 * The status of a tip given through `code` (its payment point's uid, or the legacy QR code it was
 * scanned from); null for a tip of another code, or none.
 */
export async function selectTipStatusThroughCode(
  executor: Executor,
  tipId: string,
  code: string,
): Promise<TipRow['status'] | null> {
  const [row] = await executor
    .select({ status: tips.status })
    .from(tips)
    .leftJoin(qrCodes, eq(qrCodes.id, tips.qrCodeId))
    .where(and(eq(tips.id, tipId), or(eq(tips.entrypointUid, code), eq(qrCodes.code, code))))
    .limit(1);
  return row?.status ?? null;
}
