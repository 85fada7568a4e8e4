import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING_COLORS } from '../../../../shared/domain/constants';
import { mockApi, renderScreen } from '../../../../../test/support/component';
import { BrandingPreview, previewBranding } from './BrandingPreview';

describe('the branding preview', () => {
  it('draws a colour only once it is one, and falls back to the business name', () => {
    const branding = previewBranding(
      { primaryColor: '#1b4332', secondaryColor: '#12', companyName: '   ' },
      'Gasthof Linde',
    );
    expect(branding.primaryColor).toBe('#1B4332');
    expect(branding.secondaryColor).toBe(DEFAULT_BRANDING_COLORS.secondary);
    expect(branding.companyName).toBe('Gasthof Linde');
    expect(branding.fontFamily).toBe('Fira Sans');
  });

  it("shows a real person of the business, greeted in the form's tonality", async () => {
    mockApi({
      'GET /api/admin/branding/preview': {
        person: {
          displayName: 'Anna Schneider',
          jobTitle: 'Service',
          avatarUrl: null,
          thankYouMessage: 'Danke, bis bald!',
        },
      },
    });
    renderScreen(
      <BrandingPreview
        values={{ tonality: 'casual', primaryColor: '#1B4332' }}
        businessName="Gasthof Linde"
        businessId={null}
      />,
    );
    const page = await screen.findByTestId('branding-preview-page');
    expect(within(page).getByText('Anna Schneider')).toBeTruthy();
    expect(within(page).getByTestId('tonality-greeting').textContent).toBe(
      'Schön, dass du da warst!',
    );
    expect(page.hasAttribute('inert')).toBe(true);
  });

  it("shows a table's page with the unsaved thank-you while nobody can be shown", async () => {
    mockApi({ 'GET /api/admin/branding/preview': { person: null } });
    renderScreen(
      <BrandingPreview
        values={{ companyName: 'Waldesruh', thankYouMessage: ' Herzlichen Dank! ' }}
        businessName="Gasthof Linde"
        businessId={null}
      />,
    );
    const page = await screen.findByTestId('branding-preview-page');
    expect(within(page).getAllByText('Waldesruh').length).toBeGreaterThan(0);
    expect(within(page).getByTestId('tonality-greeting').textContent).toBe(
      'Schön, dass Sie da waren!',
    );
  });

  it("shows the first scan in the phone's font and later visits in the chosen one", async () => {
    mockApi({ 'GET /api/admin/branding/preview': { person: null } });
    const { user } = renderScreen(
      <BrandingPreview
        values={{ fontFamily: 'Montserrat' }}
        businessName="Gasthof Linde"
        businessId={null}
      />,
    );
    const page = await screen.findByTestId('branding-preview-page');
    expect(page.style.fontFamily).toBe('sans-serif');
    expect(
      screen.getByText(/^Beim ersten Scan zeigt das Handy die Startseite in seiner eigenen Schrift/)
        .textContent,
    ).toContain('sehen Gäste Montserrat.');
    await user.click(screen.getByRole('radio', { name: 'Ab dem Bezahlschritt' }));
    expect(page.style.fontFamily).toBe('');
    expect(
      screen.getByText(
        'So sehen Gäste die Seite ab dem Bezahlschritt und bei jedem weiteren Besuch: in Montserrat.',
      ),
    ).toBeTruthy();
  });
});
