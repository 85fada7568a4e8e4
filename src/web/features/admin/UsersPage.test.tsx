import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffUser } from '../../../shared/api/staff';
import { proFeatureNames } from '../../../shared/i18n/admin-pro';
import { mockApi, recordToasts, renderScreen } from '../../../../test/support/component';
import { basisPlan, proPlan, staffUser } from '../../../../test/support/web-factories';
import { UsersPage } from './UsersPage';

const ALL_ACTIONS = {
  changeRole: ['business_owner'] as StaffUser['role'][],
  deactivate: true,
  reactivate: false,
  resendInvitation: false,
  resetTwoFactor: true,
};

function list(
  items: StaffUser[],
  inviteRoles: StaffUser['role'][] = ['employee', 'business_owner'],
) {
  return { items, permissions: { inviteRoles } };
}

/** The wide table's row of a person (the phone cards repeat the same facts). */
const row = async (email: string) => within(await screen.findByTestId(`user-${email}`));

describe('the users page', () => {
  it("shows each person's role, state, two-factor badge and invitation link state", async () => {
    const active = staffUser({
      fullName: 'Anna Schneider',
      email: 'anna@example.test',
      teams: ['Küche', 'Bar'],
      twoFactorEnabled: true,
      lastLoginAt: '2026-11-20T09:15:00Z',
    });
    const invited = staffUser({
      fullName: null,
      email: 'neu@example.test',
      status: 'invited',
      role: 'business_owner',
      invitationExpiresAt: '2020-01-01T00:00:00Z',
      invitationDelivery: 'failed',
    });
    const gone = staffUser({ email: 'weg@example.test', status: 'deactivated' });
    mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/users': list([active, invited, gone]),
      'GET /api/admin/teams': { items: [] },
    });
    renderScreen(<UsersPage />);

    const anna = await row('anna@example.test');
    expect(anna.getByText('Aktiv')).toBeTruthy();
    expect(anna.getByText('Mitarbeiter')).toBeTruthy();
    expect(anna.getByText('Küche, Bar')).toBeTruthy();
    expect(anna.getByText('Zwei-Faktor an')).toBeTruthy();
    expect(anna.queryByText('Noch nie')).toBeNull();

    const neu = await row('neu@example.test');
    expect(neu.getByText('Eingeladen')).toBeTruthy();
    expect(neu.getByText('Geschäftsinhaber')).toBeTruthy();
    expect(neu.getByText('Profil noch nicht vervollständigt')).toBeTruthy();
    expect(neu.getByText('Link abgelaufen')).toBeTruthy();
    expect(neu.getByTestId('invitation-delivery').textContent).toBe(
      'Einladungs-E-Mail: fehlgeschlagen',
    );
    expect(neu.getByText('Noch nie')).toBeTruthy();
    expect(neu.queryByText('Zwei-Faktor an')).toBeNull();

    expect((await row('weg@example.test')).getByText('Deaktiviert')).toBeTruthy();
  });

  it('offers exactly the actions the server allows, and no menu where none is', async () => {
    const owner = staffUser({ email: 'chef@example.test', fullName: 'Chef' });
    const anna = staffUser({
      email: 'anna@example.test',
      fullName: 'Anna',
      allowedActions: ALL_ACTIONS,
    });
    mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/users': list([owner, anna]),
      'GET /api/admin/teams': { items: [] },
    });
    const { user } = renderScreen(<UsersPage />);
    expect((await row('chef@example.test')).queryByRole('button')).toBeNull();
    await user.click(
      (await row('anna@example.test')).getByRole('button', { name: 'Aktionen für Anna' }),
    );
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual([
      'Zwei-Faktor zurücksetzen',
      'Rolle ändern',
      'Deaktivieren',
    ]);
  });

  it('checks the invitation address in German and invites with the chosen role', async () => {
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/users': list([], ['employee', 'business_owner']),
      'GET /api/admin/teams': { items: [] },
      'POST /api/admin/users': (call) =>
        staffUser({ email: (call.body as { email: string }).email, status: 'invited' }),
    });
    const { user } = renderScreen(<UsersPage />);
    expect(await screen.findByText('Keine Mitarbeitenden gefunden.')).toBeTruthy();
    const email = screen.getByLabelText(/^E-Mail/);
    await user.type(email, 'kein-at-zeichen');
    await user.click(screen.getByRole('button', { name: 'Einladen' }));
    expect(
      await screen.findByText('E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const role = screen.getByLabelText('Rolle');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mitarbeiter', 'Geschäftsinhaber']);
    await user.clear(email);
    await user.type(email, '  Neu@Example.TEST ');
    await user.selectOptions(role, 'business_owner');
    await user.click(screen.getByRole('button', { name: 'Einladen' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Einladung an neu@example.test gesendet.',
        variant: 'success',
      }),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'neu@example.test',
      role: 'business_owner',
    });
    // The form empties for the next person and keeps the role.
    expect((email as HTMLInputElement).value).toBe('');
    expect((role as HTMLSelectElement).value).toBe('business_owner');
  });

  it.each([
    ['delivered', 'Einladung an neu@example.test gesendet.', 'success'],
    [
      'retrying',
      'Die Einladung an neu@example.test konnte nicht zugestellt werden; sie wird erneut versucht.',
      undefined,
    ],
    [
      'failed',
      'Die Einladung an neu@example.test konnte nicht zugestellt werden. Bitte prüfen Sie die Adresse und senden Sie sie erneut.',
      'destructive',
    ],
    [
      'logged',
      'Einladung an neu@example.test angelegt. Die E-Mail wurde nicht versendet, sie steht nur im Server-Log (MAIL_TRANSPORT=log).',
      undefined,
    ],
  ] as const)(
    'says "gesendet" only when the invitation e-mail was handed over (%s)',
    async (state, title, variant) => {
      const toasts = recordToasts();
      mockApi({
        'GET /api/admin/plan': proPlan(),
        'GET /api/admin/users': list([], ['employee', 'business_owner']),
        'GET /api/admin/teams': { items: [] },
        'POST /api/admin/users': (call) =>
          staffUser({
            email: (call.body as { email: string }).email,
            status: 'invited',
            invitationDelivery: state,
          }),
      });
      const { user } = renderScreen(<UsersPage />);
      await screen.findByText('Keine Mitarbeitenden gefunden.');
      await user.type(screen.getByLabelText(/^E-Mail/), 'neu@example.test');
      await user.click(screen.getByRole('button', { name: 'Einladen' }));
      await waitFor(() =>
        expect(toasts()).toContainEqual(variant ? { title, variant } : { title }),
      );
    },
  );

  it('deactivates a person only after the confirmation names them', async () => {
    const toasts = recordToasts();
    const anna = staffUser({
      email: 'anna@example.test',
      fullName: 'Anna',
      allowedActions: ALL_ACTIONS,
    });
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/users': list([anna]),
      'GET /api/admin/teams': { items: [] },
      [`POST /api/admin/users/${anna.id}/deactivate`]: { ...anna, status: 'deactivated' },
    });
    const { user } = renderScreen(<UsersPage />);
    await user.click(
      (await row('anna@example.test')).getByRole('button', { name: 'Aktionen für Anna' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Deaktivieren', hidden: true }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Anna deaktivieren?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ title: 'Konto deaktiviert.', variant: 'success' }),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/admin/users/${anna.id}/deactivate`,
    ]);
  });

  it('changes a role among the current one and those the server allows', async () => {
    const toasts = recordToasts();
    const anna = staffUser({
      email: 'anna@example.test',
      fullName: 'Anna',
      allowedActions: ALL_ACTIONS,
    });
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/users': list([anna]),
      'GET /api/admin/teams': { items: [] },
      [`PATCH /api/admin/users/${anna.id}`]: { ...anna, role: 'business_owner' },
    });
    const { user } = renderScreen(<UsersPage />);
    await user.click(
      (await row('anna@example.test')).getByRole('button', { name: 'Aktionen für Anna' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Rolle ändern', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rolle von Anna ändern' }));
    const select = dialog.getByRole('combobox');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Geschäftsinhaber', 'Mitarbeiter']);
    await user.selectOptions(select, 'business_owner');
    await user.click(dialog.getByRole('button', { name: 'Rolle speichern' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ title: 'Rolle geändert.', variant: 'success' }),
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      role: 'business_owner',
    });
  });
});

describe('the users page on Basis', () => {
  it('invites employees, but offers the owner role only marked and off, with the way to Tarif', async () => {
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/admin/plan': basisPlan(),
      'GET /api/admin/users': list([], ['employee', 'business_owner']),
      'GET /api/admin/teams': { items: [] },
      'POST /api/admin/users': (call) =>
        staffUser({ email: (call.body as { email: string }).email, status: 'invited' }),
    });
    const { user } = renderScreen(<UsersPage />);
    const notice = await waitFor(() => {
      const found = screen
        .getAllByRole('region', { name: 'Gehört zu Trinkgeld Pro' })
        .find((region) => region.textContent?.includes(proFeatureNames.manager_role));
      expect(found).toBeTruthy();
      return found;
    });
    expect(notice).toBeTruthy();
    expect(within(notice!).getByRole('link', { name: 'Zum Tarif' }).getAttribute('href')).toBe(
      '/admin/tarif',
    );
    const role = screen.getByLabelText('Rolle') as HTMLSelectElement;
    const options = within(role).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['Mitarbeiter', false],
      ['Geschäftsinhaber (Pro)', true],
    ]);
    await user.type(screen.getByLabelText(/^E-Mail/), 'neu@example.test');
    await user.click(screen.getByRole('button', { name: 'Einladen' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Einladung an neu@example.test gesendet.',
        variant: 'success',
      }),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'neu@example.test',
      role: 'employee',
    });
  });

  it("keeps an owner's own role but offers making someone owner only marked and off", async () => {
    const anna = staffUser({
      email: 'anna@example.test',
      fullName: 'Anna',
      allowedActions: ALL_ACTIONS,
    });
    mockApi({
      'GET /api/admin/plan': basisPlan(),
      'GET /api/admin/users': list([anna]),
      'GET /api/admin/teams': { items: [] },
    });
    const { user } = renderScreen(<UsersPage />);
    await screen.findAllByRole('region', { name: 'Gehört zu Trinkgeld Pro' });
    await user.click(
      (await row('anna@example.test')).getByRole('button', { name: 'Aktionen für Anna' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Rolle ändern', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rolle von Anna ändern' }));
    const options = within(dialog.getByRole('combobox')).getAllByRole(
      'option',
    ) as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['Geschäftsinhaber (Pro)', true],
      ['Mitarbeiter', false],
    ]);
    const notice = dialog.getByRole('region', { name: 'Gehört zu Trinkgeld Pro' });
    expect(notice.textContent).toContain(proFeatureNames.manager_role);
    expect(within(notice).getByRole('link', { name: 'Zum Tarif' }).getAttribute('href')).toBe(
      '/admin/tarif',
    );
  });
});
