import { z } from 'zod';
import { GUEST_MESSAGE_MAX_LENGTH, MAX_TIP_CENTS, MIN_TIP_CENTS } from '../domain/constants';
import { defineErrors } from '../domain/errors';
import { formatCents, parseEuroToCents } from '../domain/money';
import { PAYMENT_ERROR_CLASSES } from '../domain/payments';
import { ENTRYPOINT_TYPES, FEEDBACK_EMOJIS, PAYMENT_METHODS, TIP_STATUSES } from '../domain/tips';
import { guestBrandingSchema, guestCodeSchema } from './entrypoints';
import {
  guestContactResultSchema,
  guestContactSchema,
  guestEmailSchema,
  guestMailLanguageSchema,
} from './guest-contact';

export const tipAmountCentsSchema = z
  .number({ message: 'Bitte geben Sie einen Betrag an.' })
  .int({ message: 'Der Betrag muss in ganzen Cent angegeben werden.' })
  .min(MIN_TIP_CENTS, {
    message: `Der Betrag muss mindestens ${formatCents(MIN_TIP_CENTS)} betragen.`,
  })
  .max(MAX_TIP_CENTS, {
    message: `Der Betrag darf höchstens ${formatCents(MAX_TIP_CENTS)} betragen.`,
  });

/** Optional free text from the guest: trimmed, at most 200 characters, empty means none. */
export const guestTextSchema = z
  .string()
  .trim()
  .max(GUEST_MESSAGE_MAX_LENGTH, {
    message: `Die Nachricht darf höchstens ${GUEST_MESSAGE_MAX_LENGTH} Zeichen lang sein.`,
  })
  .transform((value) => (value === '' ? null : value));

/** The random id of the guest's browser tab: one open payment session per id. */
export const guestSessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'Die Sitzungskennung ist ungültig.' });

/** The secret only the paying browser received when its payment started. */
export const tipTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'Der Zahlungsnachweis ist ungültig.' });

export const tipIdParamsSchema = z.object({
  tipId: z.uuid({ message: 'Die Trinkgeld-ID ist ungültig.' }),
});

export const startTipPaymentBodySchema = z.object({
  code: guestCodeSchema,
  amountCents: tipAmountCentsSchema,
  platformFee: z.boolean(),
  guestMessage: guestTextSchema.optional(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  guestSessionId: guestSessionIdSchema,
  payLaterToken: tipTokenSchema.optional(),
  /** A retry of a payment that did not go through, proven by that payment's token. */
  retryOf: z.object({ tipId: z.uuid(), token: tipTokenSchema }).optional(),
  /**
   * The first start after 'Zurück' on the error step: a new flow whose attempts count from 1
   * again (spec §4 "back also resets the retry counter", decision 0160, amended). Without it a start
   * continues the tab's last unpaid attempt, so a reload gives no new attempts.
   */
  restart: z.literal(true).optional(),
});
export type StartTipPaymentBody = z.input<typeof startTipPaymentBodySchema>;

/**
 * The tip page's plain form (it works without JavaScript, decision 0221): a preset posts its
 * cents as `amount`, the own amount posts what the guest typed as `custom` ("12,5", "€ 12").
 * The amount then passes the same rules as every other start (tipAmountCentsSchema). Without
 * `pay` the server answers the payment step (contribution and message, decision 0221, amended); that
 * step posts the amount again with `pay=1`, `fee=1` when ticked and the `message`.
 */
export const guestCheckoutFormSchema = z
  .object({
    amount: z.string().max(20).optional(),
    custom: z.string().max(40).optional(),
    lang: z.string().max(35).optional(),
    pay: z.string().max(5).optional(),
    fee: z.string().max(5).optional(),
    message: z.string().max(2000).optional(),
  })
  .transform((form, ctx) => {
    const typed = form.custom?.trim() ?? '';
    const cents =
      typed !== ''
        ? parseEuroToCents(typed)
        : /^\d{1,7}$/.test(form.amount ?? '')
          ? Number(form.amount)
          : null;
    if (cents === null) {
      ctx.addIssue({
        code: 'custom',
        path: [typed !== '' ? 'custom' : 'amount'],
        message: 'Bitte geben Sie den Betrag als Zahl ein, z. B. 12,50 oder 12.',
      });
      return z.NEVER;
    }
    return {
      amountCents: cents,
      ...(form.lang === undefined ? {} : { lang: form.lang }),
      pay: form.pay === '1',
      platformFee: form.fee === '1',
      guestMessage: form.message ?? '',
    };
  })
  .pipe(
    z.object({
      amountCents: tipAmountCentsSchema,
      lang: z.string().optional(),
      pay: z.boolean(),
      platformFee: z.boolean(),
      guestMessage: guestTextSchema,
    }),
  );
export type GuestCheckoutForm = z.output<typeof guestCheckoutFormSchema>;

export const startTipPaymentResponseSchema = z.object({
  tipId: z.uuid(),
  /** Where the browser goes next: the provider's hosted checkout. */
  checkoutUrl: z.string(),
  /** Keep this in the tab: it proves this browser paid (feedback, retry, cancel). */
  token: z.string(),
  attempt: z.number().int(),
  expiresAt: z.string(),
});
export type StartTipPaymentResponse = z.infer<typeof startTipPaymentResponseSchema>;

export const tipStatusResponseSchema = z.object({
  tipId: z.uuid(),
  code: z.string().nullable(),
  status: z.enum(TIP_STATUSES),
  /** Set for failed, cancelled and expired tips: the class the tip page reacts to. */
  errorClass: z.enum(PAYMENT_ERROR_CLASSES).nullable(),
  amountCents: z.number().int(),
  platformFeeCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  guestMessage: z.string().nullable(),
  recipientName: z.string(),
  attempt: z.number().int(),
});
export type TipStatusResponse = z.infer<typeof tipStatusResponseSchema>;

export const tipTokenBodySchema = z.object({ token: tipTokenSchema });

/**
 * The feedback dialog's one 'Senden' (decision 0455): the reaction with its words, and
 * the guest's address with what it is for. Without a reaction (the guest chose none and wrote
 * nothing) only the address is used and the dialog counts as skipped.
 */
export const feedbackBodySchema = z
  .object({
    token: tipTokenSchema,
    emoji: z.enum(FEEDBACK_EMOJIS).optional(),
    message: guestTextSchema.optional(),
    contact: guestContactSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.emoji === undefined && (body.message ?? null) !== null) {
      ctx.addIssue({ code: 'custom', path: ['emoji'], message: 'Bitte wählen Sie eine Reaktion.' });
    } else if (body.emoji === undefined && body.contact === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['emoji'],
        message: 'Bitte wählen Sie eine Reaktion oder geben Sie eine E-Mail-Adresse an.',
      });
    }
  });
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

export const feedbackResponseSchema = z.object({
  tipId: z.uuid(),
  emoji: z.enum(FEEDBACK_EMOJIS).nullable(),
  message: z.string().nullable(),
  /** Null when the guest gave no address. */
  contact: guestContactResultSchema.nullable(),
});
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

export const thankYouQuerySchema = z
  .object({
    tipId: z.uuid({ message: 'Die Trinkgeld-ID ist ungültig.' }).optional(),
    session_id: z.string().trim().min(1).max(200).optional(),
  })
  .refine((query) => query.tipId !== undefined || query.session_id !== undefined, {
    message: 'Keine Trinkgeld-ID oder Session-ID gefunden',
  });

export const thankYouResponseSchema = z.object({
  tipId: z.uuid(),
  /** First 8 characters of the id, shown as 'Transaktions-ID' (in the guest's language). */
  shortId: z.string(),
  /** The code the tip was given through: "back to the tip page" goes there. */
  code: z.string().nullable(),
  status: z.enum(TIP_STATUSES),
  amountCents: z.number().int(),
  platformFeeCents: z.number().int(),
  /** What the guest paid: tip plus optional contribution. */
  totalCents: z.number().int(),
  currency: z.string(),
  guestMessage: z.string().nullable(),
  feedbackEmoji: z.enum(FEEDBACK_EMOJIS).nullable(),
  feedbackMessage: z.string().nullable(),
  recipient: z.object({
    type: z.enum(ENTRYPOINT_TYPES),
    displayName: z.string(),
    jobTitle: z.string().nullable(),
    imageUrl: z.string().nullable(),
    thankYouMessage: z.string(),
  }),
  businessName: z.string(),
  paidAt: z.string().nullable(),
  /** How the business presents itself (colours, font, logo, language), as on its tip page. */
  branding: guestBrandingSchema,
  /**
   * Proof of delivery, only with the tip's secret and once the tip was paid out: the amount that
   * reached the recipients (their first names) and the payout time (decision 0144).
   */
  delivery: z
    .object({
      amountCents: z.number().int(),
      recipients: z.array(z.string()),
      paidOutAt: z.string(),
    })
    .nullable(),
  /** The employee's one reply, only with the tip's secret. */
  reply: z.object({ message: z.string(), repliedAt: z.string(), from: z.string() }).nullable(),
});
export type ThankYouResponse = z.infer<typeof thankYouResponseSchema>;

export const createPayLaterBodySchema = z.object({
  code: guestCodeSchema,
  amountCents: tipAmountCentsSchema,
  /**
   * What the guest entered on the payment step, so the link opens with it again (* decision 0456): the contribution and the message.
   */
  platformFee: z.boolean().default(false),
  guestMessage: guestTextSchema.optional(),
  /**
   * The attempt that did not go through, proven by its token: the link then pays that tip, and
   * paying the tip in any other way closes the link.
   */
  fromTip: z.object({ tipId: z.uuid(), token: tipTokenSchema }).optional(),
});

export const payLaterLinkResponseSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  token: z.string(),
  code: z.string(),
  amountCents: z.number().int(),
  expiresAt: z.string(),
  /** Set once the link was paid: it shows the thank-you of this tip instead of a new payment. */
  paidTipId: z.uuid().nullable(),
  usedAt: z.string().nullable(),
  /** The contribution and the message the guest had entered when the link was made. */
  platformFee: z.boolean(),
  guestMessage: z.string().nullable(),
});
export type PayLaterLinkResponse = z.infer<typeof payLaterLinkResponseSchema>;
export type CreatePayLaterBody = z.output<typeof createPayLaterBodySchema>;
export type CreatePayLaterRequest = z.input<typeof createPayLaterBodySchema>;

export const payLaterTokenParamsSchema = z.object({ token: tipTokenSchema });

/**
 * 'Link per E-Mail': the link to the guest's own address, used for this mail only (* decision 0456). The token travels in the body, never in a logged URL.
 */
export const payLaterMailBodySchema = z.object({
  token: tipTokenSchema,
  email: guestEmailSchema,
  language: guestMailLanguageSchema,
});
export type PayLaterMailBody = z.input<typeof payLaterMailBodySchema>;
export const payLaterMailResponseSchema = z.object({ sent: z.literal(true) });

export const TIP_ERRORS = defineErrors({
  payment_in_progress: {
    status: 409,
    title: 'Zahlung läuft bereits',
    message: 'Bitte warten Sie, bis die laufende Zahlung abgeschlossen ist.',
  },
  max_retries: {
    status: 429,
    title: 'Maximale Versuche erreicht',
    message: 'Bitte wenden Sie sich an das Personal für Hilfe.',
  },
  retry_too_soon: {
    status: 429,
    title: 'Bitte kurz warten',
    message: 'Der nächste Versuch ist in wenigen Sekunden möglich.',
  },
  retry_not_allowed: {
    status: 409,
    title: 'Zahlung bereits erledigt',
    message: 'Diese Zahlung ist schon abgeschlossen oder läuft noch.',
  },
  tip_not_found: {
    status: 404,
    title: 'Trinkgeld nicht gefunden',
    message: 'Zu dieser Angabe gibt es kein Trinkgeld.',
  },
  tip_token_invalid: {
    status: 403,
    title: 'Zugriff verweigert',
    message: 'Dieser Nachweis gehört zu einer anderen Zahlung.',
  },
  feedback_not_allowed: {
    status: 409,
    title: 'Feedback nicht möglich',
    message: 'Feedback ist nur nach einer erfolgreichen Zahlung möglich.',
  },
  feedback_already_sent: {
    status: 409,
    title: 'Feedback bereits gesendet',
    message: 'Zu diesem Trinkgeld wurde schon ein Feedback gesendet.',
  },
  pay_later_not_found: {
    status: 404,
    title: 'Link ungültig',
    message: 'Diesen Zahlungslink gibt es nicht.',
  },
  pay_later_expired: {
    status: 410,
    title: 'Link abgelaufen',
    message: 'Dieser Zahlungslink ist abgelaufen: Links zum späteren Zahlen gelten 24 Stunden.',
  },
  pay_later_used: {
    status: 410,
    title: 'Link bereits verwendet',
    message: 'Über diesen Zahlungslink wurde schon bezahlt. Vielen Dank!',
  },
  pay_later_amount_mismatch: {
    status: 400,
    title: 'Betrag passt nicht zum Link',
    message: 'Über diesen Zahlungslink kann nur der Betrag des Links bezahlt werden.',
  },
  pay_later_in_progress: {
    status: 409,
    title: 'Zahlung läuft bereits',
    message:
      'Über diesen Zahlungslink läuft gerade eine Zahlung. Bitte warten Sie einige Minuten und öffnen Sie den Link dann erneut.',
  },
  pay_later_mismatch: {
    status: 400,
    title: 'Link ungültig',
    message: 'Dieser Zahlungslink gehört zu einem anderen Code.',
  },
  pay_later_mail_limit: {
    status: 429,
    title: 'Zu viele E-Mails',
    message: 'Dieser Zahlungslink wurde heute schon oft genug verschickt.',
  },
  pay_later_mail_not_sent: {
    status: 502,
    title: 'Link nicht verschickt',
    message:
      'Der Zahlungslink konnte gerade nicht verschickt werden. Bitte versuchen Sie es später erneut.',
  },
});
export type TipErrorCode = keyof typeof TIP_ERRORS;
