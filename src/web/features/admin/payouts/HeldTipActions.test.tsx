import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HeldTip } from '../../../../shared/api/payouts';
import {
  apiError,
  mockApi,
  recordToasts,
  renderScreen,
} from '../../../../../test/support/component';
import { uuid } from '../../../../../test/support/web-factories';
import { HeldTipActions } from './HeldTipActions';

const held = (): HeldTip => ({
  tipId: uuid('7b1d2c3e'),
  recipient: 'Anna Schneider',
  amountCents: 1250,
  currency: 'eur',
  reason: 'Betrag passt nicht',
  heldAt: '2026-11-27T10:00:00Z',
});

const emptyOverview = {
  schedule: 'weekly',
  lastScheduledAt: null,
  nextScheduledAt: null,
  provider: 'stripe',
  batches: [],
  held: [],
};

describe('the decision on a held tip', () => {
  it('releases it after a confirmation naming person and amount', async () => {
    const toasts = recordToasts();
    const tip = held();
    const calls = mockApi({
      [`POST /api/admin/payouts/held/${tip.tipId}/release`]: emptyOverview,
    });
    const { user } = renderScreen(<HeldTipActions tip={tip} />);
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Trinkgeld freigeben?' });
    expect(dialog.textContent).toContain(
      'Anna Schneider, 12,50\u00a0€: Sie haben die Zahlung geprüft.',
    );
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Trinkgeld freigegeben; es wird mit der nächsten Auszahlung überwiesen.',
      }),
    );
    expect(calls.map((call) => call.path)).toEqual([
      `/api/admin/payouts/held/${tip.tipId}/release`,
    ]);
  });

  it("asks before a refund with the refund's own words and says why one failed", async () => {
    const toasts = recordToasts();
    const tip = held();
    mockApi({
      [`POST /api/admin/payouts/held/${tip.tipId}/refund`]: apiError(
        409,
        'tip_not_held',
        'Dieses Trinkgeld wird nicht mehr angehalten.',
      ),
    });
    const { user } = renderScreen(<HeldTipActions tip={tip} />);
    await user.click(screen.getByRole('button', { name: 'Erstatten' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Trinkgeld erstatten?' });
    expect(dialog.textContent).toContain('Der Gast erhält die ganze Zahlung zurück');
    await user.click(within(dialog).getByRole('button', { name: 'Erstatten' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Nicht möglich',
        description: 'Dieses Trinkgeld wird nicht mehr angehalten.',
        variant: 'destructive',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
