import { z } from 'zod';
import { defineErrors } from '../domain/errors';

/** What the demo checkout page's form posts: the payer's choice. */
export const demoCheckoutActionSchema = z.object({
  action: z.enum(['pay', 'cancel', 'fail'], { message: 'Bitte wählen Sie eine Aktion.' }),
});

export const demoCheckoutParamsSchema = z.object({
  sessionId: z.string().regex(/^cs_demo_[A-Za-z0-9]{16,64}$/, {
    message: 'Diese Zahlungssitzung gibt es nicht.',
  }),
});

export const webhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});

export const PAYMENT_ERRORS = defineErrors({
  payment_unavailable: {
    status: 503,
    title: 'Zahlungsabwicklung nicht verfügbar',
    message: 'Das Personal wurde bereits informiert. Bitte versuchen Sie es später noch einmal.',
  },
  webhook_signature_invalid: {
    status: 400,
    title: 'Ungültige Signatur',
    message: 'Die Webhook-Signatur fehlt, ist ungültig oder zu alt.',
  },
  webhook_processing_failed: {
    status: 503,
    title: 'Service nicht verfügbar',
    message: 'Das Ereignis wurde gespeichert, konnte aber noch nicht verarbeitet werden.',
  },
  checkout_not_found: {
    status: 404,
    title: 'Zahlung nicht gefunden',
    message: 'Diese Zahlungssitzung gibt es nicht.',
  },
});
export type PaymentErrorCode = keyof typeof PAYMENT_ERRORS;
