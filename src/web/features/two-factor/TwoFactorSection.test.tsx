import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TwoFactorStatus } from '../../../shared/api/two-factor';
import {
  apiError,
  fakeSession,
  fill,
  mockApi,
  recordToasts,
  renderScreen,
} from '../../../../test/support/component';
import { TwoFactorSection } from './TwoFactorSection';

const off: TwoFactorStatus = {
  enabled: false,
  enabledAt: null,
  pending: false,
  recoveryCodesRemaining: 0,
  required: false,
};
const on = (remaining: number): TwoFactorStatus => ({
  enabled: true,
  enabledAt: '2026-11-02T08:00:00.000Z',
  pending: false,
  recoveryCodesRemaining: remaining,
  required: false,
});
const CODES = Array.from({ length: 10 }, (_, i) => `k7m2p-q9xa${i}`);

describe("two-factor sign-in on 'Konto und Sicherheit'", () => {
  it('sets it up step by step: QR code and grouped secret, a checked code, then the codes once', async () => {
    const calls = mockApi({
      'GET /api/me/two-factor': off,
      'POST /api/me/two-factor/setup': {
        uri: 'otpauth://totp/Trinkgeld:owner%40example.test?secret=JBSWY3DPEHPK3PXPJBSW',
        secret: 'JBSWY3DPEHPK3PXPJBSW',
        account: 'owner@example.test',
      },
      'POST /api/me/two-factor/confirm': { recoveryCodes: CODES, status: on(10) },
    });
    const session = fakeSession();
    const { user } = renderScreen(<TwoFactorSection />, { session });
    expect(await screen.findByText('Ausgeschaltet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Einrichten' }));

    // Step 1: the app scans the code or takes the secret in groups of four.
    expect(
      await screen.findByRole('img', { name: 'QR-Code für die Authenticator-App' }),
    ).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW');
    expect(screen.getByText('Konto: owner@example.test')).toBeTruthy();

    // Step 2: a code that is not six digits is refused here, in German.
    const code = screen.getByLabelText(/^Bestätigungscode/);
    await fill(user, code, '12345');
    await user.click(screen.getByRole('button', { name: 'Bestätigen und einschalten' }));
    expect(
      await screen.findByText(
        'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/me/two-factor/confirm')).toBe(false);
    await fill(user, code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen und einschalten' }));

    // Step 3: on, and the ten recovery codes shown this once.
    expect(await screen.findByText('Zwei-Faktor-Anmeldung eingeschaltet')).toBeTruthy();
    expect(
      within(screen.getByTestId('recovery-codes'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(calls.find((call) => call.path === '/api/me/two-factor/confirm')?.body).toEqual({
      code: '123456',
    });
    expect(session.setTwoFactor).toHaveBeenCalledWith({ enabled: true, setupRequired: false });
    expect(screen.getByText('Eingeschaltet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Fertig' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(screen.getByText('Noch 10 Wiederherstellungscodes übrig.')).toBeTruthy();
  });

  it('warns when few recovery codes are left and offers new ones and switching off', async () => {
    mockApi({ 'GET /api/me/two-factor': on(2) });
    renderScreen(<TwoFactorSection />);
    expect(
      await screen.findByText(
        'Noch 2 Wiederherstellungscodes übrig. Erzeugen Sie neue, bevor Sie sie alle verbraucht haben.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Eingeschaltet seit 02.11.2026.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neue Wiederherstellungscodes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ausschalten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Einrichten' })).toBeNull();
  });

  it('tells a platform admin it is required before anything else', async () => {
    mockApi({ 'GET /api/me/two-factor': { ...off, required: true } });
    renderScreen(<TwoFactorSection />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Als Plattform-Administrator richten Sie zuerst die Zwei-Faktor-Anmeldung ein; erst danach stehen Ihnen die anderen Bereiche offen.',
    );
  });

  it('switches off with a recovery code, and keeps it on when the server refuses the code', async () => {
    const toasts = recordToasts();
    let accept = false;
    const calls = mockApi({
      'GET /api/me/two-factor': on(8),
      'POST /api/me/two-factor/disable': () =>
        accept
          ? off
          : apiError(400, 'two_factor_code_invalid', 'Der Code ist falsch oder abgelaufen.'),
    });
    const session = fakeSession();
    const { user } = renderScreen(<TwoFactorSection />, { session });
    await user.click(await screen.findByRole('button', { name: 'Ausschalten' }));
    const form = within(screen.getByRole('form', { name: 'Zwei-Faktor-Anmeldung ausschalten' }));
    const code = form.getByLabelText(/^Code aus der App oder Wiederherstellungscode/);
    await user.click(form.getByRole('button', { name: 'Ausschalten bestätigen' }));
    expect(
      await form.findByText(
        'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await fill(user, code, 'abcde-fghjk');
    await user.click(form.getByRole('button', { name: 'Ausschalten bestätigen' }));
    expect(await form.findByText('Der Code ist falsch oder abgelaufen.')).toBeTruthy();
    expect(session.setTwoFactor).not.toHaveBeenCalled();

    accept = true;
    await user.click(form.getByRole('button', { name: 'Ausschalten bestätigen' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Zwei-Faktor-Anmeldung ausgeschaltet',
        variant: 'success',
      }),
    );
    expect(session.setTwoFactor).toHaveBeenCalledWith({ enabled: false, setupRequired: false });
    expect(screen.getByText('Ausgeschaltet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Einrichten' })).toBeTruthy();
  });
});
