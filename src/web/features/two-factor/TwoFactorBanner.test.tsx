import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../shared/api/profiles';
import { fakeSession, renderScreen } from '../../../../test/support/component';
import { TwoFactorBanner } from './TwoFactorBanner';

const profile = (role: Profile['role']) => ({ role }) as Profile;

describe('the two-factor banner in the admin shell', () => {
  it('offers a business owner without two-factor sign-in to set it up', () => {
    renderScreen(<TwoFactorBanner />, {
      session: fakeSession({ profile: profile('business_owner') }),
    });
    const banner = screen.getByRole('complementary', { name: 'Zwei-Faktor-Anmeldung' });
    expect(banner.textContent).toContain('Schützen Sie Ihr Konto mit der Zwei-Faktor-Anmeldung.');
    expect(screen.getByRole('link', { name: 'Jetzt einrichten' }).getAttribute('href')).toBe(
      '/employee/account',
    );
  });

  it('is not shown once it is on, nor to employees or the platform admin', () => {
    for (const session of [
      fakeSession({
        profile: profile('business_owner'),
        twoFactor: { enabled: true, setupRequired: false },
      }),
      fakeSession({ profile: profile('employee') }),
      fakeSession({ profile: profile('admin') }),
    ]) {
      const { unmount } = renderScreen(<TwoFactorBanner />, { session });
      expect(screen.queryByTestId('two-factor-banner')).toBeNull();
      unmount();
    }
  });

  it('stays hidden for the rest of the tab once dismissed', async () => {
    const session = fakeSession({ profile: profile('business_owner') });
    const { user, unmount } = renderScreen(<TwoFactorBanner />, { session });
    await user.click(screen.getByRole('button', { name: 'Hinweis ausblenden' }));
    expect(screen.queryByTestId('two-factor-banner')).toBeNull();
    unmount();
    renderScreen(<TwoFactorBanner />, { session });
    expect(screen.queryByTestId('two-factor-banner')).toBeNull();
  });
});
