import { AUTH_ERRORS } from './auth';
import { BUSINESS_ACCESS_ERRORS } from './business-access';
import { defineErrors } from './errors';

/**
 * Why a session ended, when something other than the person's own idleness ended it (decision
 * 0505). The next request with the ended session's cookie answers 401 with the
 * code; the login page says the message until the person dismisses it. An idle session keeps
 * AUTH_ERRORS.session_expired (spec §1: 'Sie wurden aufgrund von Inaktivität automatisch
 * abgemeldet.'); a suspended or closed business keeps BUSINESS_ACCESS_ERRORS.
 */
export const SESSION_ENDED_ERRORS = defineErrors({
  session_password_changed: {
    status: 401,
    title: 'Abgemeldet',
    message:
      'Das Passwort Ihres Kontos wurde an anderer Stelle geändert. Bitte melden Sie sich mit dem neuen Passwort an.',
  },
  session_two_factor_enabled: {
    status: 401,
    title: 'Abgemeldet',
    message:
      'Für Ihr Konto wurde an anderer Stelle die Zwei-Faktor-Anmeldung eingeschaltet. Bitte melden Sie sich erneut an.',
  },
  session_two_factor_reset: {
    status: 401,
    title: 'Abgemeldet',
    message:
      'Die Zwei-Faktor-Anmeldung Ihres Kontos wurde zurückgesetzt. Bitte melden Sie sich erneut an.',
  },
  session_account_deactivated: {
    status: 401,
    title: 'Konto deaktiviert',
    message:
      'Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an die Inhaberin oder den Inhaber Ihres Betriebs.',
  },
  session_signed_out: {
    status: 401,
    title: 'Abgemeldet',
    message: 'Sie wurden an anderer Stelle abgemeldet.',
  },
  session_lifetime_ended: {
    status: 401,
    title: 'Sitzung abgelaufen',
    message: 'Eine Anmeldung gilt höchstens 12 Stunden. Bitte melden Sie sich erneut an.',
  },
});

/** A reason stored with an ended session: one of the codes its next request answers with. */
export type SessionEndCode =
  | keyof typeof SESSION_ENDED_ERRORS
  | typeof AUTH_ERRORS.session_expired.code
  | keyof typeof BUSINESS_ACCESS_ERRORS;

/** Every code that means "your session has ended, and this is why" (status 401). */
export const SESSION_END_CODES: readonly SessionEndCode[] = [
  ...(Object.keys(SESSION_ENDED_ERRORS) as (keyof typeof SESSION_ENDED_ERRORS)[]),
  AUTH_ERRORS.session_expired.code,
  BUSINESS_ACCESS_ERRORS.business_suspended.code,
  BUSINESS_ACCESS_ERRORS.business_closed.code,
];

export function isSessionEndCode(code: unknown): code is SessionEndCode {
  return typeof code === 'string' && (SESSION_END_CODES as readonly string[]).includes(code);
}

/** The German title and message of a reason, as the server words it. */
export function sessionEndWords(code: SessionEndCode): { title: string; message: string } {
  if (code === 'session_expired') return AUTH_ERRORS.session_expired;
  if (code === 'business_suspended' || code === 'business_closed') {
    return BUSINESS_ACCESS_ERRORS[code];
  }
  return SESSION_ENDED_ERRORS[code];
}
