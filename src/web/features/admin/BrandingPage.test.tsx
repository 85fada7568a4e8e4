import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminProTexts, proFeatureNames } from '../../../shared/i18n/admin-pro';
import type { Branding } from '../../../shared/api/branding';
import { DEFAULT_BRANDING_COLORS } from '../../../shared/domain/constants';
import { fill, mockApi, renderScreen } from '../../../../test/support/component';
import { basisPlan, proPlan, uuid } from '../../../../test/support/web-factories';
import { BrandingPage } from './BrandingPage';

const LOGO_URL = `/api/media/${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}`;

function saved(): Branding {
  return {
    businessId: uuid('b0000000'),
    businessName: 'Gasthof Linde',
    primaryColor: DEFAULT_BRANDING_COLORS.primary,
    secondaryColor: DEFAULT_BRANDING_COLORS.secondary,
    accentColor: DEFAULT_BRANDING_COLORS.accent,
    fontFamily: 'Fira Sans',
    language: 'de',
    tonality: 'friendly',
    companyName: 'Linde am See',
    thankYouMessage: null,
    logoUrl: LOGO_URL,
    backgroundImageUrl: null,
    updatedAt: '2026-11-01T09:00:00Z',
  };
}

const saveButton = () => screen.getByRole('button', { name: /^Speichern/ }) as HTMLButtonElement;

describe('the branding page', () => {
  it('on Basis keeps colours, font and logo as saved, saves the rest and shows the way to Tarif', async () => {
    const calls = mockApi({
      'GET /api/admin/plan': basisPlan(),
      'GET /api/admin/branding': saved(),
      'GET /api/admin/branding/preview': { person: null },
      'PUT /api/admin/branding': (call) => ({ ...saved(), ...(call.body as object) }),
    });
    const { user } = renderScreen(<BrandingPage />);
    const notice = await screen.findByRole('region', { name: 'Gehört zu Trinkgeld Pro' });
    expect(notice.textContent).toContain(proFeatureNames.branding);
    expect(within(notice).getByRole('link', { name: 'Zum Tarif' }).getAttribute('href')).toBe(
      '/admin/tarif',
    );
    // Saving stays on, and says what Basis saves.
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    const hint = document.getElementById(saveButton().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(adminProTexts.brandingTryOut);

    // The colours are shown as saved and cannot be changed here.
    expect(screen.getByText(adminProTexts.whitelabelLocked)).toBeTruthy();
    const picker = screen.getByLabelText('Primärfarbe auswählen') as HTMLInputElement;
    expect(picker.disabled).toBe(true);
    const primary = screen.getByRole('textbox', { name: /^Primärfarbe/ }) as HTMLInputElement;
    expect(primary.readOnly).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Standardfarben' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // The logo shows; uploading or removing it is off.
    await user.click(screen.getByRole('tab', { name: 'Medien' }));
    expect(screen.getByRole('img', { name: 'Aktuelles Logo' }).getAttribute('src')).toBe(LOGO_URL);
    expect((screen.getByLabelText(/^Logo/) as HTMLInputElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Logo entfernen' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // The name is Basis: saved with the look as it was.
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    await fill(user, screen.getByLabelText(/^Firmenname/) as HTMLInputElement, 'Waldesruh');
    await user.click(saveButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      companyName: 'Waldesruh',
      primaryColor: DEFAULT_BRANDING_COLORS.primary,
      fontFamily: 'Fira Sans',
      logoUrl: LOGO_URL,
    });
  });

  it('on Pro shows no notice and lets the owner save', async () => {
    mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/branding': saved(),
      'GET /api/admin/branding/preview': { person: null },
    });
    renderScreen(<BrandingPage />);
    await screen.findByRole('form', { name: 'Branding Verwaltung' });
    await screen.findByTestId('branding-preview-page');
    expect(saveButton().disabled).toBe(false);
    expect(screen.queryByRole('region', { name: 'Gehört zu Trinkgeld Pro' })).toBeNull();
    expect(screen.queryByText(adminProTexts.brandingTryOut)).toBeNull();
  });
});
