import { z } from 'zod';
import { businessScopeQuerySchema } from './businesses';
import { payoutBatchSummarySchema } from './payouts';
import { REPORT_MAX_DAYS, REPORT_MESSAGES, reportSpanDays } from '../domain/report-messages';

// The range rules without zod live in domain/report-messages.ts, so the staff dashboard checks a
// range without loading zod (decision 0410).
export { REPORT_MAX_DAYS, REPORT_MESSAGES, reportSpanDays } from '../domain/report-messages';

const rangeFields = {
  from: z.iso.date({ error: REPORT_MESSAGES.from }),
  to: z.iso.date({ error: REPORT_MESSAGES.to }),
};

/** Reversed or longer than three years: a German 400 on `to`. */
function checkRange(value: { from: string; to: string }, context: z.RefinementCtx): void {
  const days = reportSpanDays(value.from, value.to);
  if (days === null) return;
  if (days < 1) {
    context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.reversed });
  } else if (days > REPORT_MAX_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.tooLong });
  }
}

export const reportRangeSchema = z.object(rangeFields).superRefine(checkRange);
export type ReportRange = z.infer<typeof reportRangeSchema>;

export const reportQuerySchema = businessScopeQuerySchema
  .extend(rangeFields)
  .superRefine(checkRange);

const figure = z.object({
  id: z.string(),
  name: z.string(),
  amountCents: z.number().int(),
  count: z.number().int(),
});
export type ReportFigure = z.infer<typeof figure>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  totals: z.object({
    amountCents: z.number().int(),
    count: z.number().int(),
    contributionsCents: z.number().int(),
    refundedCents: z.number().int(),
  }),
  /** Direct tips and shares per person; with `pool` they add up to `totals.amountCents`. */
  byEmployee: z.array(figure),
  /** Paid tips that reached no person yet: the owner's pool. */
  pool: z.object({ amountCents: z.number().int(), count: z.number().int() }),
  byTeam: z.array(figure),
  byPoint: z.array(figure),
  qr: z.object({
    /** 'Besuche': one browser at one code per half hour (decision 0333). */
    visits: z.number().int(),
    /** Visits of the period that led to a paid tip, however many (decision 0461). */
    visitsWithTip: z.number().int(),
    /** Every paid tip of the period, with a visit or without. */
    paidTips: z.number().int(),
    /**
     * Visits with a paid tip per visit, 0–1, of the visits whose tips are known (those counted
     * since visits carry an id); null without such visits.
     */
    conversion: z.number().nullable(),
    averageCents: z.number().int().nullable(),
    contributionsCents: z.number().int(),
  }),
  perDay: z.array(
    z.object({ day: z.string(), amountCents: z.number().int(), count: z.number().int() }),
  ),
  payouts: z.array(payoutBatchSummarySchema),
});
export type Report = z.infer<typeof reportSchema>;
