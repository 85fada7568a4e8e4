import { z } from 'zod';
import { BRANDING_FONTS, BRANDING_LANGUAGES, BRANDING_TONALITIES } from '../domain/constants';
import { defineErrors } from '../domain/errors';
import { TEAM_SPLIT_RULES } from '../domain/team-split';
import { ENTRYPOINT_TYPES, PAYMENT_PROVIDERS } from '../domain/tips';
import { tipPageProblemTexts } from '../i18n/guest-pages';

/** What a guest's browser puts after /t/: a payment point uid or a legacy QR code. */
export const guestCodeSchema = z
  .string()
  .trim()
  .min(1, { message: 'Bitte geben Sie einen Code an.' })
  .max(80, { message: 'Dieser Code ist zu lang.' });

export const guestCodeParamsSchema = z.object({ code: guestCodeSchema });

export const guestBrandingSchema = z.object({
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  fontFamily: z.enum(BRANDING_FONTS),
  logoUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  language: z.enum(BRANDING_LANGUAGES),
  tonality: z.enum(BRANDING_TONALITIES),
  backgroundImageUrl: z.string().nullable(),
});
export type GuestBranding = z.infer<typeof guestBrandingSchema>;

/**
 * Who receives a team or object tip, as facts (decision 0270): the page says them in the guest's
 * language from its catalogue (team-split.ts receiverNote), and says them anew when the guest
 * switches the language.
 */
export const guestReceiverSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('team'),
    rule: z.enum(TEAM_SPLIT_RULES),
    members: z.number().int(),
    onShift: z.boolean(),
  }),
  z.object({
    kind: z.literal('object'),
    businessName: z.string(),
    onShiftNames: z.array(z.string()),
  }),
  /** Nobody would receive a share now: the tip waits in the business's pool. */
  z.object({ kind: z.literal('pool'), businessName: z.string() }),
]);
export type GuestReceiver = z.infer<typeof guestReceiverSchema>;

/**
 * A tip page offered instead of a deactivated person's: its path and whose it is. The
 * page builds the link's label from these in the guest's language (decision 0270).
 */
export const guestAlternativeSchema = z.object({
  path: z.string(),
  kind: z.enum(['team', 'business']),
  name: z.string(),
});
export type GuestAlternative = z.infer<typeof guestAlternativeSchema>;

/**
 * Everything a guest may see about a code: who or what receives the tip and how the business
 * presents itself. Never an e-mail, a payout account or an internal id other than the code.
 */
export const guestEntrypointSchema = z.object({
  code: z.string(),
  source: z.enum(['entrypoint', 'legacy']),
  type: z.enum(ENTRYPOINT_TYPES),
  displayName: z.string(),
  jobTitle: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  thankYouMessage: z.string(),
  businessName: z.string(),
  /** Who receives a team or object tip, said before paying; null for a person. */
  receiverNote: z.string().nullable(),
  /** The same as facts, for the page to say in whichever language the guest switches to. */
  receiver: guestReceiverSchema.nullable(),
  branding: guestBrandingSchema,
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
});
export type GuestEntrypoint = z.infer<typeof guestEntrypointSchema>;

/** Facts the guest pages need that are not tied to a code (support link, provider badge). */
export const guestInfoSchema = z.object({
  contactEmail: z.string(),
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
});
export type GuestInfo = z.infer<typeof guestInfoSchema>;

export const ENTRYPOINT_ERRORS = defineErrors({
  code_not_found: {
    status: 404,
    title: 'Ungültige UID',
    message: 'Zu diesem Code gibt es keinen Bezahlpunkt.',
  },
  qr_code_invalid: {
    status: 404,
    title: 'QR-Code nicht gültig',
    message: 'Dieser QR-Code ist nicht gültig.',
  },
  code_inactive: {
    status: 410,
    title: 'Code nicht aktiv',
    message: 'Dieser Code ist nicht mehr aktiv. Bitte wenden Sie sich an das Personal.',
  },
  recipient_not_found: {
    status: 404,
    title: 'Mitarbeiter nicht gefunden',
    message: 'Zu diesem Code gibt es niemanden mehr, der Trinkgeld empfangen kann.',
  },
  // The error's details carry no labels: `alternatives` lists the pages offered instead.
  recipient_deactivated: {
    status: 410,
    title: tipPageProblemTexts.personGone.title,
    message: tipPageProblemTexts.personGone.description,
  },
  business_deactivated: {
    status: 403,
    title: 'Service nicht verfügbar',
    message: 'Dieser Betrieb nimmt derzeit kein digitales Trinkgeld an.',
  },
});
/** recipient_deactivated when there is neither a team nor a business page to offer. */
export const ENTRYPOINT_DEACTIVATED_WITHOUT_ALTERNATIVE = tipPageProblemTexts.personGone.alone;

export type EntrypointErrorCode = keyof typeof ENTRYPOINT_ERRORS;
