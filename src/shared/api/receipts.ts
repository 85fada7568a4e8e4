import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { REPLY_MAX_LENGTH } from '../domain/receipts';
import { guestEmailSchema, guestMailLanguageSchema } from './guest-contact';
import { tipTokenSchema } from './tips';

/** POST /api/guest/tips/:tipId/receipt: the address is used for this mail only (decision 0144). */
export const receiptBodySchema = z.object({
  token: tipTokenSchema,
  email: guestEmailSchema,
  /** The guest's page language: the receipt (and a reply mail) is written in it. */
  language: guestMailLanguageSchema,
  /** "Antwort per E-Mail erhalten": keep the address sealed until the reply is sent, ≤ 30 days. */
  replyByEmail: z.boolean().default(false),
});
export type ReceiptBody = z.input<typeof receiptBodySchema>;

export const receiptResponseSchema = z.object({
  sent: z.literal(true),
  /** Whether the address is kept (sealed) for the employee's reply. */
  replyByEmail: z.boolean(),
});
export type ReceiptResponse = z.infer<typeof receiptResponseSchema>;

/** POST /api/employee/tips/:tipId/reply */
export const replyBodySchema = z.object({
  message: z
    .string({ error: 'Bitte schreiben Sie eine Antwort.' })
    .trim()
    .min(1, 'Bitte schreiben Sie eine Antwort.')
    .max(REPLY_MAX_LENGTH, `Die Antwort darf höchstens ${REPLY_MAX_LENGTH} Zeichen lang sein.`),
});
export type ReplyBody = z.input<typeof replyBodySchema>;

export const tipReplySchema = z.object({
  message: z.string(),
  repliedAt: z.string(),
});
export type TipReply = z.infer<typeof tipReplySchema>;

export const replyResponseSchema = z.object({ tipId: z.uuid(), reply: tipReplySchema });

export const RECEIPT_ERRORS = defineErrors({
  receipt_not_paid: {
    status: 409,
    title: 'Beleg nicht möglich',
    message: 'Einen Beleg gibt es nur für ein bezahltes Trinkgeld.',
  },
  receipt_limit: {
    status: 429,
    title: 'Zu viele Belege',
    message: 'Für dieses Trinkgeld wurden heute schon genug Belege verschickt.',
  },
  receipt_not_sent: {
    status: 502,
    title: 'Beleg nicht verschickt',
    message:
      'Der Beleg konnte gerade nicht verschickt werden. Bitte versuchen Sie es später erneut.',
  },
  reply_tip_not_found: {
    status: 404,
    title: 'Trinkgeld nicht gefunden',
    message: 'Dieses Trinkgeld gibt es nicht, oder es ist nicht an Sie gegangen.',
  },
  reply_needs_message: {
    status: 409,
    title: 'Antwort per E-Mail nicht möglich',
    message:
      'Eine Antwort gibt es nur auf eine Nachricht. Schreiben Sie ein paar Worte oder verzichten Sie auf die Antwort per E-Mail.',
  },
  reply_without_message: {
    status: 409,
    title: 'Antwort nicht möglich',
    message: 'Antworten können Sie nur auf ein Trinkgeld, zu dem der Gast etwas geschrieben hat.',
  },
  reply_already_sent: {
    status: 409,
    title: 'Bereits beantwortet',
    message: 'Auf dieses Trinkgeld wurde schon geantwortet. Eine Antwort ist nur einmal möglich.',
  },
});
