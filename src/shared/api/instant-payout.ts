import { z } from 'zod';
import { defineErrors } from '../domain/errors';

/** Instant payout: an employee asks for their balance now. */

export const INSTANT_PAYOUT_ERRORS = defineErrors({
  instant_nothing_available: {
    status: 409,
    title: 'Kein Guthaben',
    message: 'Sie haben derzeit kein Guthaben, das sofort ausgezahlt werden kann.',
  },
  instant_below_fee: {
    status: 409,
    title: 'Guthaben zu gering',
    message:
      'Ihr Guthaben ist kleiner als die Gebühr einer Sofortauszahlung. Es wird mit der nächsten regulären Auszahlung überwiesen.',
  },
  instant_balance_changed: {
    status: 409,
    title: 'Guthaben geändert',
    message:
      'Ihr Guthaben hat sich inzwischen geändert. Bitte prüfen Sie den neuen Betrag und die Gebühr und bestätigen Sie erneut.',
  },
  instant_not_supported: {
    status: 409,
    title: 'Sofortauszahlung nicht möglich',
    message:
      'Ihr Auszahlungskonto unterstützt keine Sofortauszahlung (z. B. keine geeignete Debitkarte hinterlegt). Ihr Guthaben wird mit der nächsten regulären Auszahlung überwiesen.',
  },
  instant_account_not_ready: {
    status: 409,
    title: 'Auszahlungskonto nicht bereit',
    message: 'Bitte richten Sie zuerst Ihr Auszahlungskonto ein.',
  },
  instant_no_business: {
    status: 409,
    title: 'Kein Betrieb',
    message: 'Sofortauszahlungen gibt es nur für Mitarbeitende eines Betriebs.',
  },
  instant_refused: {
    status: 502,
    title: 'Sofortauszahlung abgelehnt',
    message:
      'Der Zahlungsanbieter hat die Auszahlung abgelehnt. Ihr Guthaben bleibt erhalten und wird mit der nächsten Auszahlung überwiesen.',
  },
});

export const instantPayoutQuoteSchema = z.object({
  /** Whether the employee may ask now; `reason` says why not. */
  available: z.boolean(),
  reason: z.string().nullable(),
  /** The error code of `reason`, so a screen in another staff language can say it (0383). */
  reasonCode: z.string().nullable(),
  balanceCents: z.number().int(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
  currency: z.string(),
  provider: z.enum(['demo', 'stripe']),
});
export type InstantPayoutQuote = z.infer<typeof instantPayoutQuoteSchema>;

export const instantPayoutRequestSchema = z
  .object({
    /** The balance the employee saw with the fee: a changed balance is confirmed again. */
    balanceCents: z
      .number({ error: 'Betrag: Bitte geben Sie den angezeigten Betrag in Cent an.' })
      .int({ error: 'Betrag: Bitte geben Sie den angezeigten Betrag in Cent an.' })
      .min(0, { error: 'Betrag: Der Betrag darf nicht negativ sein.' })
      .max(100_000_000, { error: 'Betrag: Der Betrag ist zu groß.' }),
    /** One per confirmation: sending it again returns the first payout instead of a second. */
    idempotencyKey: z.uuid({ error: 'Anfrage-Schlüssel: Bitte eine gültige UUID angeben.' }),
  })
  .strict();
export type InstantPayoutRequest = z.infer<typeof instantPayoutRequestSchema>;

export const instantPayoutResultSchema = z.object({
  payoutId: z.string(),
  status: z.enum(['pending', 'processing', 'paid', 'failed']),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
  currency: z.string(),
  /** The transfer's reference ('tr_…'), once made. */
  reference: z.string().nullable(),
  /** The payout to the card ('po_…'), once the provider accepted it. */
  cardPayoutReference: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export type InstantPayoutResult = z.infer<typeof instantPayoutResultSchema>;
