import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { FEEDBACK_EMOJIS } from '../domain/tips';
import { businessScopeQuerySchema } from './businesses';

/**
 * The owner's pool (issue 11, decision 0122): paid tips that reached no person — an object with
 * nobody on shift and no team, or a team without members — with the guest's words, to be given
 * to an employee by hand, once.
 */
export const poolQuerySchema = businessScopeQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const poolTipSchema = z.object({
  id: z.uuid(),
  amountCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  /** The table, room or team it was given to. */
  placeLabel: z.string().nullable(),
  guestMessage: z.string().nullable(),
  feedbackEmoji: z.enum(FEEDBACK_EMOJIS).nullable(),
  feedbackMessage: z.string().nullable(),
});
export type PoolTip = z.infer<typeof poolTipSchema>;

export const poolPageSchema = z.object({
  items: z.array(poolTipSchema),
  total: z.number().int(),
  totalCents: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PoolPage = z.infer<typeof poolPageSchema>;

export const POOL_MESSAGES = {
  profileId: 'Mitarbeiter: Bitte wählen Sie eine Person aus.',
} as const;

export const poolAssignSchema = z
  .object({ profileId: z.uuid({ error: POOL_MESSAGES.profileId }) })
  .strict();
export type PoolAssignInput = z.input<typeof poolAssignSchema>;
export const poolTipParamsSchema = z.object({ id: z.uuid({ error: 'Ungültige Trinkgeld-ID.' }) });

export const poolAssignResultSchema = z.object({
  tipId: z.uuid(),
  profileId: z.uuid(),
  personName: z.string(),
  amountCents: z.number().int(),
});
export type PoolAssignResult = z.infer<typeof poolAssignResultSchema>;

export const POOL_ERRORS = defineErrors({
  pool_tip_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Trinkgeld: Dieses Trinkgeld liegt nicht im Pool dieses Betriebs.',
  },
  pool_tip_assigned: {
    status: 409,
    title: 'Bereits zugewiesen',
    message: 'Trinkgeld: Dieses Trinkgeld wurde bereits zugewiesen.',
  },
  pool_person_not_found: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Mitarbeiter: Diese Person gehört nicht zu diesem Betrieb oder ist deaktiviert.',
  },
});

/** The reason the employee reads for a tip given to them from the pool. */
export const POOL_ASSIGNED_REASON = 'vom Betrieb aus dem Pool zugewiesen';
