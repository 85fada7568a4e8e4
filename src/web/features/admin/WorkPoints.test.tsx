import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WorkPoints as WorkPointsList } from '../../../shared/api/teams';
import { mockApi, recordToasts, renderScreen } from '../../../../test/support/component';
import { WorkPoints } from './WorkPoints';

const ANNA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';

const list: WorkPointsList = {
  items: [
    { profileId: ANNA, name: 'Anna Adler', pointsMilli: 1000, role: '' },
    { profileId: BEN, name: 'Ben Berg', pointsMilli: 500, role: 'Küche' },
  ],
};

describe('Punkte je Rolle', () => {
  it('shows each person’s points in German and saves them as the server reads them', async () => {
    const calls = mockApi({
      'GET /api/admin/work-points': list,
      'PUT /api/admin/work-points': list,
    });
    const toasts = recordToasts();
    renderScreen(<WorkPoints locked={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Punkte je Rolle …' }));
    const points = await screen.findAllByRole('textbox', { name: /^Punkte/ });
    expect(points.map((input) => (input as HTMLInputElement).value)).toEqual(['1', '0,5']);
    fireEvent.change(points[0]!, { target: { value: '1,25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Punkte speichern' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      items: [
        { profileId: ANNA, points: 1.25, role: '' },
        { profileId: BEN, points: 0.5, role: 'Küche' },
      ],
    });
    await waitFor(() =>
      expect(toasts().map((toast) => toast.title)).toContain('Punkte gespeichert.'),
    );
  });

  it('refuses points with too many decimals in German before anything is sent', async () => {
    const calls = mockApi({ 'GET /api/admin/work-points': list });
    renderScreen(<WorkPoints locked={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Punkte je Rolle …' }));
    const points = await screen.findAllByRole('textbox', { name: /^Punkte/ });
    fireEvent.change(points[1]!, { target: { value: '0,0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Punkte speichern' }));
    expect(await screen.findByText(/höchstens drei Nachkommastellen/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
