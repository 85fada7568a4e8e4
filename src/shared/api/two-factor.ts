import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { readSecondFactorCode, TOTP_DIGITS } from '../domain/two-factor';
import { sessionResponseSchema } from './auth';

/** Two-factor sign-in (decisions 0315–0319). */

export const TWO_FACTOR_MESSAGES = {
  totpCode: `Bitte geben Sie den ${TOTP_DIGITS}-stelligen Code aus Ihrer Authenticator-App ein.`,
  anyCode: `Bitte geben Sie den ${TOTP_DIGITS}-stelligen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.`,
} as const;

/** A current authenticator code: confirming the setup, making new recovery codes. */
export const totpCodeSchema = z
  .object({
    code: z
      .string({ error: TWO_FACTOR_MESSAGES.totpCode })
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_FACTOR_MESSAGES.totpCode)),
  })
  .strict();
export type TotpCodeInput = z.input<typeof totpCodeSchema>;

/** An authenticator code or a recovery code: the sign-in step and turning it off. */
export const secondFactorCodeSchema = z
  .object({
    code: z
      .string({ error: TWO_FACTOR_MESSAGES.anyCode })
      .max(40, TWO_FACTOR_MESSAGES.anyCode)
      .refine((value) => readSecondFactorCode(value) !== null, TWO_FACTOR_MESSAGES.anyCode),
  })
  .strict();
export type SecondFactorCodeInput = z.input<typeof secondFactorCodeSchema>;

/** `GET /api/me/two-factor`: the person's own state, never the secret. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  /** A setup was started (QR code shown) but not confirmed yet. */
  pending: z.boolean(),
  recoveryCodesRemaining: z.number().int().min(0),
  /** The platform admin in production must have it (decision 0318). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /api/me/two-factor/setup`: what the authenticator app needs, shown once. */
export const twoFactorSetupSchema = z.object({
  /** The `otpauth://totp/…` URI the QR code carries. */
  uri: z.string(),
  /** The same secret in base32, for typing it in by hand. */
  secret: z.string(),
  /** The label the app shows (the person's e-mail). */
  account: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Ten fresh recovery codes, shown once (confirming the setup, making new ones). */
export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()),
  status: twoFactorStatusSchema,
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** `POST /api/auth/two-factor`: the session, plus what the login page tells the person. */
export const twoFactorSignInSchema = sessionResponseSchema.extend({
  secondFactor: z.enum(['totp', 'recovery_code']),
  recoveryCodesRemaining: z.number().int().min(0),
});
export type TwoFactorSignIn = z.infer<typeof twoFactorSignInSchema>;

export const TWO_FACTOR_ERRORS = defineErrors({
  two_factor_setup_required: {
    status: 403,
    title: 'Zwei-Faktor-Anmeldung erforderlich',
    message: 'Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung ein.',
  },
  two_factor_code_invalid: {
    status: 400,
    title: 'Code ungültig',
    message:
      'Der Code ist falsch oder abgelaufen. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
  },
  two_factor_sign_in_code_invalid: {
    status: 401,
    title: 'Anmeldung fehlgeschlagen',
    message: 'Der Bestätigungscode ist falsch. Bitte versuchen Sie es erneut.',
  },
  // A spent code is named as such, for sign-in and for the settings alike (400,
  // not 401: a signed-in person's session is not in question).
  two_factor_code_already_used: {
    status: 400,
    title: 'Code bereits verwendet',
    message:
      'Dieser Code wurde bereits verwendet. Bitte warten Sie auf den nächsten Code Ihrer Authenticator-App.',
  },
  two_factor_recovery_code_already_used: {
    status: 400,
    title: 'Code bereits verwendet',
    message:
      'Dieser Wiederherstellungscode wurde bereits verwendet. Jeder Code gilt nur einmal; nehmen Sie einen anderen.',
  },
  two_factor_challenge_invalid: {
    status: 401,
    title: 'Anmeldung fehlgeschlagen',
    message:
      'Die Anmeldung ist abgelaufen oder wurde zu oft mit einem falschen Code versucht. Bitte melden Sie sich erneut an.',
  },
  two_factor_already_enabled: {
    status: 409,
    title: 'Fehler',
    message: 'Die Zwei-Faktor-Anmeldung ist bereits eingeschaltet.',
  },
  two_factor_not_enabled: {
    status: 409,
    title: 'Fehler',
    message: 'Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet.',
  },
  two_factor_setup_missing: {
    status: 409,
    title: 'Fehler',
    message:
      'Die Einrichtung wurde nicht gestartet oder ist abgeschlossen. Bitte beginnen Sie neu.',
  },
});
