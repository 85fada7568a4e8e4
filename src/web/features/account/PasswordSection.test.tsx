import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answer,
  apiError,
  fakeSession,
  fill,
  mockApi,
  recordToasts,
  renderScreen,
} from '../../../../test/support/component';
import { PasswordSection } from './PasswordSection';

const field = (name: RegExp) => screen.getByLabelText(name);

describe("'Passwort ändern' on 'Konto und Sicherheit'", () => {
  it('asks for the current password and a matching repetition in German before sending', async () => {
    const calls = mockApi({ 'GET /api/auth/password': { hasPassword: true } });
    const { user } = renderScreen(<PasswordSection />);
    // The heading is there at once; the form once the server said there is a password.
    expect(await screen.findByLabelText(/^Aktuelles Passwort/)).toBeTruthy();
    await fill(user, field(/^Neues Passwort\b(?! wiederholen)/), 'kurz');
    await fill(user, field(/^Neues Passwort wiederholen/), 'anders');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Bitte geben Sie Ihr aktuelles Passwort ein.')).toBeTruthy();
    expect(screen.getByText('Das Passwort muss mindestens 6 Zeichen lang sein.')).toBeTruthy();
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('sends current and new password, never the repetition, and empties the form', async () => {
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/auth/password': { hasPassword: true },
      'PUT /api/auth/password': answer(204),
    });
    const { user } = renderScreen(<PasswordSection />);
    await screen.findByLabelText(/^Aktuelles Passwort/);
    await fill(user, field(/^Aktuelles Passwort/), 'altes-passwort');
    await fill(user, field(/^Neues Passwort\b(?! wiederholen)/), 'Sonnenblume-42');
    await fill(user, field(/^Neues Passwort wiederholen/), 'Sonnenblume-42');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Passwort geändert',
        description: 'Ihre anderen Sitzungen wurden beendet.',
        variant: 'success',
      }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      currentPassword: 'altes-passwort',
      newPassword: 'Sonnenblume-42',
    });
    expect((field(/^Aktuelles Passwort/) as HTMLInputElement).value).toBe('');
  });

  it("puts the server's refusal of a common password on the form", async () => {
    mockApi({
      'GET /api/auth/password': { hasPassword: true },
      'PUT /api/auth/password': apiError(
        400,
        'password_too_common',
        'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
      ),
    });
    const { user } = renderScreen(<PasswordSection />);
    await screen.findByLabelText(/^Aktuelles Passwort/);
    await fill(user, field(/^Aktuelles Passwort/), 'altes-passwort');
    await fill(user, field(/^Neues Passwort\b(?! wiederholen)/), 'passwort1');
    await fill(user, field(/^Neues Passwort wiederholen/), 'passwort1');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(
      await screen.findByText('Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.'),
    ).toBeTruthy();
  });

  it('lets a person without a password set a first one, without a current one', async () => {
    const toasts = recordToasts();
    let hasPassword = false;
    const calls = mockApi({
      'GET /api/auth/password': () => ({ hasPassword }),
      'PUT /api/auth/password': () => {
        hasPassword = true;
        return answer(204);
      },
    });
    const { user } = renderScreen(<PasswordSection />);
    expect(await screen.findByRole('heading', { name: 'Passwort festlegen' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Aktuelles Passwort/)).toBeNull();
    await fill(user, field(/^Neues Passwort\b(?! wiederholen)/), 'Sonnenblume-42');
    await fill(user, field(/^Neues Passwort wiederholen/), 'Sonnenblume-42');
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Passwort festgelegt',
        description: 'Sie können sich ab jetzt auch mit Ihrem Passwort anmelden.',
        variant: 'success',
      }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      newPassword: 'Sonnenblume-42',
    });
    // Now it has one: the section asks for the current password from here on.
    expect(await screen.findByLabelText(/^Aktuelles Passwort/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Passwort ändern' })).toBeTruthy();
  });

  it('waits for two-factor set-up before asking anything of the server', async () => {
    const calls = mockApi({});
    renderScreen(<PasswordSection />, {
      session: fakeSession({ twoFactor: { enabled: false, setupRequired: true } }),
    });
    expect(
      screen.getByText(
        'Sobald die Zwei-Faktor-Anmeldung unten eingerichtet ist, können Sie hier Ihr Passwort ändern.',
      ),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
