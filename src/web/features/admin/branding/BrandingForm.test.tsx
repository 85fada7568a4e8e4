import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Branding } from '../../../../shared/api/branding';
import {
  apiError,
  fill,
  mockApi,
  recordToasts,
  renderScreen,
} from '../../../../../test/support/component';
import { DEFAULT_BRANDING_COLORS } from '../../../../shared/domain/constants';
import { uuid } from '../../../../../test/support/web-factories';
import { BrandingForm } from './BrandingForm';

const LOGO_URL = `/api/media/${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}`;

function branding(fields: Partial<Branding> = {}): Branding {
  return {
    businessId: uuid('b0000000'),
    businessName: 'Gasthof Linde',
    // A new business's colours, as the browser test's owner had them.
    primaryColor: DEFAULT_BRANDING_COLORS.primary,
    secondaryColor: DEFAULT_BRANDING_COLORS.secondary,
    accentColor: DEFAULT_BRANDING_COLORS.accent,
    fontFamily: 'Fira Sans',
    language: 'de',
    tonality: 'friendly',
    companyName: null,
    thankYouMessage: null,
    logoUrl: null,
    backgroundImageUrl: null,
    updatedAt: null,
    ...fields,
  };
}

/** The messages the form shows on its fields, as the owner reads them. */
const alerts = () =>
  within(screen.getByRole('form', { name: 'Branding Verwaltung' }))
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);

function renderForm(saved: Branding = branding(), routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'GET /api/admin/branding/preview': { person: null }, ...routes });
  return { calls, ...renderScreen(<BrandingForm branding={saved} businessId={null} />) };
}

describe('the branding form', () => {
  // Moved from the browser tier (test/e2e/admin-branding.test.ts): one form's own check.
  it('names the failing colour pair on the colour the owner changed', async () => {
    const { user } = renderForm();
    const primary = screen.getByRole('textbox', { name: 'Primärfarbe' });
    await fill(user, primary, '#FFDD00');
    // Only the primary colour changed: the message sits on it alone, naming the pair.
    await waitFor(() =>
      expect(alerts()).toEqual([
        expect.stringMatching(
          /^Primärfarbe: Weiße Schrift auf der Primärfarbe ist zu schwach lesbar: .*Bitte wählen Sie eine dunklere Primärfarbe\.$/,
        ),
      ]),
    );
    // A primary colour under which only the accent fails: still the primary colour to change.
    await fill(user, primary, '#46505A');
    await waitFor(() =>
      expect(alerts()).toEqual([
        expect.stringMatching(
          /^Primärfarbe: Die Akzentfarbe auf der Primärfarbe ist zu schwach lesbar: .*Bitte wählen Sie eine dunklere Primärfarbe\.$/,
        ),
      ]),
    );
  });

  it('asks for the #RRGGBB form in German', async () => {
    const { user } = renderForm();
    const accent = screen.getByRole('textbox', { name: 'Akzentfarbe' });
    await fill(user, accent, 'gelb');
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Akzentfarbe: Bitte geben Sie eine Farbe im Format #RRGGBB an (z. B. #003057).',
      ]),
    );
  });

  it('refuses to save an invalid form, says so and opens the tab of the first bad field', async () => {
    const toasts = recordToasts();
    const { user, calls } = renderForm();
    const primary = screen.getByRole('textbox', { name: 'Primärfarbe' });
    await fill(user, primary, '#F4D35E');
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    expect(screen.getByRole('tab', { name: 'Farben ⚠' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Speichern fehlgeschlagen',
        description: 'Bitte prüfen Sie die markierten Felder.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('tab', { name: 'Farben ⚠' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves the values as the schema sends them and then shows when it was saved', async () => {
    const toasts = recordToasts();
    const saved = branding({ updatedAt: '2026-11-01T09:00:00Z' });
    const { user, calls } = renderForm(saved, {
      'PUT /api/admin/branding': (call) => ({
        ...saved,
        ...(call.body as object),
        updatedAt: '2026-11-28T14:05:00Z',
      }),
    });
    expect(screen.getByText(/^Zuletzt gespeichert: /)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    await fill(user, screen.getByLabelText(/^Firmenname/), '  Waldesruh Hotel & Spa  ');
    await user.click(screen.getByLabelText('Locker'));
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();
    expect(screen.queryByText(/^Zuletzt gespeichert: /)).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Inhalt' }));
    await user.selectOptions(screen.getByLabelText(/^Schriftart/), 'Montserrat');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Branding gespeichert',
        description: 'Die Gästeseiten zeigen es ab sofort.',
        variant: 'success',
      }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      primaryColor: '#003057',
      secondaryColor: '#C8C9C7',
      accentColor: '#C8AA61',
      fontFamily: 'Montserrat',
      language: 'de',
      tonality: 'casual',
      companyName: 'Waldesruh Hotel & Spa',
      thankYouMessage: null,
      logoUrl: null,
    });
    // Saved: the form starts again from what the server stored.
    expect(await screen.findByText(/^Zuletzt gespeichert: /)).toBeTruthy();
    expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull();
  });

  it("puts the server's field message on its field", async () => {
    const { user } = renderForm(branding(), {
      'PUT /api/admin/branding': apiError(400, 'validation_error', 'Eingabe prüfen.', {
        details: [{ path: 'body.companyName', message: 'Firmenname: höchstens 200 Zeichen.' }],
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await user.click(await screen.findByRole('tab', { name: 'Text ⚠' }));
    expect(alerts()).toEqual(['Firmenname: höchstens 200 Zeichen.']);
  });

  it('refuses a logo over 1 MB before uploading it, and shows an uploaded one', async () => {
    const { user, calls } = renderForm(branding(), {
      'POST /api/admin/branding/logo': { logoUrl: LOGO_URL },
    });
    await user.click(screen.getByRole('tab', { name: 'Medien' }));
    expect(screen.getByText('Kein Logo')).toBeTruthy();
    const input = screen.getByLabelText(/^Logo/) as HTMLInputElement;
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(alerts()).toEqual(['Logo: Die Datei darf höchstens 1 MB groß sein.']);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.upload(input, new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' }));
    const logo = await screen.findByRole('img', { name: 'Aktuelles Logo' });
    expect(logo.getAttribute('src')).toBe(LOGO_URL);
    expect(alerts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Logo entfernen' }));
    expect(screen.getByText('Kein Logo')).toBeTruthy();
  });
});
