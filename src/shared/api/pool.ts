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

/**
 * 'Pool verteilen' by hours (decision 0660): the pool's waiting money of a Berlin day or week
 * (the tips given in it) shared among the people on the rota then, by hours × points. The
 * preview says every share; confirming sends the preview's fingerprint back, and the server
 * writes exactly those shares or refuses when money or rota changed meanwhile.
 */
export const POOL_DISTRIBUTION_MESSAGES = {
  period: 'Zeitraum: Bitte wählen Sie Tag oder Woche.',
  day: 'Datum: Bitte ein Datum im Format JJJJ-MM-TT.',
  fingerprint: 'Vorschau: Bitte sehen Sie sich zuerst die Vorschau an.',
} as const;

const distributionPeriod = {
  period: z.enum(['day', 'week'], { error: POOL_DISTRIBUTION_MESSAGES.period }),
  day: z.iso.date({ error: POOL_DISTRIBUTION_MESSAGES.day }),
};

export const poolDistributionQuerySchema = businessScopeQuerySchema.extend(distributionPeriod);
/** The console's form: the period to preview. */
export const poolDistributionFormSchema = z.object(distributionPeriod).strict();
export type PoolDistributionFormInput = z.input<typeof poolDistributionFormSchema>;
export type PoolDistributionQuery = z.output<typeof poolDistributionQuerySchema>;

export const poolDistributeSchema = z
  .object({
    ...distributionPeriod,
    fingerprint: z
      .string({ error: POOL_DISTRIBUTION_MESSAGES.fingerprint })
      .regex(/^[0-9a-f]{64}$/, { message: POOL_DISTRIBUTION_MESSAGES.fingerprint }),
  })
  .strict();
export type PoolDistributeInput = z.input<typeof poolDistributeSchema>;

export const poolDistributionShareSchema = z.object({
  profileId: z.uuid(),
  name: z.string(),
  role: z.string(),
  /** Minutes on the rota in the period. */
  minutes: z.number().int(),
  /** Points in thousandths (1000 = 1). */
  pointsMilli: z.number().int(),
  amountCents: z.number().int(),
  /** "6 von 8 Stunden → 7,50 € von 10,00 €". */
  explanation: z.string(),
});
export type PoolDistributionShare = z.infer<typeof poolDistributionShareSchema>;

export const poolDistributionPreviewSchema = z.object({
  firstDay: z.string(),
  lastDay: z.string(),
  /** The waiting money of the period's pool tips, and how many they are. */
  amountCents: z.number().int(),
  tipCount: z.number().int(),
  currency: z.string(),
  shares: z.array(poolDistributionShareSchema),
  /** Send back to confirm exactly this preview. */
  fingerprint: z.string(),
});
export type PoolDistributionPreview = z.infer<typeof poolDistributionPreviewSchema>;

export const poolDistributionResultSchema = poolDistributionPreviewSchema.extend({
  distributionId: z.uuid(),
});
export type PoolDistributionResult = z.infer<typeof poolDistributionResultSchema>;

export const POOL_DISTRIBUTION_ERRORS = defineErrors({
  pool_distribution_empty: {
    status: 409,
    title: 'Nichts zu verteilen',
    message:
      'Pool verteilen: In diesem Zeitraum liegt kein Trinkgeld im Pool (mehr). Es wurde nichts verteilt.',
  },
  pool_distribution_nobody: {
    status: 409,
    title: 'Niemand im Dienstplan',
    message:
      'Pool verteilen: In diesem Zeitraum hat laut Dienstplan niemand gearbeitet. Bitte tragen Sie die Dienste ein oder weisen Sie das Trinkgeld von Hand zu.',
  },
  pool_distribution_changed: {
    status: 409,
    title: 'Vorschau veraltet',
    message:
      'Pool verteilen: Seit der Vorschau haben sich das Geld im Pool oder der Dienstplan geändert. Bitte sehen Sie sich die Vorschau erneut an und bestätigen Sie dann.',
  },
});
