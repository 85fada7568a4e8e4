import { z } from 'zod';
import { defineErrors } from '../domain/errors';

export const employeeErrors = defineErrors({
  qr_load_failed: {
    status: 500,
    title: 'Fehler',
    message: 'QR-Code Daten konnten nicht geladen werden.',
  },
  qr_already_exists: {
    status: 409,
    title: 'Fehler',
    message: 'Sie haben bereits einen aktiven QR-Code.',
  },
  no_business: {
    status: 409,
    title: 'Fehler',
    message:
      'Ihr Profil ist keinem Betrieb zugeordnet. Bitte wenden Sie sich an Ihren Arbeitgeber.',
  },
  payouts_unavailable: {
    status: 409,
    title: 'Auszahlungen nicht eingerichtet',
    message:
      'Auszahlungen auf Ihr Bankkonto brauchen einen angebundenen Zahlungsanbieter (Stripe). In dieser Installation läuft der Demo-Zahlungsanbieter: Auszahlungen werden nur simuliert, es fließt kein echtes Geld. Bitte wenden Sie sich an Ihren Arbeitgeber.',
  },
  payout_provider_failed: {
    status: 502,
    title: 'Stripe Connect',
    message: 'Die Verbindung zu Stripe ist fehlgeschlagen. Bitte versuchen Sie es später erneut.',
  },
});

export const statsPeriodSchema = z.enum(['day', 'week', 'month']);

export const employeeTipSchema = z.object({
  id: z.string().uuid(),
  /** What this employee receives: the whole tip, or their share of a team tip. */
  amountCents: z.number().int(),
  tipAmountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'completed']),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** Last 8 characters of the transfer id, never the whole id. */
  transferReference: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  tipSource: z.enum(['team', 'direct']),
  teamName: z.string().nullable(),
  allocationReason: z.string().nullable(),
  platformFeeCovered: z.boolean(),
  guestMessage: z.string().nullable(),
  feedbackEmoji: z.enum(['smile', 'clap', 'pray']).nullable(),
  feedbackMessage: z.string().nullable(),
  /** The answer to the guest (this person's or a colleague's on a team tip): one per tip. */
  reply: z.object({ message: z.string(), repliedAt: z.string() }).nullable(),
});
export type EmployeeTip = z.infer<typeof employeeTipSchema>;

export const tipHistoryQuerySchema = z.object({
  period: statsPeriodSchema.default('week'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  withMessage: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const tipPageSchema = z.object({
  items: z.array(employeeTipSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TipPage = z.infer<typeof tipPageSchema>;

export const todayQuerySchema = z.object({
  /** Start of the employee's local day, from the browser (ISO 8601). */
  from: z.string().datetime({ offset: true }),
});

export const tipStreamQuerySchema = z.object({
  /**
   * When the page's HTML with its first answers was made (ms since 1970, the server's
   * `servedAt`): the stream first tells what changed since then (decision 0420).
   */
  since: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const todayOverviewSchema = z.object({
  paid: z.array(employeeTipSchema),
  pending: z.array(employeeTipSchema),
  paidCount: z.number().int(),
  pendingCount: z.number().int(),
  /** How many of today's tips are not in the two short lists ("plus n more"). */
  moreCount: z.number().int(),
  totalCents: z.number().int(),
});
export type TodayOverview = z.infer<typeof todayOverviewSchema>;

export const thankYouMessagesSchema = z.object({
  items: z.array(employeeTipSchema),
  /** Tips with a message since the employee last opened the messages. */
  newCount: z.number().int(),
  seenAt: z.string(),
});
export type ThankYouMessages = z.infer<typeof thankYouMessagesSchema>;

export const statsQuerySchema = z.object({ period: statsPeriodSchema.default('week') });

export const employeeStatsSchema = z.object({
  period: statsPeriodSchema,
  since: z.string(),
  totalCents: z.number().int(),
  count: z.number().int(),
  averagePerDayCents: z.number().int(),
  days: z.array(
    z.object({ date: z.string(), totalCents: z.number().int(), count: z.number().int() }),
  ),
});
export type EmployeeStatsResponse = z.infer<typeof employeeStatsSchema>;

export const qrCardSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('entrypoint'),
    uid: z.string(),
    label: z.string().nullable(),
    link: z.string(),
    appleWalletUrl: z.string().nullable(),
    /** The person's other active personal points, listed under the primary one (decision 0355). */
    others: z.array(z.object({ uid: z.string(), label: z.string().nullable(), link: z.string() })),
  }),
  z.object({ source: z.literal('legacy'), uid: z.string(), link: z.string() }),
  z.object({ source: z.literal('none'), exampleLink: z.string() }),
]);
export type QrCard = z.infer<typeof qrCardSchema>;

export const payoutStatusSchema = z.object({
  provider: z.enum(['demo', 'stripe']),
  status: z.enum(['none', 'pending', 'enabled', 'restricted']),
  payoutsEnabled: z.boolean(),
});
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

export const payoutOnboardingSchema = z.object({ url: z.string().url() });

/** The events of GET /api/employee/stream (Server-Sent Events). */
export const streamTipEventSchema = z.object({ tipId: z.string(), status: z.string() });
