import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessOverview, BusinessPlanSummary } from '../../../../shared/api/operator';
import { mockApi, renderScreen } from '../../../../../test/support/component';
import {
  businessOverviewRow,
  businessPlanSummary,
} from '../../../../../test/support/web-factories';
import { BusinessesPage } from './BusinessesPage';
import { PlanBadge } from './PlanBadge';

const planSummary = businessPlanSummary;
const row = (name: string, plan: BusinessPlanSummary) =>
  businessOverviewRow({ name, contactEmail: 'info@example.test', plan });

const badgeText = (plan: BusinessPlanSummary) => {
  const { unmount } = renderScreen(<PlanBadge plan={plan} />);
  const text = screen.getByTestId('plan-badge').textContent;
  unmount();
  return text;
};

describe('the plan badge', () => {
  it('says each state in German, with until when', () => {
    expect(badgeText(planSummary())).toBe('Basis');
    expect(
      badgeText(
        planSummary({
          plan: 'pro',
          source: 'trial',
          status: 'trialing',
          trialEndsAt: '2026-04-15T10:00:00.000Z',
        }),
      ),
    ).toBe('ProTestphase bis 15.04.2026');
    expect(
      badgeText(
        planSummary({
          plan: 'pro',
          source: 'paid',
          status: 'active',
          currentPeriodEnd: '2026-05-01T10:00:00.000Z',
          locations: 2,
        }),
      ),
    ).toBe('Proaktiv2 Standorte');
    expect(
      badgeText(
        planSummary({
          plan: 'pro',
          source: 'paid',
          status: 'active',
          currentPeriodEnd: '2026-05-01T10:00:00.000Z',
          cancelAtPeriodEnd: true,
        }),
      ),
    ).toBe('Progekündigt zum 01.05.2026' + '1 Standort');
    expect(badgeText(planSummary({ plan: 'pro', source: 'grace', status: 'past_due' }))).toBe(
      'ProZahlung offen1 Standort',
    );
    expect(badgeText(planSummary({ status: 'cancelled' }))).toBe('Basisgekündigt');
    // A grant 'bis 31.03.2026' holds until Berlin's midnight after that day.
    expect(
      badgeText(
        planSummary({
          plan: 'pro',
          source: 'granted',
          status: 'basis',
          grantedUntil: '2026-03-31T22:00:00.000Z',
        }),
      ),
    ).toBe('Profreigeschaltet bis 31.03.2026');
  });
});

describe('the businesses list', () => {
  it("shows each business's plan in the 'Tarif' column and the MRR in the header", async () => {
    const overview: BusinessOverview = {
      items: [
        row('Café Basis', planSummary()),
        row(
          'Hotel Pro',
          planSummary({ plan: 'pro', source: 'paid', status: 'active', locations: 2 }),
        ),
      ],
      page: 1,
      pageSize: 25,
      total: 2,
      month: '2026-03-01',
      currency: 'EUR',
      retentionDays: 90,
      mrrCents: 123_456,
    };
    mockApi({ 'GET /api/admin/businesses/overview': overview });
    renderScreen(<BusinessesPage />, { location: '/admin/businesses' });

    const table = await screen.findByTestId('businesses-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(0, 3)).toEqual(['Betrieb', 'Tarif', 'Inhaber']);
    expect(
      within(screen.getByTestId('business-Café Basis')).getByTestId('plan-badge').textContent,
    ).toBe('Basis');
    expect(
      within(screen.getByTestId('business-Hotel Pro')).getByTestId('plan-badge').textContent,
    ).toBe('Proaktiv2 Standorte');
    const mrr = screen.getByTestId('businesses-mrr');
    expect(mrr.textContent).toMatch(/^MRR \(netto\)1\.234,56\s€$/);
  });
});
