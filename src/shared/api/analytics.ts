import { z } from 'zod';
import { MAX_TIP_CENTS } from '../domain/constants';
import { PAYMENT_ERROR_CLASSES } from '../domain/payments';
import { ENTRYPOINT_TYPES } from '../domain/tips';
import { guestCodeSchema } from './entrypoints';

/**
 * Tracking events the guest's browser reports (spec §7). Each has a fixed set of properties so
 * nothing personal can slip in: no free text except our own error message, no IP, no user agent.
 * payment_started, payment_success and feedback_submitted are recorded by the server itself, in
 * the transaction that makes them true, so each counts exactly once; tip_page_loaded is counted
 * when the server serves the page (features/analytics/page-views.ts), and a browser's report of it
 * is accepted but not stored, so an older cached script cannot count a view twice.
 */
const reference = {
  code: guestCodeSchema.optional(),
  tipId: z.uuid().optional(),
};
const cents = z.number().int().min(0).max(MAX_TIP_CENTS);

export const guestEventBodySchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('tip_page_loaded'),
    ...reference,
    properties: z.strictObject({
      entry_type: z.enum(ENTRYPOINT_TYPES),
      preset_amount: z.boolean(),
    }),
  }),
  z.object({
    name: z.literal('amount_selected'),
    ...reference,
    properties: z.strictObject({
      source: z.enum(['preset', 'custom', 'link']),
      amount_cents: cents,
    }),
  }),
  z.object({
    name: z.literal('fee_opted_in'),
    ...reference,
    properties: z.strictObject({ amount_cents: cents }),
  }),
  z.object({
    name: z.literal('payment_failed'),
    ...reference,
    properties: z.strictObject({
      error_type: z.enum(PAYMENT_ERROR_CLASSES),
      error_message: z.string().max(300),
      retry_count: z.number().int().min(0).max(20),
    }),
  }),
  z.object({
    name: z.literal('feedback_skipped'),
    ...reference,
    properties: z.strictObject({}),
  }),
]);
export type GuestEventBody = z.input<typeof guestEventBodySchema>;
export type GuestEventName = GuestEventBody['name'];
