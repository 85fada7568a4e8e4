import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { FEEDBACK_EMOJIS } from '../domain/tips';
import { businessScopeQuerySchema } from './businesses';

/**
 * The owner's pool (decision 0122): paid tips that reached no person — an object with
 * nobody on shift and no team, or a team without members — with the guest's words, to be given
 * to an employee by hand, once.
 */
export const POOL_PAGE_LIMIT = { default: 20, max: 100 } as const;

/**
 * Where the next page starts: the last tip shown, as `<created at, ISO>_<id>` (the list's own
 * order). The browser passes on what the previous page said; it never builds one itself.
 */
const POOL_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([0-9a-f-]{36})$/i;
export const POOL_CURSOR_MESSAGE =
  'Weitere Trinkgelder: Die Position in der Liste ist ungültig. Bitte laden Sie die Seite neu.';

export function poolCursor(tip: { createdAt: string; id: string }): string {
  return `${tip.createdAt}_${tip.id}`;
}

export const poolQuerySchema = businessScopeQuerySchema.extend({
  cursor: z
    .string({ error: POOL_CURSOR_MESSAGE })
    .regex(POOL_CURSOR, { message: POOL_CURSOR_MESSAGE })
    .refine((value) => !Number.isNaN(Date.parse(value.split('_')[0]!)), {
      message: POOL_CURSOR_MESSAGE,
    })
    .transform((value) => {
      const [, createdAt, id] = POOL_CURSOR.exec(value)!;
      return { createdAt: createdAt!, id: id!.toLowerCase() };
    })
    .optional(),
  limit: z.coerce
    .number({ error: 'Anzahl: Bitte geben Sie eine Zahl an.' })
    .int({ message: 'Anzahl: Bitte geben Sie eine ganze Zahl an.' })
    .min(1, { message: 'Anzahl: mindestens 1.' })
    .max(POOL_PAGE_LIMIT.max, { message: `Anzahl: höchstens ${POOL_PAGE_LIMIT.max}.` })
    .default(POOL_PAGE_LIMIT.default),
});
export type PoolQuery = z.output<typeof poolQuerySchema>;

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

/** A tip given from the pool whose payout has not run yet: the owner can still take it back. */
export const poolAssignedTipSchema = z.object({
  id: z.uuid(),
  amountCents: z.number().int(),
  currency: z.string(),
  placeLabel: z.string().nullable(),
  profileId: z.uuid(),
  personName: z.string(),
  assignedAt: z.string(),
});
export type PoolAssignedTip = z.infer<typeof poolAssignedTipSchema>;

export const poolPageSchema = z.object({
  items: z.array(poolTipSchema),
  /** All tips in the pool and their sum, not only this page's. */
  total: z.number().int(),
  totalCents: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** Assignments that can still be undone (until their payout), newest first. */
  assigned: z.array(poolAssignedTipSchema),
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

export const poolUnassignResultSchema = poolAssignResultSchema;
export type PoolUnassignResult = z.infer<typeof poolUnassignResultSchema>;

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
  pool_tip_not_assigned: {
    status: 409,
    title: 'Nicht zugewiesen',
    message: 'Trinkgeld: Dieses Trinkgeld wurde nicht aus dem Pool zugewiesen.',
  },
  pool_tip_paid_out: {
    status: 409,
    title: 'Bereits ausgezahlt',
    message:
      'Trinkgeld: Dieses Trinkgeld wurde bereits ausgezahlt. Die Zuweisung kann nicht mehr rückgängig gemacht werden.',
  },
  pool_person_not_found: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Mitarbeiter: Diese Person gehört nicht zu diesem Betrieb oder ist deaktiviert.',
  },
});

/** The reason the employee reads for a tip given to them from the pool. */
export const POOL_ASSIGNED_REASON = 'vom Betrieb aus dem Pool zugewiesen';
