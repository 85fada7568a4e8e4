import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminProTexts } from '../../../shared/i18n/admin-pro';
import { mockApi, renderScreen } from '../../../../test/support/component';
import { basisPlan, proPlan } from '../../../../test/support/web-factories';
import { PaymentPointsPage } from './PaymentPointsPage';

const routes = {
  'GET /api/public-config': { demoPages: false },
  'GET /api/admin/entrypoints': {
    items: [],
    integrationConfigured: false,
    permissions: { generateDemoData: false },
  },
};

describe('the payment points page', () => {
  it("on Basis says how much of the shared points' allowance is used", async () => {
    mockApi({
      ...routes,
      'GET /api/admin/plan': basisPlan({ sharedPoints: { used: 2, allowance: 3 } }),
    });
    renderScreen(<PaymentPointsPage />);
    expect((await screen.findByTestId('points-shared-allowance')).textContent).toBe(
      adminProTexts.sharedPointsUsed(2, 3),
    );
    // New points stay possible: a person's own point is always free.
    const create = screen.getByRole('button', { name: 'Neuer Bezahlpunkt' }) as HTMLButtonElement;
    expect(create.disabled).toBe(false);
  });

  it('on Pro counts no allowance', async () => {
    mockApi({ ...routes, 'GET /api/admin/plan': proPlan() });
    renderScreen(<PaymentPointsPage />);
    expect(await screen.findByTestId('points-empty')).toBeTruthy();
    // The plan is asked with the list; once it answers there is still nothing to count.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('points-shared-allowance')).toBeNull();
  });
});
