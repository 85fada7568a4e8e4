import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PoolPage, PoolTip } from '../../../shared/api/pool';
import { mockApi, recordToasts, renderScreen, apiError } from '../../../../test/support/component';
import { staffUser } from '../../../../test/support/web-factories';
import { PoolCard } from './PoolCard';

const ANNA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';

let nextTip = 0;
function poolTip(amountCents: number, extra: Partial<PoolTip> = {}): PoolTip {
  nextTip += 1;
  return {
    id: `aaaaaaaa-0000-4000-8000-${String(nextTip).padStart(12, '0')}`,
    amountCents,
    currency: 'eur',
    createdAt: '2026-11-20T18:30:00Z',
    placeLabel: 'Tisch 4',
    guestMessage: null,
    feedbackEmoji: null,
    feedbackMessage: null,
    ...extra,
  };
}

const staff = {
  items: [
    staffUser({ id: ANNA, fullName: 'Anna Schneider' }),
    // The platform admin and a deactivated person are never offered.
    staffUser({ id: BEN, fullName: 'Ben Owner', role: 'admin' }),
    staffUser({ fullName: 'Carla Weg', status: 'deactivated' }),
  ],
  permissions: { inviteRoles: [] },
};

const page = (extra: Partial<PoolPage>): PoolPage => ({
  items: [],
  total: 0,
  totalCents: 0,
  nextCursor: null,
  assigned: [],
  ...extra,
});

describe('the pool card', () => {
  it('sums the whole pool in euros and offers only active non-admin staff', async () => {
    const tip = poolTip(1250, { guestMessage: 'Danke!', feedbackEmoji: 'smile' });
    mockApi({
      'GET /api/admin/pool': page({ items: [tip], total: 3, totalCents: 4205, nextCursor: 'x' }),
      'GET /api/admin/users': staff,
    });
    renderScreen(<PoolCard />);
    expect((await screen.findByTestId('pool-total')).textContent).toBe(
      '3 Trinkgelder, zusammen 42,05\u00a0€',
    );
    const row = screen.getByTestId('pool-tip');
    expect(row.textContent).toContain('12,50\u00a0€ · Tisch 4');
    expect(row.textContent).toContain('„Danke!“');
    await waitFor(() => expect(within(row).getAllByRole('option')).toHaveLength(2));
    expect(
      within(row)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bitte wählen', 'Anna Schneider']);
    // One page of three: the rest is offered, with how many are left.
    expect(screen.getByRole('button', { name: 'Mehr laden (2 weitere)' })).toBeTruthy();
    expect(screen.getByTestId('pool-shown').textContent).toBe('1 von 3 angezeigt');
    // 'Aushang drucken': the pool's rule as a PDF notice for the staff room (decision 0660).
    expect(screen.getByRole('link', { name: 'Aushang drucken' }).getAttribute('href')).toMatch(
      /^\/api\/admin\/pool\/rule-notice\.pdf/,
    );
  });

  it('says the pool is empty and that a tip without words has no message', async () => {
    mockApi({
      'GET /api/admin/pool': page({ items: [poolTip(500, { placeLabel: null })], total: 0 }),
      'GET /api/admin/users': staff,
    });
    renderScreen(<PoolCard />);
    expect((await screen.findByTestId('pool-total')).textContent).toBe('Der Pool ist leer.');
    const row = screen.getByTestId('pool-tip');
    expect(row.textContent).toContain('5,00\u00a0€ · Betrieb');
    expect(row.textContent).toContain('Ohne Nachricht');
    expect(screen.queryByRole('button', { name: /Mehr laden/ })).toBeNull();
  });

  it('asks for a person in German before anything is sent', async () => {
    const calls = mockApi({
      'GET /api/admin/pool': page({ items: [poolTip(800)], total: 1, totalCents: 800 }),
      'GET /api/admin/users': staff,
    });
    const { user } = renderScreen(<PoolCard />);
    await user.click(await screen.findByRole('button', { name: 'Zuweisen' }));
    expect(await screen.findByText('Mitarbeiter: Bitte wählen Sie eine Person aus.')).toBeTruthy();
    expect(screen.getByRole('combobox').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    // Choosing someone after the failed try clears the message at once.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(screen.getByRole('combobox'), ANNA);
    await waitFor(() =>
      expect(screen.queryByText('Mitarbeiter: Bitte wählen Sie eine Person aus.')).toBeNull(),
    );
  });

  it('confirms amount, place and person, then assigns and says so', async () => {
    const tip = poolTip(1500);
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/admin/pool': page({ items: [tip], total: 1, totalCents: 1500 }),
      'GET /api/admin/users': staff,
      [`POST /api/admin/pool/${tip.id}/assign`]: {
        tipId: tip.id,
        profileId: ANNA,
        personName: 'Anna Schneider',
        amountCents: 1500,
      },
    });
    const { user } = renderScreen(<PoolCard />);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(screen.getByRole('combobox'), ANNA);
    await user.click(screen.getByRole('button', { name: 'Zuweisen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      '15,00\u00a0€ (Tisch 4) gehen an Anna Schneider. Bis zur nächsten Auszahlung',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Zuweisen' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Trinkgeld Anna Schneider zugewiesen.',
        variant: 'success',
      }),
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ profileId: ANNA });
  });

  it('undoes an assignment, the other undo buttons held while it runs', async () => {
    const toasts = recordToasts();
    const assigned = [
      {
        id: 'bbbbbbbb-0000-4000-8000-000000000001',
        amountCents: 700,
        currency: 'eur',
        placeLabel: 'Bar',
        profileId: ANNA,
        personName: 'Anna Schneider',
        assignedAt: '2026-11-21T10:00:00Z',
      },
      {
        id: 'bbbbbbbb-0000-4000-8000-000000000002',
        amountCents: 300,
        currency: 'eur',
        placeLabel: null,
        profileId: ANNA,
        personName: 'Anna Schneider',
        assignedAt: '2026-11-21T09:00:00Z',
      },
    ];
    let release: () => void = () => {};
    mockApi({
      'GET /api/admin/pool': page({ assigned }),
      'GET /api/admin/users': staff,
      [`POST /api/admin/pool/${assigned[0]!.id}/unassign`]: () =>
        new Promise((resolve) => {
          release = () => resolve(apiError(409, 'pool_tip_paid_out', 'Bereits ausgezahlt.'));
        }),
    });
    const { user } = renderScreen(<PoolCard />);
    const section = await screen.findByTestId('pool-assigned');
    expect(section.textContent).toContain('7,00\u00a0€ · Bar → Anna Schneider');
    expect(section.textContent).toContain('3,00\u00a0€ · Betrieb → Anna Schneider');
    const first = within(section).getByRole('button', {
      name: 'Zuweisung von 7,00\u00a0€ an Anna Schneider rückgängig machen',
    });
    const second = within(section).getByRole('button', {
      name: 'Zuweisung von 3,00\u00a0€ an Anna Schneider rückgängig machen',
    });
    await user.click(first);
    await waitFor(() => expect((second as HTMLButtonElement).disabled).toBe(true));
    expect(first.getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Rückgängig machen fehlgeschlagen',
        description: 'Bereits ausgezahlt.',
        variant: 'destructive',
      }),
    );
    await waitFor(() => expect((second as HTMLButtonElement).disabled).toBe(false));
  });
});
