import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../../shared/api/auth';
import {
  fakeSession,
  fill,
  mockApi,
  recordToasts,
  renderScreen,
} from '../../../../test/support/component';
import { loadAuthSchemas } from './auth-schemas';
import { PasswordForm } from './PasswordForm';

/**
 * The login page's password form on its own (decision 0530; moved here from
 * test/e2e/sign-in.test.ts, whose journeys sign in against the real server).
 */

const signedIn: SessionResponse = {
  firstSignIn: false,
  user: { id: '00000000-0000-4000-8000-000000000001', email: 'anna@hotel-seeblick.example' },
  session: {
    idleExpiresAt: '2026-11-29T15:15:00.000Z',
    absoluteExpiresAt: '2026-11-30T03:00:00.000Z',
    idleTimeoutSeconds: 900,
  },
};
const allowed = { allowed: true, resetTime: '2026-11-29T15:00:00.000Z', retryAfter: 0 };

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const email = () => screen.getByLabelText('E-Mail');
const password = () => screen.getByLabelText('Passwort');

/** How long a wait may take on a busy machine; it ends as soon as its condition holds. */
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  // The form loads its schemas on first use (decision 0410); here they are loaded up front.
  await loadAuthSchemas();
});

describe('the password sign-in form', () => {
  it('shows the validation messages as "Eingabefehler" and sends nothing', async () => {
    const toasts = recordToasts();
    const calls = mockApi({});
    const session = fakeSession();
    const { user } = renderScreen(<PasswordForm onTwoFactorRequired={() => {}} />, {
      location: '/employee/login',
      session,
    });
    await fill(user, email(), 'kein-at-zeichen');
    await fill(user, password(), 'test1234');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(
      () =>
        expect(toasts()).toContainEqual({
          title: 'Eingabefehler',
          description: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
          variant: 'destructive',
        }),
      SLOW,
    );

    await fill(user, email(), 'anna@hotel-seeblick.example');
    await fill(user, password(), '12345');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(
      () =>
        expect(toasts()).toContainEqual({
          title: 'Eingabefehler',
          description: 'Das Passwort muss mindestens 6 Zeichen lang sein.',
          variant: 'destructive',
        }),
      SLOW,
    );
    // Nobody was signed in: no request went out, the form stays.
    expect(calls).toEqual([]);
    expect(session.signedIn).not.toHaveBeenCalled();
  });

  it("shows 'Prüfe Anfragelimit...' and then 'Wird angemeldet...' while busy", async () => {
    const gates = { limit: deferred(), signIn: deferred() };
    const calls = mockApi({
      'POST /api/auth/rate-limit': async () => {
        await gates.limit.promise;
        return allowed;
      },
      'POST /api/auth/sign-in': async () => {
        await gates.signIn.promise;
        return signedIn;
      },
    });
    const session = fakeSession();
    const { user } = renderScreen(<PasswordForm onTwoFactorRequired={() => {}} />, {
      location: '/employee/login',
      session,
    });
    await fill(user, email(), 'anna@hotel-seeblick.example');
    await fill(user, password(), 'test1234');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    const checking = await screen.findByRole('button', { name: 'Prüfe Anfragelimit...' }, SLOW);
    expect((checking as HTMLButtonElement).disabled).toBe(true);
    gates.limit.resolve();
    const submitting = await screen.findByRole('button', { name: 'Wird angemeldet...' }, SLOW);
    expect((submitting as HTMLButtonElement).disabled).toBe(true);
    gates.signIn.resolve();
    // The session takes over (the login page's guard then sends the person home).
    await waitFor(() => expect(session.signedIn).toHaveBeenCalledWith(signedIn), SLOW);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/auth/rate-limit',
      'POST /api/auth/sign-in',
    ]);
    expect(calls[1]?.body).toEqual({ email: 'anna@hotel-seeblick.example', password: 'test1234' });
  });
});
