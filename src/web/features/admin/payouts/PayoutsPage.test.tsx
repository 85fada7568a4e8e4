import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  PayoutBatch,
  PayoutBatchSummary,
  PayoutOverview,
} from '../../../../shared/api/payouts';
import {
  apiError,
  mockApi,
  recordToasts,
  renderScreen,
} from '../../../../../test/support/component';
import { uuid } from '../../../../../test/support/web-factories';
import { PayoutsPage } from './PayoutsPage';

function overview(fields: Partial<PayoutOverview> = {}): PayoutOverview {
  return {
    schedule: 'weekly',
    lastScheduledAt: null,
    nextScheduledAt: null,
    provider: 'stripe',
    batches: [],
    held: [],
    ...fields,
  };
}

function summary(fields: Partial<PayoutBatchSummary> = {}): PayoutBatchSummary {
  return {
    id: uuid('ba000000'),
    trigger: 'manual',
    createdAt: '2026-11-27T16:00:00Z',
    requestedBy: 'Thomas Berger',
    transferCount: 2,
    paidCount: 1,
    totalCents: 4550,
    currency: 'eur',
    skippedCount: 0,
    ...fields,
  };
}

function batch(fields: Partial<PayoutBatch> = {}): PayoutBatch {
  return {
    ...summary(),
    transfers: [
      {
        id: uuid('tf000000'),
        employeeId: uuid('e0000000'),
        employeeName: 'Anna Schneider',
        amountCents: 3050,
        currency: 'eur',
        status: 'paid',
        reference: 'tr_123',
        processedAt: '2026-11-27T16:00:05Z',
        tipCount: 4,
        failureReason: null,
        deductions: [{ amountCents: 500, reason: 'Erstattung an den Gast' }],
      },
      {
        id: uuid('tf000000'),
        employeeId: uuid('e0000000'),
        employeeName: 'Ben Müller',
        amountCents: 1500,
        currency: 'eur',
        status: 'failed',
        reference: null,
        processedAt: null,
        tipCount: 1,
        failureReason: 'Konto gesperrt',
        deductions: [],
      },
    ],
    skipped: [],
    ...fields,
  };
}

describe('the payouts page', () => {
  it('lists each batch with its trigger, paid share and sum, and says when the schedule runs', async () => {
    mockApi({
      'GET /api/admin/payouts': overview({
        provider: 'demo',
        batches: [
          summary({ trigger: 'schedule', paidCount: 3, transferCount: 3, totalCents: 12000 }),
          summary({ trigger: 'instant', paidCount: 0, transferCount: 1, skippedCount: 2 }),
        ],
      }),
    });
    renderScreen(<PayoutsPage />);
    const rows = within(await screen.findByTestId('payout-batches')).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(1, 5)
        .map((cell) => cell.textContent);
    expect(cells(rows[1]!)).toEqual(['Automatisch', '3/3', '120,00\u00a0€', '0']);
    expect(cells(rows[2]!)).toEqual(['Sofortauszahlung', '0/1', '45,50\u00a0€', '2']);
    expect(screen.getByRole('note').textContent).toContain('Demo-Modus');
    expect(screen.getByTestId('payout-schedule-text').textContent).toMatch(
      /^Wöchentlich: Die erste automatische Auszahlung läuft innerhalb weniger Minuten/,
    );
  });

  it('pays out only after confirmation, then reports transfers, sum and skipped people', async () => {
    const toasts = recordToasts();
    const made = batch({ transferCount: 2, totalCents: 4550, skippedCount: 1 });
    const calls = mockApi({
      'GET /api/admin/payouts': overview(),
      'POST /api/admin/payouts': made,
      // The page asks for the new batch again: refreshing the overview refreshes its batches.
      [`GET /api/admin/payouts/${made.id}`]: made,
    });
    const { user } = renderScreen(<PayoutsPage />);
    expect(await screen.findByText('Noch keine Auszahlungen.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Jetzt auszahlen' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Jetzt auszahlen?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Auszahlen' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Auszahlung abgeschlossen',
        description:
          '2 Überweisungen über 45,50\u00a0€ · 1 Person ohne Auszahlungskonto übersprungen',
        variant: 'success',
      }),
    );
    // The new batch opens with each transfer's state, deductions and reference.
    const transfers = await screen.findByTestId('payout-transfers');
    const anna = within(transfers).getByText('Anna Schneider').closest('tr')!;
    expect(anna.textContent).toContain('30,50\u00a0€');
    expect(anna.textContent).toContain('Abgezogen: 5,00\u00a0€ – Erstattung an den Gast');
    expect(within(anna).getByText('Überwiesen')).toBeTruthy();
    expect(anna.textContent).toContain('tr_123');
    const ben = within(transfers).getByText('Ben Müller').closest('tr')!;
    expect(within(ben).getByText('Fehlgeschlagen')).toBeTruthy();
    expect(ben.textContent).toContain('–');
  });

  it("says the server's reason when there is nothing to pay out", async () => {
    const toasts = recordToasts();
    mockApi({
      'GET /api/admin/payouts': overview(),
      'POST /api/admin/payouts': apiError(
        409,
        'nothing_to_pay_out',
        'Es gibt keine bezahlten Trinkgelder, die noch nicht ausgezahlt sind.',
      ),
    });
    const { user } = renderScreen(<PayoutsPage />);
    // Enabled once the overview is there.
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Jetzt auszahlen' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Jetzt auszahlen' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Auszahlen' }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Auszahlung nicht möglich',
        description: 'Es gibt keine bezahlten Trinkgelder, die noch nicht ausgezahlt sind.',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByTestId('payout-transfers')).toBeNull();
  });

  it('saves the schedule and shows the text of the one the server kept', async () => {
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/admin/payouts': overview({ schedule: 'weekly' }),
      'PUT /api/admin/payouts/schedule': overview({ schedule: 'daily' }),
    });
    const { user } = renderScreen(<PayoutsPage />);
    await user.selectOptions(await screen.findByLabelText('Rhythmus'), 'daily');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(screen.getByTestId('payout-schedule-text').textContent).toMatch(/^Täglich: /),
    );
    expect(toasts()).toContainEqual({ title: 'Rhythmus gespeichert', variant: 'success' });
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ schedule: 'daily' });
  });
});
