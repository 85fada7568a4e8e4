import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { magicLinkFailureToast, signInFailureToast } from './auth-toasts';

const apiError = (status: number, code: string, message: string, retryAfter?: number) =>
  new ApiError(status, code, 'Titel vom Server', message, [], retryAfter);

describe('sign-in failure toasts (spec §8)', () => {
  it.each([
    ['invalid_credentials', 'E-Mail oder Passwort sind falsch. Überprüfen Sie Ihre Eingaben.'],
    ['email_not_confirmed', 'Ihr E-Mail-Konto wurde noch nicht bestätigt.'],
    ['too_many_attempts', 'Zu viele Anmeldeversuche. Bitte warten Sie einen Moment.'],
    ['signup_disabled', 'Registrierung ist derzeit deaktiviert.'],
    [
      'business_suspended',
      'Ihr Betrieb ist derzeit gesperrt. Bitte wenden Sie sich an den Betreiber.',
    ],
    ['business_closed', 'Ihr Betrieb wurde geschlossen. Bitte wenden Sie sich an den Betreiber.'],
  ])('%s: "Anmeldung fehlgeschlagen" with the server text', (code, message) => {
    expect(signInFailureToast(apiError(401, code, message))).toMatchObject({
      title: 'Anmeldung fehlgeschlagen',
      description: message,
    });
  });

  it('uses the general text for anything else, and "Systemfehler" for a bug', () => {
    expect(signInFailureToast(apiError(0, 'network_error', 'offline'))).toMatchObject({
      title: 'Anmeldung fehlgeschlagen',
      description: 'Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.',
    });
    expect(signInFailureToast(new TypeError('x is undefined'))).toMatchObject({
      title: 'Systemfehler',
      description: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
    });
  });

  it('shows rate limits as "Zu viele Anfragen" with whole minutes rounded up', () => {
    expect(signInFailureToast(apiError(429, 'rate_limited', 'x', 61))).toMatchObject({
      title: 'Zu viele Anfragen',
      description: 'Bitte warten Sie 2 Minute(n) und versuchen Sie es erneut.',
    });
    expect(magicLinkFailureToast(apiError(429, 'rate_limited', 'x'))).toMatchObject({
      description: 'Bitte warten Sie 1 Minute(n) und versuchen Sie es erneut.',
    });
  });

  it('shows validation errors as "Eingabefehler" and magic-link errors as "Fehler beim Anmelden"', () => {
    expect(signInFailureToast(apiError(400, 'validation_failed', 'Bitte …'))).toMatchObject({
      title: 'Eingabefehler',
      description: 'Bitte …',
    });
    expect(
      magicLinkFailureToast(apiError(400, 'validation_failed', 'Invalid email address')),
    ).toMatchObject({ title: 'Fehler beim Anmelden', description: 'Invalid email address' });
  });
});
