import { z } from 'zod';
import { DPA_VERSION, TERMS_VERSION } from '../domain/agreements';
import { defineErrors } from '../domain/errors';
import { AUTH_VALIDATION, EMAIL_PATTERN } from './auth';
import { newPasswordSchema } from './passwords';
import { PROFILE_LIMITS } from './profiles';
import { SIGNUP_CONFIRMATION_TTL_HOURS } from '../domain/signup-confirmation';

/**
 * Self-service sign-up of a business (decision 0325): the form at /registrieren,
 * `POST /api/auth/sign-up` and the confirmation page. The form names the person, the address and
 * the business; the password and the two acceptances are given on the confirmation page, by
 * whoever holds the mailbox (decision 0430).
 */

// How long a confirmation link works. Zod-free home, so the staff catalogue can say the hours without loading zod (decision 0410).
export {
  SIGNUP_CONFIRMATION_TTL_HOURS,
  SIGNUP_CONFIRMATION_TTL_MS,
} from '../domain/signup-confirmation';
/** The page the e-mailed link opens; its token travels in `?token=`. */
export const SIGNUP_CONFIRM_PATH = '/registrieren/bestaetigen';
export const SIGNUP_TOKEN_PARAM = 'token';
export const BUSINESS_NAME_MAX = 200;
const MAX_EMAIL_LENGTH = 254;

export const SIGNUP_MESSAGES = {
  fullNameRequired: 'Bitte geben Sie Ihren vollständigen Namen ein.',
  fullNameTooLong: `Der Name darf höchstens ${PROFILE_LIMITS.fullName} Zeichen lang sein.`,
  emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  invalidEmail: AUTH_VALIDATION.invalidEmail,
  passwordsDiffer: 'Die Passwörter stimmen nicht überein.',
  businessNameRequired: 'Bitte geben Sie den Namen Ihres Betriebs ein.',
  businessNameTooLong: `Der Name des Betriebs darf höchstens ${BUSINESS_NAME_MAX} Zeichen lang sein.`,
  acceptTerms: 'Bitte stimmen Sie den AGB zu.',
  acceptDpa: 'Bitte stimmen Sie dem Vertrag zur Auftragsverarbeitung (AVV) zu.',
  termsOutdated:
    'Die AGB wurden inzwischen aktualisiert. Bitte laden Sie die Seite neu und stimmen Sie der aktuellen Fassung zu.',
  dpaOutdated:
    'Der Vertrag zur Auftragsverarbeitung wurde inzwischen aktualisiert. Bitte laden Sie die Seite neu und stimmen Sie der aktuellen Fassung zu.',
  linkIncomplete: 'Der Bestätigungslink ist unvollständig.',
} as const;

const fullName = z
  .string({ error: SIGNUP_MESSAGES.fullNameRequired })
  .trim()
  .min(1, SIGNUP_MESSAGES.fullNameRequired)
  .max(PROFILE_LIMITS.fullName, SIGNUP_MESSAGES.fullNameTooLong);

const email = z
  .string({ error: SIGNUP_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, SIGNUP_MESSAGES.emailRequired)
  .max(MAX_EMAIL_LENGTH, SIGNUP_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, SIGNUP_MESSAGES.invalidEmail);

const businessName = z
  .string({ error: SIGNUP_MESSAGES.businessNameRequired })
  .trim()
  .min(1, SIGNUP_MESSAGES.businessNameRequired)
  .max(BUSINESS_NAME_MAX, SIGNUP_MESSAGES.businessNameTooLong);

/**
 * The body of `POST /api/auth/sign-up`: who signs up for which business. No password and no
 * acceptance: anyone can name any address here, so both come from whoever opens the e-mailed
 * link (decision 0430). Other fields (an old form's password) are dropped by the schema.
 */
export const signUpRequestSchema = z.object({ fullName, email, businessName });
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** The form at /registrieren: the same three fields. */
export const signUpFormSchema = signUpRequestSchema;
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpForm = z.output<typeof signUpFormSchema>;

/** What the form sends. */
export function signUpRequestOf(form: SignUpForm): SignUpRequest {
  return { fullName: form.fullName, email: form.email, businessName: form.businessName };
}

/**
 * The answer to every sign-up that passed validation and the rate limits, whether the address
 * is new, waiting for confirmation or already has an account (no account discovery).
 */
export const signUpAcceptedSchema = z.object({ sent: z.literal(true) });

/** The token travels in the link as 43 base64url characters (32 random bytes). */
const confirmationToken = z
  .string({ error: SIGNUP_MESSAGES.linkIncomplete })
  .regex(/^[A-Za-z0-9_-]{43}$/, SIGNUP_MESSAGES.linkIncomplete);

/**
 * The body of `POST /api/auth/sign-up/confirm`: the link's token, the password the holder of the
 * mailbox chooses, and the contract versions they accept by ticking (decision 0430).
 */
export const signUpConfirmSchema = z.object({
  token: confirmationToken,
  password: newPasswordSchema,
  termsVersion: z.literal(TERMS_VERSION, { error: SIGNUP_MESSAGES.termsOutdated }),
  dpaVersion: z.literal(DPA_VERSION, { error: SIGNUP_MESSAGES.dpaOutdated }),
});
export type SignUpConfirmRequest = z.infer<typeof signUpConfirmSchema>;

/** The confirmation page's form: the password twice and a tick for each contract. */
export const signUpConfirmFormSchema = z
  .object({
    password: newPasswordSchema,
    passwordRepeat: z.string({ error: SIGNUP_MESSAGES.passwordsDiffer }),
    // Booleans (a checkbox starts unticked) that must be true.
    acceptTerms: z
      .boolean({ error: SIGNUP_MESSAGES.acceptTerms })
      .refine((ticked) => ticked, SIGNUP_MESSAGES.acceptTerms),
    acceptDpa: z
      .boolean({ error: SIGNUP_MESSAGES.acceptDpa })
      .refine((ticked) => ticked, SIGNUP_MESSAGES.acceptDpa),
  })
  .refine((form) => form.password === form.passwordRepeat, {
    path: ['passwordRepeat'],
    message: SIGNUP_MESSAGES.passwordsDiffer,
  });
export type SignUpConfirmFormInput = z.input<typeof signUpConfirmFormSchema>;
export type SignUpConfirmForm = z.output<typeof signUpConfirmFormSchema>;

/** What the confirmation page sends: the current contract versions stand for the two ticks. */
export function signUpConfirmRequestOf(
  token: string,
  form: SignUpConfirmForm,
): SignUpConfirmRequest {
  return { token, password: form.password, termsVersion: TERMS_VERSION, dpaVersion: DPA_VERSION };
}

export const SIGNUP_ERRORS = defineErrors({
  signup_link_invalid: {
    status: 400,
    title: 'Bestätigung fehlgeschlagen',
    message:
      'Der Bestätigungslink ist ungültig oder wurde bereits verwendet. Falls Sie Ihr Konto schon bestätigt haben, melden Sie sich an; sonst registrieren Sie sich bitte erneut.',
  },
  signup_link_expired: {
    status: 410,
    title: 'Bestätigung fehlgeschlagen',
    message: `Der Bestätigungslink ist abgelaufen (er gilt ${SIGNUP_CONFIRMATION_TTL_HOURS} Stunden). Bitte registrieren Sie sich erneut.`,
  },
  signup_account_exists: {
    status: 409,
    title: 'Konto existiert bereits',
    message:
      'Für diese E-Mail-Adresse besteht inzwischen ein Konto. Bitte melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
  },
});
