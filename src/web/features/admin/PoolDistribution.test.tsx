import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PoolDistributionPreview } from '../../../shared/api/pool';
import { apiError, mockApi, recordToasts, renderScreen } from '../../../../test/support/component';
import { PoolDistribution } from './PoolDistribution';

const ANNA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';

const preview: PoolDistributionPreview = {
  firstDay: '2026-03-16',
  lastDay: '2026-03-22',
  amountCents: 1000,
  tipCount: 2,
  currency: 'eur',
  fingerprint: 'f'.repeat(64),
  shares: [
    {
      profileId: ANNA,
      name: 'Anna Adler',
      role: 'Service',
      minutes: 360,
      pointsMilli: 1000,
      amountCents: 750,
      explanation: '…',
    },
    {
      profileId: BEN,
      name: 'Ben Berg',
      role: 'Küche',
      minutes: 240,
      pointsMilli: 500,
      amountCents: 250,
      explanation: '…',
    },
  ],
};

async function openAndPreview() {
  renderScreen(<PoolDistribution />);
  fireEvent.click(screen.getByRole('button', { name: 'Pool nach Arbeitsstunden verteilen …' }));
  fireEvent.change(await screen.findByLabelText(/Zeitraum/), { target: { value: 'week' } });
  fireEvent.change(screen.getByLabelText(/Datum/), { target: { value: '2026-03-18' } });
  fireEvent.click(screen.getByRole('button', { name: 'Vorschau anzeigen' }));
  return screen.findByTestId('pool-distribution-preview');
}

describe('Pool verteilen', () => {
  it('previews every share with hours and points, then books exactly that preview', async () => {
    const calls = mockApi({
      'GET /api/admin/pool/distribution': preview,
      'POST /api/admin/pool/distribution': { ...preview, distributionId: ANNA },
    });
    const toasts = recordToasts();
    const shown = await openAndPreview();
    expect(calls[0]!.query.get('period')).toBe('week');
    expect(calls[0]!.query.get('day')).toBe('2026-03-18');
    expect(shown.textContent).toContain(
      '2 Trinkgelder über 10,00\u00a0€ im Pool (16.03.–22.03.2026).',
    );
    const rows = shown.querySelectorAll('tbody tr');
    expect([...rows].map((row) => row.textContent)).toEqual([
      'Anna Adler · Service617,50\u00a0€',
      'Ben Berg · Küche40,52,50\u00a0€',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Verteilen' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({
      period: 'week',
      day: '2026-03-18',
      fingerprint: 'f'.repeat(64),
    });
    await waitFor(() =>
      expect(toasts().map((toast) => toast.title)).toContain(
        '10,00\u00a0€ an 2 Personen verteilt. Die Anteile gehen mit der nächsten Auszahlung hinaus.',
      ),
    );
  });

  it('says the server’s German refusal when the preview is stale', async () => {
    mockApi({
      'GET /api/admin/pool/distribution': preview,
      'POST /api/admin/pool/distribution': apiError(
        409,
        'pool_distribution_changed',
        'Pool verteilen: Bitte sehen Sie sich die Vorschau erneut an.',
      ),
    });
    const toasts = recordToasts();
    await openAndPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Verteilen' }));
    await waitFor(() =>
      expect(toasts().map((toast) => toast.title)).toContain(
        'Pool verteilen: Bitte sehen Sie sich die Vorschau erneut an.',
      ),
    );
    expect(screen.queryByTestId('pool-distribution-preview')).toBeNull();
  });
});
