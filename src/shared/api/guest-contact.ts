import { z } from 'zod';
import { RECEIPT_EMAIL_MAX_LENGTH, RECEIPT_EMAIL_PATTERN } from '../domain/receipts';
import { GUEST_LOCALES } from '../i18n/guest-locale';

const invalidAddress = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';

/** A guest's own e-mail address, given for one mail (receipt, pay-later link) or a reply. */
export const guestEmailSchema = z
  .string({ error: invalidAddress })
  .trim()
  .min(1, invalidAddress)
  .max(RECEIPT_EMAIL_MAX_LENGTH, invalidAddress)
  .regex(RECEIPT_EMAIL_PATTERN, invalidAddress);

/** The guest's page language: their mails are written in it. */
export const guestMailLanguageSchema = z.enum(GUEST_LOCALES).default('de');

/**
 * The address part of the feedback dialog (decision 0455): the address and what it is
 * for. A receipt uses it once; "Antwort per E-Mail erhalten" keeps it sealed until the reply is
 * mailed (decision 0144). An address for nothing is refused rather than dropped silently.
 */
export const guestContactSchema = z
  .object({
    email: guestEmailSchema,
    language: guestMailLanguageSchema,
    receipt: z.boolean(),
    replyByEmail: z.boolean(),
  })
  .refine((contact) => contact.receipt || contact.replyByEmail, {
    message: 'Bitte wählen Sie, wofür wir die Adresse verwenden sollen.',
    path: ['receipt'],
  });
export type GuestContact = z.output<typeof guestContactSchema>;

/** What became of the address: the receipt went out; the reply will reach it (or already did). */
export const guestContactResultSchema = z.object({
  receiptSent: z.boolean(),
  replyByEmail: z.boolean(),
});
export type GuestContactResult = z.infer<typeof guestContactResultSchema>;
