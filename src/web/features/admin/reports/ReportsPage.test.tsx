import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { proFeatureNames } from '../../../../shared/i18n/admin-pro';
import type { PlanState } from '../../../../shared/api/plans';
import type { Report } from '../../../../shared/api/reports';
import { apiError, mockApi, renderScreen } from '../../../../../test/support/component';
import { basisPlan, proPlan } from '../../../../../test/support/web-factories';
import { ReportsPage } from './ReportsPage';

function report(): Report {
  return {
    from: '2026-11-01',
    to: '2026-11-29',
    currency: 'eur',
    totals: { amountCents: 4200, count: 3, contributionsCents: 0, refundedCents: 0 },
    byEmployee: [],
    pool: { amountCents: 0, count: 0 },
    byTeam: [],
    byPoint: [],
    qr: {
      visits: 0,
      visitsWithTip: 0,
      paidTips: 0,
      conversion: null,
      averageCents: null,
      contributionsCents: 0,
    },
    perDay: [],
    payouts: [],
  };
}

const asksForReports = (calls: { path: string }[]) =>
  calls.some((call) => call.path.startsWith('/api/admin/reports'));

describe('the reports page', () => {
  it('on Basis shows the way to Tarif instead of the report and never asks for it', async () => {
    const calls = mockApi({ 'GET /api/admin/plan': basisPlan() });
    renderScreen(<ReportsPage />);
    const notice = await screen.findByRole('region', { name: 'Gehört zu Trinkgeld Pro' });
    expect(notice.textContent).toContain(proFeatureNames.reports);
    expect(within(notice).getByRole('link', { name: 'Zum Tarif' }).getAttribute('href')).toBe(
      '/admin/tarif',
    );
    // No period form, no CSV link, no report: nothing that could only be refused.
    expect(screen.queryByRole('button', { name: 'Anzeigen' })).toBeNull();
    expect(screen.queryByRole('link', { name: /CSV/ })).toBeNull();
    expect(screen.queryByTestId('report')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asksForReports(calls)).toBe(false);
  });

  it('waits for the plan before asking, then shows the report on Pro', async () => {
    let answerPlan: (plan: PlanState) => void = () => {};
    const calls = mockApi({
      'GET /api/admin/plan': () => new Promise<PlanState>((resolve) => (answerPlan = resolve)),
      'GET /api/admin/reports': report(),
    });
    renderScreen(<ReportsPage />);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/admin/plan'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asksForReports(calls)).toBe(false);
    answerPlan(proPlan());
    expect(await screen.findByTestId('report')).toBeTruthy();
    expect(asksForReports(calls)).toBe(true);
    expect(screen.queryByRole('region', { name: 'Gehört zu Trinkgeld Pro' })).toBeNull();
  });

  it('leaves the decision to the server when the plan cannot be read', async () => {
    mockApi({
      'GET /api/admin/plan': apiError(500, 'internal', 'Interner Fehler.'),
      'GET /api/admin/reports': report(),
    });
    renderScreen(<ReportsPage />);
    expect(await screen.findByTestId('report')).toBeTruthy();
  });
});
