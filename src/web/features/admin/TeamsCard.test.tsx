import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { proFeatureNames } from '../../../shared/i18n/admin-pro';
import { mockApi, recordToasts, renderScreen } from '../../../../test/support/component';
import { basisPlan, proPlan, staffUser, team } from '../../../../test/support/web-factories';
import { TeamsCard } from './TeamsCard';

const anna = staffUser({ fullName: 'Anna Schneider' });
const ben = staffUser({ fullName: 'Ben Müller' });
const gone = staffUser({ fullName: 'Carla Weg', status: 'deactivated' });

describe('the teams card', () => {
  it("lists each team's split, payment points and members, with points only when weighted", async () => {
    mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/teams': {
        items: [
          team({
            name: 'Küche',
            splitRule: 'weighted',
            pointCount: 1,
            members: [
              { profileId: anna.id, fullName: 'Anna Schneider', email: anna.email, weight: 1 },
              { profileId: ben.id, fullName: null, email: 'ben@example.test', weight: 3 },
            ],
          }),
          team({
            name: 'Bar',
            pointCount: 2,
            members: [
              { profileId: anna.id, fullName: 'Anna Schneider', email: anna.email, weight: 5 },
            ],
          }),
          team({ name: 'Frühstück' }),
        ],
      },
    });
    renderScreen(<TeamsCard staff={[anna, ben]} />);
    const kitchen = await screen.findByTestId('team-Küche');
    expect(kitchen.textContent).toContain('Gewichtet (Punkte je Mitglied) · 1 Bezahlpunkt');
    expect(kitchen.textContent).toContain('Anna Schneider (1 Punkt), ben@example.test (3 Punkte)');
    // 'Aushang drucken': the rule as a PDF notice for the staff room (decision 0660).
    const notice = within(kitchen).getByRole('link', {
      name: 'Aushang drucken: Aufteilungsregel von Team Küche (PDF)',
    });
    expect(notice.textContent).toBe('Aushang drucken');
    expect(notice.getAttribute('href')).toMatch(/^\/api\/admin\/teams\/[^/]+\/rule-notice\.pdf/);
    const bar = screen.getByTestId('team-Bar');
    expect(bar.textContent).toContain('Zu gleichen Teilen · 2 Bezahlpunkte');
    expect(bar.textContent).toContain('Anna Schneider');
    expect(bar.textContent).not.toContain('Punkte)');
    expect(screen.getByTestId('team-Frühstück').textContent).toContain('Keine Mitglieder');
  });

  it('asks for a name in German before creating a team', async () => {
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/teams': { items: [] },
      'POST /api/admin/teams': (call) => team(call.body as object),
    });
    const { user } = renderScreen(<TeamsCard staff={[]} />);
    expect(await screen.findByText('Noch keine Teams.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Team anlegen' }));
    expect(await screen.findByText('Name: Bitte geben Sie einen Namen ein.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), '  Frühstück ');
    await user.selectOptions(screen.getByLabelText('Aufteilung'), 'weighted');
    await user.click(screen.getByRole('button', { name: 'Team anlegen' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ title: 'Team angelegt.', variant: 'success' }),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Frühstück',
      splitRule: 'weighted',
    });
  });

  it('refuses 0 points in a weighted team on the field, then saves the whole team at once', async () => {
    const toasts = recordToasts();
    const kitchen = team({ name: 'Küche', splitRule: 'weighted' });
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/teams': { items: [kitchen] },
      [`PUT /api/admin/teams/${kitchen.id}`]: kitchen,
    });
    const { user } = renderScreen(<TeamsCard staff={[anna, ben, gone]} />);
    await user.click(
      within(await screen.findByTestId('team-Küche')).getByRole('button', { name: 'Bearbeiten' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Team Küche bearbeiten' }));
    // Deactivated people cannot join a team.
    expect(dialog.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Anna Schneider',
      'Ben Müller',
    ]);
    expect((dialog.getByLabelText('Aufteilung') as HTMLSelectElement).value).toBe('weighted');
    await user.click(dialog.getByRole('checkbox', { name: 'Anna Schneider' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Ben Müller' }));
    const points = dialog.getByLabelText('Punkte für Ben Müller');
    expect((points as HTMLInputElement).value).toBe('1');
    await user.clear(points);
    await user.type(points, '0');
    await user.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(
      await dialog.findByText(
        'Punkte: Bei gewichteter Aufteilung braucht jedes Mitglied mindestens 1 Punkt.',
      ),
    ).toBeTruthy();
    expect(points.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(points);
    await user.type(points, '3');
    await user.click(dialog.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ title: 'Team gespeichert.', variant: 'success' }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Küche',
      splitRule: 'weighted',
      members: [
        { profileId: anna.id, weight: 1 },
        { profileId: ben.id, weight: 3 },
      ],
    });
  });

  it('shows no points fields for an equal split', async () => {
    const bar = team({ name: 'Bar', splitRule: 'equal' });
    mockApi({ 'GET /api/admin/plan': proPlan(), 'GET /api/admin/teams': { items: [bar] } });
    const { user } = renderScreen(<TeamsCard staff={[anna]} />);
    await user.click(
      within(await screen.findByTestId('team-Bar')).getByRole('button', { name: 'Bearbeiten' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('checkbox', { name: 'Anna Schneider' }));
    expect(dialog.queryByLabelText('Punkte für Anna Schneider')).toBeNull();
    await user.selectOptions(dialog.getByLabelText('Aufteilung'), 'weighted');
    expect(dialog.getByLabelText('Punkte für Anna Schneider')).toBeTruthy();
  });
});

describe('the teams card on Basis', () => {
  it('keeps the teams listed, shows the way to Tarif and turns every change off', async () => {
    const calls = mockApi({
      'GET /api/admin/plan': basisPlan(),
      'GET /api/admin/teams': {
        items: [
          team({
            name: 'Küche',
            members: [
              { profileId: anna.id, fullName: 'Anna Schneider', email: anna.email, weight: 1 },
            ],
          }),
        ],
      },
    });
    const { user } = renderScreen(<TeamsCard staff={[anna, ben]} />);
    const notice = await screen.findByRole('region', { name: 'Gehört zu Trinkgeld Pro' });
    expect(notice.textContent).toContain(proFeatureNames.teams);
    expect(within(notice).getByRole('link', { name: 'Zum Tarif' }).getAttribute('href')).toBe(
      '/admin/tarif',
    );
    // The team and its members stay as they are.
    const kitchen = screen.getByTestId('team-Küche');
    expect(kitchen.textContent).toContain('Anna Schneider');
    const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
    expect(disabled(within(kitchen).getByRole('button', { name: 'Bearbeiten' }))).toBe(true);
    expect(disabled(within(kitchen).getByRole('button', { name: 'Löschen' }))).toBe(true);
    const create = screen.getByRole('button', { name: /^Team anlegen/ });
    expect(disabled(create)).toBe(true);
    expect(within(create).getByText('Gehört zu Trinkgeld Pro')).toBeTruthy();
    expect(disabled(screen.getByRole('textbox', { name: /^Name/ }))).toBe(true);
    expect(disabled(screen.getByLabelText('Aufteilung'))).toBe(true);
    await user.click(within(kitchen).getByRole('button', { name: 'Bearbeiten' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
