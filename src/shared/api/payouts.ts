import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { PAYOUT_SCHEDULES, PAYOUT_TRIGGERS } from '../domain/payouts';
import { PAYOUT_STATUSES } from '../domain/tips';

/** Payout batches of a business, as owners and admins see them. */

export const payoutScheduleUpdateSchema = z
  .object({
    schedule: z.enum(PAYOUT_SCHEDULES, {
      error: 'Rhythmus: Bitte wählen Sie „täglich“ oder „wöchentlich“.',
    }),
  })
  .strict();
export type PayoutScheduleUpdate = z.infer<typeof payoutScheduleUpdateSchema>;

export const payoutBatchParamsSchema = z.object({
  batchId: z.uuid({ error: 'Ungültige Auszahlungs-ID.' }),
});

const skippedSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  amountCents: z.number().int(),
});

export const payoutBatchSummarySchema = z.object({
  id: z.string(),
  trigger: z.enum(PAYOUT_TRIGGERS),
  createdAt: z.string(),
  requestedBy: z.string().nullable(),
  transferCount: z.number().int(),
  paidCount: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  skippedCount: z.number().int(),
});
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummarySchema>;

export const payoutTransferSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** The provider's transfer id ('tr_…'), once the transfer was made. */
  reference: z.string().nullable(),
  processedAt: z.string().nullable(),
  tipCount: z.number().int(),
  failureReason: z.string().nullable(),
  /** Refunds and disputes deducted from this transfer, with their reason. */
  deductions: z.array(z.object({ amountCents: z.number().int(), reason: z.string() })),
});
export type PayoutTransfer = z.infer<typeof payoutTransferSchema>;

export const payoutBatchSchema = payoutBatchSummarySchema.extend({
  transfers: z.array(payoutTransferSchema),
  skipped: z.array(skippedSchema),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

/** A paid tip held for review: its payment did not match what the guest was asked for. */
export const heldTipSchema = z.object({
  tipId: z.string(),
  recipient: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  heldAt: z.string(),
});
export type HeldTip = z.infer<typeof heldTipSchema>;

export const payoutOverviewSchema = z.object({
  schedule: z.enum(PAYOUT_SCHEDULES),
  /** When the last automatic batch started, or null. */
  lastScheduledAt: z.string().nullable(),
  /** The earliest start of the next automatic batch; null: at the job's next run. */
  nextScheduledAt: z.string().nullable(),
  provider: z.enum(['demo', 'stripe']),
  batches: z.array(payoutBatchSummarySchema),
  held: z.array(heldTipSchema),
});
export type PayoutOverview = z.infer<typeof payoutOverviewSchema>;

/** People counted as the payout screens count them: 'Person' or 'Personen'. */
export const personCount = (count: number) => `${count} ${count === 1 ? 'Person' : 'Personen'}`;

/**
 * The refusal of a batch in which everybody with money lacks a payout account (decision 0477):
 * how many were skipped, and that their money waits.
 */
export const nobodyWithPayoutAccount = (skipped: number) =>
  `Niemand wurde ausgezahlt: ${personCount(skipped)} ${skipped === 1 ? 'hat' : 'haben'} noch kein eingerichtetes Auszahlungskonto. Ihr Geld bleibt für die nächste Auszahlung.`;

export const PAYOUT_ERRORS = defineErrors({
  nothing_to_pay_out: {
    status: 409,
    title: 'Nichts auszuzahlen',
    message:
      'Es gibt keine bezahlten Trinkgelder, die noch nicht ausgezahlt sind und an ein eingerichtetes Auszahlungskonto gehen können.',
  },
  payout_batch_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Diese Auszahlung gibt es in diesem Betrieb nicht.',
  },
});
