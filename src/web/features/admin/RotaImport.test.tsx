import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RotaPreview } from '../../../shared/api/rota-import';
import type { ShiftBoard } from '../../../shared/api/shifts';
import { mockApi, recordToasts, renderScreen } from '../../../../test/support/component';
import { uuid } from '../../../../test/support/web-factories';
import { RotaImport } from './RotaImport';

const KITCHEN = uuid('7eab0000');

const board: ShiftBoard = {
  today: '2026-03-16',
  days: ['2026-03-16'],
  targets: [{ kind: 'team', id: KITCHEN, label: 'Küche', teamName: null }],
  people: [],
  assignments: [],
};

const mapping = { person: 'E-Mail', day: 'Datum', start: 'Beginn', end: 'Ende', target: 'Team' };

function preview(fields: Partial<RotaPreview> = {}): RotaPreview {
  return {
    encoding: 'windows-1252',
    separator: ';',
    columns: ['E-Mail', 'Datum', 'Beginn', 'Ende', 'Team'],
    mapping,
    suggested: mapping,
    firstDay: '2026-03-16',
    lastDay: '2026-03-30',
    lines: [
      {
        line: 2,
        state: 'new',
        personName: 'Jonas Müller',
        person: 'jonas@hotel.test',
        day: '2026-03-17',
        startTime: '18:00',
        endTime: '02:00',
        overnight: true,
        targetName: 'Küche',
        problems: [],
      },
      {
        line: 3,
        state: 'problem',
        personName: null,
        person: 'niemand@hotel.test',
        day: '2026-03-17',
        startTime: '08:00',
        endTime: '16:00',
        overnight: false,
        targetName: 'Küche',
        problems: [
          'Unbekannte Person: „niemand@hotel.test“ ist keine aktive Person dieses Betriebs.',
        ],
      },
    ],
    counts: { new: 1, unchanged: 0, problem: 1 },
    ...fields,
  };
}

describe('Dienstplan importieren', () => {
  it('reads the file, shows the mapping and every line with its problems, and imports', async () => {
    let imported = 0;
    const calls = mockApi({
      'POST /api/admin/shifts/import/preview': () =>
        imported === 0 ? preview() : preview({ counts: { new: 0, unchanged: 1, problem: 1 } }),
      'POST /api/admin/shifts/import': () => {
        imported += 1;
        return { created: 1, unchanged: 0, skipped: 1 };
      },
    });
    const toasts = recordToasts();
    const { user } = renderScreen(
      <RotaImport board={board} locked={false} onImported={() => {}} />,
    );
    const bytes = Uint8Array.from([...'E-Mail;Datum\nm\xfcller;1\n'].map((c) => c.charCodeAt(0)));
    await user.upload(
      screen.getByLabelText('CSV-Datei'),
      new File([bytes], 'woche.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('1 neu · 0 schon geplant · 1 mit Problemen')).toBeTruthy();
    expect(
      screen.getByText(
        'Unbekannte Person: „niemand@hotel.test“ ist keine aktive Person dieses Betriebs.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('17.03.2026 · 18:00–02:00 (bis Folgetag) · Küche')).toBeTruthy();
    expect((screen.getByLabelText(/^Datum/) as HTMLSelectElement).value).toBe('Datum');
    // The file went as Base64 of its very bytes (Windows-1252 'ü' is 0xFC).
    const first = calls.find((call) => call.path === '/api/admin/shifts/import/preview')!;
    expect(Buffer.from((first.body as { file: string }).file, 'base64')).toEqual(
      Buffer.from(bytes),
    );

    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    await waitFor(() =>
      expect(toasts().map((toast) => toast.title)).toContain(
        '1 Dienst eingeteilt, 0 schon geplant, 1 übersprungen.',
      ),
    );
    const sent = calls.find((call) => call.path === '/api/admin/shifts/import')!;
    expect(sent.body).toMatchObject({ fileName: 'woche.csv', mapping });
    expect(await screen.findByText('Keine neue gültige Zeile.')).toBeTruthy();
  });
});
