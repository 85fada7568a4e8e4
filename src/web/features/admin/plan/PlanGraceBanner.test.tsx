import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../../../test/support/component';
import { proPlan } from '../../../../../test/support/web-factories';
import { PlanGraceBanner } from './PlanGraceBanner';

describe('the grace banner', () => {
  it('says until when Pro holds after a failed charge, with the way to Tarif', async () => {
    mockApi({
      'GET /api/admin/plan': proPlan({
        status: 'past_due',
        source: 'grace',
        graceEndsAt: '2026-12-13T10:00:00.000Z',
      }),
    });
    renderScreen(<PlanGraceBanner />);
    const banner = await screen.findByTestId('plan-grace-banner');
    expect(banner.textContent).toContain('Pro bleibt bis 13.12.2026 aktiv');
    expect(screen.getByRole('link', { name: 'Zum Tarif' }).getAttribute('href')).toBe(
      '/admin/tarif',
    );
  });

  it('is not there while the plan is paid', async () => {
    const calls = mockApi({ 'GET /api/admin/plan': proPlan() });
    renderScreen(<PlanGraceBanner />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('plan-grace-banner')).toBeNull();
  });
});
