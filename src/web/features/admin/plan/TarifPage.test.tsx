import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceList } from '../../../../shared/api/invoices';
import type { PlanState } from '../../../../shared/api/plans';
import { entitlementsOf } from '../../../../shared/domain/plans';
import { basisPlan, proPlan } from '../../../../../test/support/web-factories';
import { mockApi, recordToasts, renderScreen } from '../../../../../test/support/component';
import { TarifPage } from './TarifPage';

/** A Basis business that has not tried Pro, one of its three shared points used. */
const plan = (extra: Partial<PlanState>) =>
  basisPlan({ sharedPoints: { used: 1, allowance: 3 }, ...extra });

const paid = proPlan({
  trialAvailable: false,
  currentPeriodEnd: '2026-12-29T10:00:00.000Z',
  locations: 2,
  sharedPoints: { used: 5, allowance: null },
});

const noInvoices: InvoiceList = { items: [] };
const config = {
  contactEmail: 'kontakt@trinkgeld.example',
  publicOrigin: 'http://app.local',
  paymentProvider: 'demo',
  signup: 'open',
  demoPages: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Tarif page', () => {
  it('starts the trial of a Basis business and says until when', async () => {
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/admin/plan': plan({}),
      'GET /api/admin/invoices': noInvoices,
      'GET /api/public-config': config,
      'POST /api/admin/plan/trial': plan({
        plan: 'pro',
        status: 'trialing',
        source: 'trial',
        trialAvailable: false,
        trialEndsAt: '2026-12-29T10:00:00.000Z',
        entitlements: entitlementsOf('pro'),
      }),
    });
    const { user } = renderScreen(<TarifPage />);
    expect((await screen.findByTestId('plan-name')).textContent).toContain('Basis');
    expect(screen.getByText('1 von 3 Team-, Objekt- oder Betriebs-Bezahlpunkten')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pro 30 Tage testen' }));
    await waitFor(() => expect(screen.getByTestId('plan-name').textContent).toContain('Pro'));
    expect(screen.getByTestId('plan-state').textContent).toContain('Pro-Testphase bis 29.12.2026');
    expect(calls.filter((call) => call.path === '/api/admin/plan/trial')).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({ title: 'Pro-Testphase gestartet' });
  });

  it('checks the booking in the browser, shows the price and goes to the checkout', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    const calls = mockApi({
      'GET /api/admin/plan': plan({ trialAvailable: false }),
      'GET /api/admin/invoices': noInvoices,
      'GET /api/public-config': config,
      'POST /api/admin/plan/checkout': { checkoutUrl: 'http://app.local/billing/demo/checkout/x' },
    });
    const { user } = renderScreen(<TarifPage />);
    await screen.findByTestId('plan-name');
    const booking = screen.getByRole('button', { name: 'Pro buchen' });
    await user.click(booking);
    expect(
      await screen.findByText('Bitte geben Sie den Namen des Rechnungsempfängers an.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const locations = screen.getByLabelText(/^Standorte/);
    await user.clear(locations);
    await user.type(locations, '3');
    expect(screen.getByTestId('price-net').textContent).toContain('57,00');
    expect(screen.getByTestId('price-gross').textContent).toContain('67,83');
    await user.type(screen.getByLabelText(/^Firma oder Name/), 'Hotel Seeblick GmbH');
    await user.type(screen.getByLabelText(/^Straße und Hausnummer/), 'Uferweg 1');
    await user.type(screen.getByLabelText(/^PLZ/), '82319');
    await user.type(screen.getByLabelText(/^Ort/), 'Starnberg');
    await user.type(screen.getByLabelText(/^E-Mail für Rechnungen/), 'rechnung@seeblick.example');
    await user.click(booking);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://app.local/billing/demo/checkout/x'),
    );
    const sent = calls.find((call) => call.path === '/api/admin/plan/checkout');
    expect(sent?.body).toMatchObject({
      locations: 3,
      name: 'Hotel Seeblick GmbH',
      countryCode: 'DE',
      vatId: null,
      email: 'rechnung@seeblick.example',
    });
  });

  it('cancels a paid plan after confirmation, offers to take it back, and lists the invoices', async () => {
    mockApi({
      'GET /api/admin/plan': paid,
      'GET /api/public-config': config,
      'GET /api/admin/invoices': {
        items: [
          {
            id: '11111111-1111-4111-8111-111111111111',
            number: 'TG-2026-000007',
            issuedOn: '2026-11-29',
            periodStart: '2026-11-29',
            periodEnd: '2026-12-28',
            locations: 2,
            netCents: 3800,
            vatCents: 722,
            grossCents: 4522,
            taxTreatment: 'domestic',
          },
        ],
      } satisfies InvoiceList,
      'POST /api/admin/plan/cancel': { ...paid, cancelAtPeriodEnd: true },
    });
    const { user } = renderScreen(<TarifPage />);
    expect((await screen.findByTestId('plan-state')).textContent).toContain(
      'Nächste Abrechnung am 29.12.2026',
    );
    expect(screen.queryByRole('button', { name: 'Pro buchen' })).toBeNull();
    const row = await screen.findByTestId('invoice-row');
    expect(row.textContent).toContain('TG-2026-000007');
    expect(row.textContent).toContain('45,22');
    expect(
      within(row)
        .getByRole('link', { name: 'Rechnung TG-2026-000007 als XRechnung herunterladen' })
        .getAttribute('href'),
    ).toBe('/api/admin/invoices/11111111-1111-4111-8111-111111111111/xml');
    expect(screen.getByRole('link', { name: 'Demo-Abonnement öffnen' })).toBeTruthy();
    expect(screen.getByTestId('payment-method').textContent).toContain('Demo-Zahlungsanbieter');

    await user.click(screen.getByRole('button', { name: 'Kündigen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pro kündigen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Zum Periodenende kündigen' }));
    expect(await screen.findByRole('button', { name: 'Kündigung zurücknehmen' })).toBeTruthy();
    expect(screen.getByTestId('plan-state').textContent).toContain('Gekündigt zum 29.12.2026');
  });

  it('sends a Stripe customer to Stripe’s portal to change the card', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    const calls = mockApi({
      'GET /api/admin/plan': { ...paid, paymentProvider: 'stripe' },
      'GET /api/public-config': { ...config, paymentProvider: 'stripe', demoPages: false },
      'GET /api/admin/invoices': noInvoices,
      'POST /api/admin/plan/portal': { url: 'https://billing.stripe.com/p/session/test_1' },
    });
    const { user } = renderScreen(<TarifPage />);
    expect((await screen.findByTestId('payment-method')).textContent).toContain(
      'Karte über Stripe',
    );
    expect(screen.queryByRole('link', { name: 'Demo-Abonnement öffnen' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Zahlungsmethode ändern' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'),
    );
    expect(calls.filter((call) => call.path === '/api/admin/plan/portal')).toHaveLength(1);
  });
});
