import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShiftAssignment, ShiftBoard } from '../../../shared/api/shifts';
import { proFeatureNames } from '../../../shared/i18n/admin-pro';
import { fill, mockApi, recordToasts, renderScreen } from '../../../../test/support/component';
import { basisPlan, proPlan, uuid } from '../../../../test/support/web-factories';
import { ShiftsPage } from './ShiftsPage';

const TABLE = uuid('0b1ec700');
const KITCHEN = uuid('7eab0000');
const ANNA = uuid('5f0c8a1e');
const BEN = uuid('5f0c8a1e');

/** Fourteen days from Monday 16 March 2026. */
const days = Array.from(
  { length: 14 },
  (_, index) => `2026-03-${String(16 + index).padStart(2, '0')}`,
);

function assignment(fields: Partial<ShiftAssignment>): ShiftAssignment {
  return {
    id: uuid('5417f700'),
    targetKind: 'point',
    targetId: TABLE,
    profileId: ANNA,
    personName: 'Anna Schneider',
    day: days[0]!,
    startTime: null,
    endTime: null,
    ...fields,
  };
}

function board(assignments: ShiftAssignment[] = []): ShiftBoard {
  return {
    today: days[0]!,
    days,
    targets: [
      { kind: 'point', id: TABLE, label: 'Tisch 7', teamName: 'Küche' },
      { kind: 'team', id: KITCHEN, label: 'Küche', teamName: null },
    ],
    people: [
      { id: ANNA, name: 'Anna Schneider' },
      { id: BEN, name: 'Ben Müller' },
    ],
    assignments,
  };
}

const dayRow = (day: string) => screen.getByTestId(`shift-day-${day}`);

describe('the shift plan', () => {
  it("shows the chosen object's days with times, overnight shifts and where tips go otherwise", async () => {
    mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/shifts': board([
        assignment({ day: days[0], startTime: '18:00', endTime: '02:00' }),
        assignment({ day: days[1], personName: 'Ben Müller', profileId: BEN }),
        assignment({ day: days[2], targetKind: 'team', targetId: KITCHEN }),
      ]),
    });
    const { user } = renderScreen(<ShiftsPage />);
    await screen.findByTestId('shift-days');
    expect(
      screen.getByText('Ist niemand eingeteilt, geht das Trinkgeld an das Team Küche.'),
    ).toBeTruthy();
    expect(dayRow(days[0]!).textContent).toContain('Heute');
    expect(dayRow(days[0]!).textContent).toContain(
      'Anna Schneider · 18:00–02:00 Uhr (bis Folgetag)',
    );
    expect(dayRow(days[1]!).textContent).toContain('Ben Müller · ganzer Tag');
    // The team's shift belongs to the team, not to the table.
    expect(dayRow(days[2]!).textContent).toContain('Niemand eingeteilt');

    await user.selectOptions(screen.getByLabelText('Objekt oder Team'), `team:${KITCHEN}`);
    expect(dayRow(days[2]!).textContent).toContain('Anna Schneider · ganzer Tag');
    expect(dayRow(days[0]!).textContent).toContain('Niemand eingeteilt');
    expect(
      screen.getByText(
        'Ist jemand eingeteilt, wird nur unter diesen Personen aufgeteilt; sonst unter allen Mitgliedern.',
      ),
    ).toBeTruthy();
  });

  it('checks person and times in German before assigning, and says an overnight end', async () => {
    const calls = mockApi({ 'GET /api/admin/plan': proPlan(), 'GET /api/admin/shifts': board() });
    const { user } = renderScreen(<ShiftsPage />);
    const form = within(await screen.findByRole('form', { name: 'Einteilen' }));
    await fill(user, form.getByLabelText('Beginn (optional)'), '18:00');
    await user.click(form.getByRole('button', { name: 'Einteilen' }));
    expect(await form.findByText('Mitarbeiter: Bitte wählen Sie eine Person aus.')).toBeTruthy();
    expect(
      form.getByText(
        'Uhrzeit: Bitte Beginn und Ende angeben – oder keins von beiden für den ganzen Tag.',
      ),
    ).toBeTruthy();
    await fill(user, form.getByLabelText(/^Ende/), '18:00');
    expect(
      await form.findByText('Uhrzeit: Beginn und Ende dürfen nicht gleich sein.'),
    ).toBeTruthy();
    await fill(user, form.getByLabelText(/^Ende/), '10:00');
    expect(await form.findByText('Endet am Folgetag um 10:00 Uhr.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('assigns a person for the chosen day and target, the whole day without times', async () => {
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/shifts': board(),
      'POST /api/admin/shifts': (call) =>
        assignment({ ...(call.body as object), personName: 'Ben Müller' }),
    });
    const { user } = renderScreen(<ShiftsPage />);
    const form = within(await screen.findByRole('form', { name: 'Einteilen' }));
    const day = form.getByLabelText(/^Tag/);
    expect((day as HTMLSelectElement).value).toBe(days[0]);
    expect(within(day).getAllByRole('option')[0]!.textContent).toBe('Mo., 16.03. (Heute)');
    await user.selectOptions(form.getByLabelText(/^Mitarbeiter/), BEN);
    await user.selectOptions(day, days[3]!);
    await user.click(form.getByRole('button', { name: 'Einteilen' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ title: 'Ben Müller eingeteilt.', variant: 'success' }),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      targetKind: 'point',
      targetId: TABLE,
      profileId: BEN,
      day: days[3],
      startTime: null,
      endTime: null,
    });
    // Ready for the next person on the same day.
    expect((form.getByLabelText(/^Mitarbeiter/) as HTMLSelectElement).value).toBe('');
    expect((day as HTMLSelectElement).value).toBe(days[3]);
  });

  it('copies this week of the chosen target from today after a confirmation', async () => {
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/shifts': board(),
      'POST /api/admin/shifts/copy-week': { copied: 3, removed: 1 },
    });
    const { user } = renderScreen(<ShiftsPage />);
    await user.click(await screen.findByRole('button', { name: 'Woche kopieren' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Diese Woche auf die nächste kopieren?',
    });
    expect(dialog.textContent).toContain('vom Mo., 16.03. bis So., 22.03.');
    await user.click(within(dialog).getByRole('button', { name: 'Woche kopieren' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ title: '3 Einteilungen kopiert.', variant: 'success' }),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      targetKind: 'point',
      targetId: TABLE,
      fromDay: days[0],
    });
  });

  it('says how to start when there is nothing to plan', async () => {
    mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/shifts': { ...board(), targets: [] },
    });
    renderScreen(<ShiftsPage />);
    expect(await screen.findByText(/^Noch keine Objekte oder Teams\./)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Einteilen' })).toBeNull();
  });
});

describe('the shift plan on Basis', () => {
  it('stays visible with the way to Tarif, and assigning, removing and copying are off', async () => {
    const calls = mockApi({
      'GET /api/admin/plan': basisPlan(),
      'GET /api/admin/shifts': board([assignment({ day: days[0] })]),
    });
    const { user } = renderScreen(<ShiftsPage />);
    const notice = await screen.findByRole('region', { name: 'Gehört zu Trinkgeld Pro' });
    expect(notice.textContent).toContain(proFeatureNames.shift_routing);
    expect(within(notice).getByRole('link', { name: 'Zum Tarif' }).getAttribute('href')).toBe(
      '/admin/tarif',
    );
    // The board is still there, and another target can still be looked at.
    expect(dayRow(days[0]!).textContent).toContain('Anna Schneider · ganzer Tag');
    const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
    expect(
      disabled(
        within(dayRow(days[0]!)).getByRole('button', {
          name: /^Einteilung von Anna Schneider am .* entfernen$/,
        }),
      ),
    ).toBe(true);
    const copy = screen.getByRole('button', { name: /^Woche kopieren/ });
    expect(disabled(copy)).toBe(true);
    expect(within(copy).getByText('Gehört zu Trinkgeld Pro')).toBeTruthy();
    const form = within(screen.getByRole('form', { name: 'Einteilen' }));
    const assign = form.getByRole('button', { name: /^Einteilen/ });
    expect(disabled(assign)).toBe(true);
    expect(within(assign).getByText('Gehört zu Trinkgeld Pro')).toBeTruthy();
    for (const field of [/^Mitarbeiter/, /^Tag/, 'Beginn (optional)', /^Ende/]) {
      expect(disabled(form.getByLabelText(field))).toBe(true);
    }
    await user.selectOptions(screen.getByLabelText('Objekt oder Team'), `team:${KITCHEN}`);
    expect(dayRow(days[0]!).textContent).toContain('Niemand eingeteilt');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
