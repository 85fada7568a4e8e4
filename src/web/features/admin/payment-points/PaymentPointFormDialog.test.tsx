import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentPointTargets } from '../../../../shared/api/payment-points';
import { adminProTexts, proFeatureNames } from '../../../../shared/i18n/admin-pro';
import { mockApi, renderScreen } from '../../../../../test/support/component';
import { basisPlan, uuid } from '../../../../../test/support/web-factories';
import { PaymentPointFormDialog } from './PaymentPointFormDialog';

const ANNA = uuid('5f0c8a1e');

const targets: PaymentPointTargets = {
  users: [{ id: ANNA, fullName: 'Anna Schneider', jobTitle: null }],
  teams: [{ id: uuid('7eab0000'), name: 'Service' }],
  tenant: { id: uuid('b0000000'), name: 'Gasthof Linde' },
};

function renderCreate(used: number) {
  const onSaved = vi.fn();
  const calls = mockApi({
    'GET /api/admin/plan': basisPlan({ sharedPoints: { used, allowance: 3 } }),
    'GET /api/admin/entrypoints/targets': targets,
    'POST /api/admin/entrypoints': (call) => ({
      id: uuid(),
      uid: 'ANNA-01',
      ...(call.body as object),
    }),
  });
  const rendered = renderScreen(
    <PaymentPointFormDialog mode={{ kind: 'create' }} onClose={() => {}} onSaved={onSaved} />,
  );
  return { calls, onSaved, ...rendered };
}

const createButton = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('button', { name: /^Bezahlpunkt erstellen/ }) as HTMLButtonElement;

describe('the new payment point dialog on Basis', () => {
  it('with the allowance used up offers team and business points only with the way to Tarif', async () => {
    const { user, calls, onSaved } = renderCreate(3);
    const dialog = within(await screen.findByRole('dialog', { name: 'Neuer Bezahlpunkt' }));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/admin/plan'));
    // A person's own point is always free: nothing is held back.
    expect(dialog.queryByRole('region', { name: 'Gehört zu Trinkgeld Pro' })).toBeNull();
    expect(createButton(dialog).disabled).toBe(false);

    await user.selectOptions(dialog.getByLabelText(/^Typ/), 'team');
    const notice = await dialog.findByRole('region', { name: 'Gehört zu Trinkgeld Pro' });
    expect(notice.textContent).toContain(proFeatureNames.extra_points);
    expect(within(notice).getByRole('link', { name: 'Zum Tarif' }).getAttribute('href')).toBe(
      '/admin/tarif',
    );
    expect(dialog.getByTestId('shared-points-used').textContent).toBe(
      adminProTexts.sharedPointsUsed(3, 3),
    );
    expect(createButton(dialog).disabled).toBe(true);
    expect(within(createButton(dialog)).getByText('Gehört zu Trinkgeld Pro')).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText(/^Zielart/), 'tenant');
    expect(createButton(dialog).disabled).toBe(true);

    // Back to a person: the point is created as before.
    await user.selectOptions(dialog.getByLabelText(/^Typ/), 'person');
    expect(dialog.queryByRole('region', { name: 'Gehört zu Trinkgeld Pro' })).toBeNull();
    expect(dialog.queryByTestId('shared-points-used')).toBeNull();
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Anna');
    await waitFor(() =>
      expect(dialog.getAllByRole('option', { name: 'Anna Schneider' })).toHaveLength(1),
    );
    await user.selectOptions(dialog.getByLabelText(/^Mitarbeiter/), ANNA);
    await user.click(createButton(dialog));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Anna',
      type: 'person',
      targetType: 'user',
      targetId: ANNA,
    });
  });

  it('below the allowance creates a team point and says how much of it is used', async () => {
    const { user } = renderCreate(1);
    const dialog = within(await screen.findByRole('dialog', { name: 'Neuer Bezahlpunkt' }));
    await user.selectOptions(dialog.getByLabelText(/^Typ/), 'team');
    expect((await dialog.findByTestId('shared-points-used')).textContent).toBe(
      adminProTexts.sharedPointsUsed(1, 3),
    );
    expect(dialog.queryByRole('region', { name: 'Gehört zu Trinkgeld Pro' })).toBeNull();
    expect(createButton(dialog).disabled).toBe(false);
  });
});
