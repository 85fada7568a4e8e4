import type { HeldTip, PayoutBatch, PayoutBatchSummary } from '../../../shared/api/payouts';
import { DEFAULT_CURRENCY } from '../../../shared/domain/constants';
import type { BatchRow, heldTips, TransferRow } from './queries/overview';

export function presentBatchSummary(row: BatchRow): PayoutBatchSummary {
  return {
    id: row.id,
    trigger: row.trigger,
    createdAt: row.createdAt.toISOString(),
    requestedBy: row.requestedByName,
    transferCount: row.transferCount,
    paidCount: row.paidCount,
    totalCents: row.totalCents,
    currency: DEFAULT_CURRENCY,
    skippedCount: row.skipped.length,
  };
}

export function presentBatch(row: BatchRow, transfers: TransferRow[]): PayoutBatch {
  return {
    ...presentBatchSummary(row),
    transfers: transfers.map((transfer) => ({
      id: transfer.id,
      employeeId: transfer.employeeId,
      employeeName: transfer.employeeName ?? transfer.employeeEmail,
      amountCents: transfer.amountCents,
      currency: transfer.currency,
      status: transfer.status,
      reference: transfer.providerTransferId,
      processedAt: transfer.processedAt?.toISOString() ?? null,
      tipCount: transfer.tipCount,
      failureReason: transfer.failureReason,
      deductions: transfer.deductions,
    })),
    skipped: row.skipped,
  };
}

export function presentHeldTip(row: Awaited<ReturnType<typeof heldTips>>[number]): HeldTip {
  return {
    tipId: row.tipId,
    recipient: row.employeeName ?? row.teamName ?? 'Betrieb',
    amountCents: row.amountCents,
    currency: row.currency,
    reason: row.reason ?? '',
    heldAt: row.heldAt?.toISOString() ?? '',
  };
}
