import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { PaymentSessionStatus, TipStatus } from '../../../shared/domain/tips';
import { PAID_TIP_STATUSES } from '../../../shared/domain/tips';
import type { Executor, Tx } from '../../db/connect';
import {
  branding,
  businesses,
  payLaterLinks,
  paymentEntrypoints,
  paymentSessions,
  profiles,
  qrCodes,
  teams,
  tipAllocations,
  tips,
} from '../../db/schema';
import type { EntrypointType } from '../../../shared/domain/tips';

export type TipRow = typeof tips.$inferSelect;

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

/** Queues a NOTIFY in the transaction: PostgreSQL delivers it exactly when that commits. */
export async function notifyInTransaction(
  tx: Executor,
  channel: string,
  payload: string,
): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

/** The tip that paid a flow (the first attempt's id names it), or null while nothing has. */
export async function selectPaidTipOfFlow(
  executor: Executor,
  flowId: string,
): Promise<string | null> {
  const [paid] = await executor
    .select({ id: tips.id })
    .from(tips)
    .where(
      and(
        or(eq(tips.id, flowId), eq(tips.flowId, flowId)),
        inArray(tips.status, [...PAID_TIP_STATUSES]),
        isNull(tips.duplicateOf),
      ),
    )
    .orderBy(asc(tips.paidAt), asc(tips.id))
    .limit(1);
  return paid?.id ?? null;
}

/** Locks a flow's first attempt: settlements of one flow wait for each other. */
export async function lockFlow(tx: Tx, flowId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM ${tips} WHERE ${tips.id} = ${flowId} FOR UPDATE`);
}

/** Another tip of the flow that was paid first, if any. */
export async function selectOtherPaidTipOfFlow(
  tx: Tx,
  flowId: string,
  tipId: string,
): Promise<{ id: string } | null> {
  const [earlier] = await tx
    .select({ id: tips.id })
    .from(tips)
    .where(
      and(
        or(eq(tips.id, flowId), eq(tips.flowId, flowId)),
        ne(tips.id, tipId),
        inArray(tips.status, [...PAID_TIP_STATUSES]),
        isNull(tips.duplicateOf),
      ),
    )
    .orderBy(asc(tips.paidAt), asc(tips.id))
    .limit(1);
  return earlier ?? null;
}

/**
 * Closes the flow's pay-later links not paid yet (and the link `linkId`, when given): `tipId`
 * paid them.
 */
export async function closePayLaterLinksOfFlow(
  tx: Tx,
  input: { flowId: string; linkId: string | null; tipId: string; at: Date },
): Promise<void> {
  const { flowId } = input;
  const linkOfTip = input.linkId ? eq(payLaterLinks.id, input.linkId) : undefined;
  await tx
    .update(payLaterLinks)
    .set({ paidTipId: input.tipId, usedAt: input.at })
    .where(
      and(
        linkOfTip
          ? or(eq(payLaterLinks.flowId, flowId), linkOfTip)
          : eq(payLaterLinks.flowId, flowId),
        isNull(payLaterLinks.paidTipId),
      ),
    );
}

/** Locks a pay-later link and answers the tip that paid it, if any. */
export async function lockPayLaterLinkPayer(tx: Tx, linkId: string): Promise<string | null> {
  const [link] = await tx
    .select({ paidTipId: payLaterLinks.paidTipId })
    .from(payLaterLinks)
    .where(eq(payLaterLinks.id, linkId))
    .for('update');
  return link?.paidTipId ?? null;
}

/** The amounts and review state of these tips (for metrics). */
export async function selectTipFigures(executor: Executor, tipIds: string[]) {
  return executor
    .select({
      id: tips.id,
      amountCents: tips.amountCents,
      reviewReason: tips.reviewReason,
      duplicateOf: tips.duplicateOf,
    })
    .from(tips)
    .where(inArray(tips.id, tipIds));
}

/** Everyone with an allocation of a tip. */
export async function selectAllocatedProfileIds(
  executor: Executor,
  tipId: string,
): Promise<string[]> {
  const rows = await executor
    .select({ profileId: tipAllocations.profileId })
    .from(tipAllocations)
    .where(eq(tipAllocations.tipId, tipId));
  return rows.map((row) => row.profileId);
}

/**
 * Moves a tip to `status` with `set`, only when its status is one of `from` (the guarded move);
 * the row after the move, or null when it did not move.
 */
export async function moveTipStatus(
  tx: Tx,
  tipId: string,
  from: TipStatus[],
  set: Partial<typeof tips.$inferInsert> & { status: TipStatus },
): Promise<TipRow | null> {
  const [tip] = await tx
    .update(tips)
    .set(set)
    .where(and(eq(tips.id, tipId), inArray(tips.status, from)))
    .returning();
  return tip ?? null;
}

/** Holds a tip as the duplicate payment of `paidTipId`. */
export async function markTipDuplicate(
  tx: Tx,
  input: { tipId: string; paidTipId: string; reviewReason: string; at: Date },
): Promise<void> {
  await tx
    .update(tips)
    .set({ duplicateOf: input.paidTipId, reviewReason: input.reviewReason, reviewAt: input.at })
    .where(eq(tips.id, input.tipId));
}

/** Completes a payment session unless it is completed already; says whether this call did. */
export async function completePaymentSession(
  tx: Tx,
  sessionId: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(paymentSessions)
    .set({ status: 'completed', completedAt: at, endedAt: at, failureReason: null })
    .where(and(eq(paymentSessions.id, sessionId), ne(paymentSessions.status, 'completed')))
    .returning({ id: paymentSessions.id });
  return rows.length > 0;
}

/** Ends an open payment session; says whether this call did. */
export async function endOpenPaymentSession(
  tx: Tx,
  input: {
    sessionId: string;
    status: Exclude<PaymentSessionStatus, 'open'>;
    reason: string | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await tx
    .update(paymentSessions)
    .set({ status: input.status, endedAt: input.at, failureReason: input.reason })
    .where(and(eq(paymentSessions.id, input.sessionId), eq(paymentSessions.status, 'open')))
    .returning({ id: paymentSessions.id });
  return rows.length > 0;
}
