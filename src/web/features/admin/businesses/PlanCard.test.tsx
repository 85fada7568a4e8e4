import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BusinessOverviewRow, BusinessPlanSummary } from '../../../../shared/api/operator';
import { fill, mockApi, recordToasts, renderScreen } from '../../../../../test/support/component';
import {
  basisPlan,
  businessOverviewRow,
  businessPlanSummary,
  proPlan,
} from '../../../../../test/support/web-factories';
import { PlanCard } from './PlanCard';

const business = (
  plan: Partial<BusinessPlanSummary> = {},
  fields: Partial<BusinessOverviewRow> = {},
): BusinessOverviewRow => businessOverviewRow({ plan: businessPlanSummary(plan), ...fields });

const grantForm = () => within(screen.getByRole('form', { name: 'Pro freischalten' }));

describe("the business page's plan card", () => {
  it('shows the plan facts: a paid subscription with its locations and monthly net price', () => {
    renderScreen(
      <PlanCard
        business={business({
          plan: 'pro',
          source: 'paid',
          status: 'active',
          currentPeriodEnd: '2026-05-01T10:00:00.000Z',
          locations: 2,
        })}
        onChanged={() => {}}
      />,
    );
    const card = screen.getByTestId('business-plan');
    expect(card.textContent).toContain('Proaktiv2 Standorte');
    expect(card.textContent).toContain('Bezahlter Zeitraum bis01.05.2026');
    expect(card.textContent).toMatch(/Monatlich \(netto\)38,00\s€/);
    expect(card.textContent).toContain('Freigeschaltet bis–');
    // No grant runs: nothing to end.
    expect(screen.queryByRole('form', { name: 'Freischaltung beenden' })).toBeNull();
  });

  it('checks the grant in the browser with the shared schema, then grants Pro and refreshes', async () => {
    const toasts = recordToasts();
    const hotel = business();
    const calls = mockApi({
      [`POST /api/admin/businesses/${hotel.id}/plan-grant`]: proPlan({
        source: 'granted',
        grantedUntil: '2026-03-31T22:00:00.000Z',
      }),
    });
    const onChanged = vi.fn();
    const { user } = renderScreen(<PlanCard business={hotel} onChanged={onChanged} />);

    await user.click(grantForm().getByRole('button', { name: 'Freischalten' }));
    expect(await screen.findByText('Bitte geben Sie ein gültiges Datum an.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie einen Grund an (mindestens 3 Zeichen).')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await fill(user, grantForm().getByLabelText(/^bis/), '2026-03-31');
    await fill(user, grantForm().getByLabelText(/^Grund/), '  Pilotbetrieb ');
    await user.click(grantForm().getByRole('button', { name: 'Freischalten' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.map((call) => [call.method, call.body])).toEqual([
      ['POST', { until: '2026-03-31', reason: 'Pilotbetrieb' }],
    ]);
    expect(toasts()).toEqual([
      { title: 'Pro für „Hotel Seeblick“ bis 31.03.2026 freigeschaltet.', variant: 'success' },
    ]);
  });

  it('ends a running grant with a reason', async () => {
    const toasts = recordToasts();
    const hotel = business({
      plan: 'pro',
      source: 'granted',
      grantedUntil: '2026-03-31T22:00:00.000Z',
    });
    const calls = mockApi({
      [`POST /api/admin/businesses/${hotel.id}/plan-grant`]: basisPlan(),
    });
    const onChanged = vi.fn();
    const { user } = renderScreen(<PlanCard business={hotel} onChanged={onChanged} />);
    expect(screen.getByTestId('business-plan').textContent).toContain(
      'Freigeschaltet bis31.03.2026',
    );
    // The grant form starts at the running grant's last day, ready to extend it.
    expect((grantForm().getByLabelText(/^bis/) as HTMLInputElement).value).toBe('2026-03-31');

    const end = within(screen.getByRole('form', { name: 'Freischaltung beenden' }));
    await user.click(end.getByRole('button', { name: 'Freischaltung beenden' }));
    expect(
      await end.findByText('Bitte geben Sie einen Grund an (mindestens 3 Zeichen).'),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
    await fill(user, end.getByLabelText(/^Grund für das Beenden/), 'Pilot beendet');
    await user.click(end.getByRole('button', { name: 'Freischaltung beenden' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.map((call) => call.body)).toEqual([{ until: null, reason: 'Pilot beendet' }]);
    expect(toasts()).toEqual([
      { title: 'Freischaltung für „Hotel Seeblick“ beendet.', variant: 'success' },
    ]);
  });

  it('offers no grant for a closed business', () => {
    renderScreen(
      <PlanCard
        business={business({}, { status: 'closed', closedAt: '2026-02-01T10:00:00.000Z' })}
        onChanged={() => {}}
      />,
    );
    expect(screen.queryByRole('form', { name: 'Pro freischalten' })).toBeNull();
    expect(screen.getByTestId('business-plan').textContent).toContain('Basis');
  });
});
