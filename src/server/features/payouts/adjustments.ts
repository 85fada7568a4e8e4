import { formatCents, splitCents } from '../../../shared/domain/money';
import type { Tx } from '../../db/connect';
import {
  deleteOpenAdjustments,
  insertAdjustments,
  lockTip,
  selectAllocationsOfTip,
  selectDisputeDeductions,
  setRefundedCents,
} from './queries/tips';

export type AdjustmentKind = 'refund' | 'dispute';

const REFUND_REASONS: Record<string, string> = {
  duplicate: 'doppelte Zahlung',
  fraudulent: 'betrügerische Zahlung',
  requested_by_customer: 'auf Wunsch des Gastes',
};

/** The German reason staff and owners read for an adjustment. */
export function adjustmentReason(
  kind: AdjustmentKind,
  input: { cents: number; full: boolean; providerReason: string | null },
): string {
  const why = input.providerReason
    ? (REFUND_REASONS[input.providerReason] ?? input.providerReason)
    : null;
  if (kind === 'dispute') {
    return `Zahlungsstreit des Gastes über ${formatCents(input.cents)}${why ? ` (${why})` : ''}`;
  }
  const what = input.full ? 'Erstattung' : 'Teilerstattung';
  return `${what} an den Gast: ${formatCents(input.cents)}${why ? ` (${why})` : ''}`;
}

/**
 * How much of the tip itself the money taken back so far covers. The platform contribution is
 * the last part of a payment to go back: refunding 10,45 € of a 10 € tip with contribution
 * takes 10 € from the tip.
 */
export function tipShareOf(takenBackCents: number, tipCents: number): number {
  return Math.max(0, Math.min(takenBackCents, tipCents));
}

/**
 * Records money taken back from a paid tip (a full or partial refund, or a dispute) as
 * adjustments of the people it was paid to: the employee of a direct tip, or the members of a
 * team tip in proportion to their shares. A batch deducts every adjustment no payout carries
 * yet, so a refund before the payout reduces it and one after the payout is carried into the
 * next batch as a negative balance. `totalTakenBackCents` is cumulative (what the provider
 * reports), so a redelivered event adds nothing. A full refund of a tip never paid out needs
 * no adjustment: the tip leaves the payout altogether (status 'refunded').
 */
export async function recordTakenBack(
  tx: Tx,
  input: {
    tipId: string;
    kind: AdjustmentKind;
    totalTakenBackCents: number;
    providerRef: string;
    providerReason: string | null;
    at: Date;
  },
): Promise<number> {
  const tip = await lockTip(tx, input.tipId);
  if (!tip) return 0;
  const previous = input.kind === 'refund' ? tip.refundedCents : 0;
  if (input.kind === 'refund') {
    if (input.totalTakenBackCents <= tip.refundedCents) return 0;
    await setRefundedCents(tx, tip.id, input.totalTakenBackCents, input.at);
  }
  const share =
    tipShareOf(input.totalTakenBackCents, tip.amountCents) - tipShareOf(previous, tip.amountCents);
  if (share <= 0) return 0;

  const allocations = tip.teamId ? await selectAllocationsOfTip(tx, tip.id) : [];
  const neverPaidOut =
    tip.status === 'pending' && tip.payoutId === null && allocations.every((a) => !a.payoutId);
  const full = input.totalTakenBackCents >= tip.amountCents + tip.platformFeeCents;
  if (input.kind === 'refund' && full && neverPaidOut) {
    // The tip leaves the payout whole; earlier partial deductions must not count twice.
    await deleteOpenAdjustments(tx, tip.id);
    return 0;
  }

  const payees = tip.employeeId
    ? [{ profileId: tip.employeeId, weight: 1 }]
    : allocations
        .filter((a) => a.amountCents > 0)
        .map((a) => ({ profileId: a.profileId, weight: a.amountCents }));
  if (payees.length === 0) return 0;
  const parts = splitCents(
    share,
    payees.map((p) => p.weight),
  );
  const reason = adjustmentReason(input.kind, {
    cents: input.kind === 'refund' ? input.totalTakenBackCents - previous : share,
    full,
    providerReason: input.providerReason,
  });
  const rows = payees
    .map((payee, index) => ({
      businessId: tip.businessId,
      tipId: tip.id,
      profileId: payee.profileId,
      kind: input.kind,
      amountCents: parts[index]!,
      reason,
      providerRef: input.providerRef,
      createdAt: input.at,
    }))
    .filter((row) => row.amountCents > 0);
  if (rows.length === 0) return 0;
  return insertAdjustments(tx, rows);
}

/**
 * A dispute the business won: the bank gave the money back, so each person the dispute was
 * deducted from gets it back as a credit the next batch adds (kind 'dispute_won', one per
 * person and dispute, so a redelivered event adds nothing).
 */
export async function recordDisputeWon(
  tx: Tx,
  input: { tipId: string; disputeId: string; at: Date },
): Promise<number> {
  const deducted = await selectDisputeDeductions(tx, input.tipId, `dispute:${input.disputeId}`);
  if (deducted.length === 0) return 0;
  return insertAdjustments(
    tx,
    deducted.map((row) => ({
      businessId: row.businessId,
      tipId: row.tipId,
      profileId: row.profileId,
      kind: 'dispute_won' as const,
      amountCents: row.amountCents,
      reason: `Zahlungsstreit gewonnen: ${formatCents(row.amountCents)} zurück`,
      providerRef: `dispute_won:${input.disputeId}`,
      createdAt: input.at,
    })),
  );
}
