import type { PayoutBatch, PayoutBatchSummary } from '../../../shared/api/payouts';
import { DEFAULT_CURRENCY } from '../../../shared/domain/constants';
import type { BatchRow, TransferRow } from './queries';

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
    })),
    skipped: row.skipped,
  };
}
