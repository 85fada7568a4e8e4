/**
 * Sign-in vocabulary without schemas, so the always-loaded part of the web app (router, guards,
 * session layer) stays free of the validation library.
 */
import type { SignInResponse, TwoFactorRequired } from '../api/auth';
import { DEFAULT_RATE_LIMIT_RETRY_SECONDS, MIN_PASSWORD_LENGTH } from './constants';
import { defineErrors } from './errors';

/** The query parameter of the link in the e-mail: {origin}/employee/login?magic_token=... */
export const MAGIC_LINK_QUERY_PARAM = 'magic_token';

/** An admin page path such as /admin/qr-codes: what admin_navigation records as destination. */
export const ADMIN_PAGE_PATTERN = /^\/admin(\/[a-z0-9-]{1,40}){0,3}$/;

/** A profile counts as complete when it has a full name (spec §2, route guards). */
export function isProfileComplete(
  profile: { fullName: string | null } | null | undefined,
): boolean {
  return Boolean(profile?.fullName?.trim());
}

/** Whole minutes to wait, rounded up (spec §8); at least one. */
export function retryAfterMinutes(retryAfterSeconds: number | undefined): number {
  const seconds =
    retryAfterSeconds && retryAfterSeconds > 0
      ? retryAfterSeconds
      : DEFAULT_RATE_LIMIT_RETRY_SECONDS;
  return Math.max(1, Math.ceil(seconds / 60));
}

export function rateLimitMessage(retryAfterSeconds: number | undefined): string {
  return `Bitte warten Sie ${retryAfterMinutes(retryAfterSeconds)} Minute(n) und versuchen Sie es erneut.`;
}

/** Validation messages of spec §5, shown in a toast titled 'Eingabefehler'. */
export const AUTH_VALIDATION = {
  fillAllFields: 'Bitte füllen Sie alle Felder aus.',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  passwordTooShort: `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`,
  magicLinkInvalidEmail: 'Invalid email address',
} as const;

/** Sign-in failures (spec §8), each shown in a toast titled 'Anmeldung fehlgeschlagen'. */
export const AUTH_ERRORS = defineErrors({
  invalid_credentials: {
    status: 401,
    title: 'Anmeldung fehlgeschlagen',
    message: 'E-Mail oder Passwort sind falsch. Überprüfen Sie Ihre Eingaben.',
  },
  email_not_confirmed: {
    status: 403,
    title: 'Anmeldung fehlgeschlagen',
    message: 'Ihr E-Mail-Konto wurde noch nicht bestätigt.',
  },
  too_many_attempts: {
    status: 429,
    title: 'Anmeldung fehlgeschlagen',
    message: 'Zu viele Anmeldeversuche. Bitte warten Sie einen Moment.',
  },
  signup_disabled: {
    status: 403,
    title: 'Anmeldung fehlgeschlagen',
    message: 'Registrierung ist derzeit deaktiviert.',
  },
  /**
   * Decision 0356: told only to someone who proved the address is theirs,
   * with the right password or an e-mailed link; the message names whom to ask
   * (accountDeactivatedMessage).
   */
  account_deactivated: {
    status: 403,
    title: 'Anmeldung fehlgeschlagen',
    message:
      'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an die Inhaberin oder den Inhaber Ihres Betriebs.',
  },
  sign_in_failed: {
    status: 403,
    title: 'Anmeldung fehlgeschlagen',
    message: 'Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.',
  },
  magic_link_invalid: {
    status: 400,
    title: 'Fehler beim Anmelden',
    message: 'Der Anmeldelink ist ungültig, abgelaufen oder wurde bereits verwendet.',
  },
  session_expired: {
    status: 401,
    title: 'Sitzung abgelaufen',
    message: 'Sie wurden aufgrund von Inaktivität automatisch abgemeldet.',
  },
});

export function isTwoFactorRequired(response: SignInResponse): response is TwoFactorRequired {
  return 'twoFactorRequired' in response && response.twoFactorRequired === true;
}
