import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { proFeatureNames } from '../i18n/admin-pro';
import {
  MAX_LOCATIONS,
  PLANS,
  PRO_FEATURES,
  type ProFeature,
  SUBSCRIPTION_STATUSES,
} from '../domain/plans';

/** What each Pro feature is called where a Basis business meets it (refusal and notice). */
export const PRO_FEATURE_NAMES: Record<ProFeature, string> = proFeatureNames;

/** The sentence a Basis business reads when it meets a Pro feature. */
export function proRequiredMessage(feature: ProFeature): string {
  return `${PRO_FEATURE_NAMES[feature]} gehört zu Trinkgeld Pro. Unter „Tarif“ können Sie Pro 30 Tage kostenlos testen oder buchen.`;
}

export const PLAN_ERRORS = defineErrors({
  plan_required: {
    status: 403,
    title: 'Trinkgeld Pro',
    message:
      'Diese Funktion gehört zu Trinkgeld Pro. Unter „Tarif“ können Sie Pro testen oder buchen.',
  },
  trial_used: {
    status: 409,
    title: 'Testphase',
    message: 'Dieser Betrieb hat Pro bereits getestet. Sie können Pro direkt buchen.',
  },
  already_pro: {
    status: 409,
    title: 'Trinkgeld Pro',
    message: 'Dieser Betrieb hat Trinkgeld Pro bereits.',
  },
  nothing_to_cancel: {
    status: 409,
    title: 'Kündigung',
    message: 'Es gibt kein gebuchtes Pro-Abonnement, das gekündigt werden kann.',
  },
  billing_unavailable: {
    status: 503,
    title: 'Abrechnung',
    message:
      'Pro kann gerade nicht gebucht werden: Die Rechnungsangaben des Betreibers fehlen (LEGAL_OPERATOR, LEGAL_ADDRESS, VAT_ID, LEGAL_PHONE). Bitte wenden Sie sich an den Support.',
  },
  billing_provider_failed: {
    status: 502,
    title: 'Abrechnung',
    message:
      'Der Zahlungsanbieter ist gerade nicht erreichbar. Es wurde nichts geändert; bitte versuchen Sie es in einigen Minuten erneut.',
  },
  no_payment_method: {
    status: 409,
    title: 'Zahlungsmethode',
    message:
      'Für diesen Betrieb ist keine Zahlungsmethode beim Zahlungsanbieter hinterlegt. Buchen Sie Pro, um eine Karte anzugeben.',
  },
  nothing_to_simulate: {
    status: 409,
    title: 'Demo-Abrechnung',
    message: 'Dieser Schritt passt nicht zum aktuellen Stand des Abonnements.',
  },
  checkout_not_found: {
    status: 404,
    title: 'Buchung',
    message: 'Diese Buchung gibt es nicht oder sie ist bereits abgeschlossen.',
  },
  nothing_to_resume: {
    status: 409,
    title: 'Kündigung',
    message: 'Es gibt keine Kündigung, die zurückgenommen werden kann.',
  },
});

const dateTime = z.iso.datetime().nullable();

/** GET /api/admin/plan: the business's plan as the console shows it. */
export const planStateSchema = z.object({
  plan: z.enum(PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Why the business has Pro right now ('none' on Basis). */
  source: z.enum(['granted', 'trial', 'paid', 'grace', 'none']),
  /** When Pro ends unless a charge or a grant renews it. */
  proUntil: dateTime,
  trialEndsAt: dateTime,
  trialAvailable: z.boolean(),
  currentPeriodEnd: dateTime,
  cancelAtPeriodEnd: z.boolean(),
  /** Set while a failed charge is being retried: Pro is kept until then. */
  graceEndsAt: dateTime,
  grantedUntil: dateTime,
  locations: z.number().int().min(1),
  /** Who charges the subscription (its payment method lives there); null before a booking. */
  paymentProvider: z.enum(['demo', 'stripe']).nullable(),
  priceCentsPerLocation: z.number().int(),
  vatPercent: z.number().int(),
  entitlements: z.record(z.enum(PRO_FEATURES), z.boolean()),
  sharedPoints: z.object({ used: z.number().int(), allowance: z.number().int().nullable() }),
});
export type PlanState = z.infer<typeof planStateSchema>;

/** The EU member states a booking may name (ISO 3166-1 alpha-2), German names first. */
export const BILLING_COUNTRIES = {
  DE: 'Deutschland',
  AT: 'Österreich',
  BE: 'Belgien',
  BG: 'Bulgarien',
  CY: 'Zypern',
  CZ: 'Tschechien',
  DK: 'Dänemark',
  EE: 'Estland',
  ES: 'Spanien',
  FI: 'Finnland',
  FR: 'Frankreich',
  GR: 'Griechenland',
  HR: 'Kroatien',
  HU: 'Ungarn',
  IE: 'Irland',
  IT: 'Italien',
  LT: 'Litauen',
  LU: 'Luxemburg',
  LV: 'Lettland',
  MT: 'Malta',
  NL: 'Niederlande',
  PL: 'Polen',
  PT: 'Portugal',
  RO: 'Rumänien',
  SE: 'Schweden',
  SI: 'Slowenien',
  SK: 'Slowakei',
} as const;
export type BillingCountry = keyof typeof BILLING_COUNTRIES;
const COUNTRY_CODES = Object.keys(BILLING_COUNTRIES) as [BillingCountry, ...BillingCountry[]];

const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Höchstens ${max} Zeichen.` });

/**
 * POST /api/admin/plan/checkout: how many locations to book, and who the invoices go to (the
 * fields § 14 (4) UStG asks of the recipient). The VAT id is optional; with one from another EU
 * country the invoice is a reverse-charge invoice.
 */
export const planCheckoutSchema = z.object({
  locations: z
    .number({ error: 'Bitte geben Sie die Zahl der Standorte an.' })
    .int({ error: 'Bitte geben Sie eine ganze Zahl von Standorten an.' })
    .min(1, { error: 'Mindestens ein Standort.' })
    .max(MAX_LOCATIONS, { error: `Höchstens ${MAX_LOCATIONS} Standorte.` }),
  name: requiredText(200, 'Bitte geben Sie den Namen des Rechnungsempfängers an.'),
  street: requiredText(200, 'Bitte geben Sie Straße und Hausnummer an.'),
  postalCode: requiredText(12, 'Bitte geben Sie die Postleitzahl an.'),
  city: requiredText(100, 'Bitte geben Sie den Ort an.'),
  countryCode: z.enum(COUNTRY_CODES, { error: 'Bitte wählen Sie ein Land der EU.' }),
  vatId: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z.union([
        z.literal(''),
        z.string().regex(/^[A-Z]{2}[A-Z0-9]{2,12}$/, {
          error: 'Bitte geben Sie die USt-IdNr. wie DE123456789 an, oder lassen Sie das Feld leer.',
        }),
      ]),
    )
    .transform((value) => (value === '' ? null : value)),
  email: z
    .string({ error: 'Bitte geben Sie eine E-Mail-Adresse für Rechnungen an.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse für Rechnungen an.' })),
});
export type PlanCheckoutInput = z.input<typeof planCheckoutSchema>;
export type PlanCheckout = z.output<typeof planCheckoutSchema>;

export const planCheckoutResponseSchema = z.object({ checkoutUrl: z.string() });

/** POST /api/admin/plan/portal: where the owner changes the card (Stripe's Customer Portal). */
export const planPortalResponseSchema = z.object({ url: z.string() });

/** POST /api/admin/businesses/{id}/plan-grant: the operator's grant of Pro (a pilot hotel). */
export const planGrantSchema = z.object({
  /** The last day of the grant (YYYY-MM-DD, Europe/Berlin, through its end); null ends a grant. */
  until: z.iso.date({ error: 'Bitte geben Sie ein gültiges Datum an.' }).nullable(),
  reason: z
    .string({ error: 'Bitte geben Sie einen Grund an.' })
    .trim()
    .min(3, { error: 'Bitte geben Sie einen Grund an (mindestens 3 Zeichen).' })
    .max(300, { error: 'Der Grund darf höchstens 300 Zeichen lang sein.' }),
});
export type PlanGrant = z.infer<typeof planGrantSchema>;
