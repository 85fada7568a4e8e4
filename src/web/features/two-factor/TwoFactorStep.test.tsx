import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TwoFactorSignIn } from '../../../shared/api/two-factor';
import {
  apiError,
  fakeSession,
  fill,
  mockApi,
  recordToasts,
  renderScreen,
} from '../../../../test/support/component';
import { TwoFactorStep } from './TwoFactorStep';

const signedIn = (fields: Partial<TwoFactorSignIn>): TwoFactorSignIn => ({
  user: null,
  session: null,
  secondFactor: 'totp',
  recoveryCodesRemaining: 10,
  ...fields,
});

describe("the sign-in step 'Bestätigungscode'", () => {
  it('refuses a malformed code in German and signs in with a right one', async () => {
    const toasts = recordToasts();
    const calls = mockApi({ 'POST /api/auth/two-factor': signedIn({ firstSignIn: true }) });
    const session = fakeSession({ status: 'loading' });
    const { user } = renderScreen(<TwoFactorStep onRestart={vi.fn()} />, { session });
    const code = screen.getByRole('textbox', { name: /^Bestätigungscode/ });
    await fill(user, code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(
      await screen.findByText(
        'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
      ),
    ).toBeTruthy();
    expect(calls).toEqual([]);
    await fill(user, code, '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(session.signedIn).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({ code: '123456' });
    expect(toasts()).toContainEqual({
      title: 'Erfolgreich angemeldet!',
      description: 'Willkommen bei Trinkgeld!',
      variant: 'success',
    });
  });

  it('switches to a recovery code and says how many are left after using one', async () => {
    const toasts = recordToasts();
    mockApi({
      'POST /api/auth/two-factor': signedIn({
        secondFactor: 'recovery_code',
        recoveryCodesRemaining: 1,
      }),
    });
    const { user } = renderScreen(<TwoFactorStep onRestart={vi.fn()} />);
    await user.click(
      screen.getByRole('button', { name: 'Stattdessen einen Wiederherstellungscode verwenden' }),
    );
    expect(screen.getByText(/^Geben Sie einen Ihrer Wiederherstellungscodes ein\./)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Bestätigungscode/ })).toBeNull();
    await fill(user, screen.getByLabelText(/^Wiederherstellungscode/), 'k7m2p-q9xa4');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Wiederherstellungscode verwendet',
        description:
          'Noch 1 Wiederherstellungscode übrig. Erzeugen Sie unter „Konto und Sicherheit“ neue.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Code aus der App verwenden' }));
    expect(screen.getByRole('textbox', { name: /^Bestätigungscode/ })).toBeTruthy();
  });

  it('starts the sign-in again when the challenge has expired', async () => {
    const toasts = recordToasts();
    mockApi({
      'POST /api/auth/two-factor': apiError(
        401,
        'two_factor_challenge_invalid',
        'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
      ),
    });
    const onRestart = vi.fn();
    const session = fakeSession({ status: 'loading' });
    const { user } = renderScreen(<TwoFactorStep onRestart={onRestart} />, { session });
    await fill(user, screen.getByRole('textbox', { name: /^Bestätigungscode/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(onRestart).toHaveBeenCalledTimes(1));
    expect(toasts()).toContainEqual({
      title: 'Fehler',
      description: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
      variant: 'destructive',
    });
    expect(session.signedIn).not.toHaveBeenCalled();
  });

  it('empties the field after a wrong code, so the next one is typed afresh', async () => {
    mockApi({
      'POST /api/auth/two-factor': apiError(400, 'two_factor_code_invalid', 'Der Code ist falsch.'),
    });
    const { user } = renderScreen(<TwoFactorStep onRestart={vi.fn()} />);
    const code = screen.getByRole('textbox', { name: /^Bestätigungscode/ }) as HTMLInputElement;
    await fill(user, code, '654321');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Der Code ist falsch.')).toBeTruthy();
    expect(code.value).toBe('');
  });
});
