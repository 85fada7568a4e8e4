import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstantPayoutQuote } from '../../../shared/api/instant-payout';
import { apiError, mockApi, recordToasts, renderScreen } from '../../../../test/support/component';
import { InstantPayoutCard } from './InstantPayoutCard';

function quote(fields: Partial<InstantPayoutQuote> = {}): InstantPayoutQuote {
  return {
    available: true,
    reason: null,
    reasonCode: null,
    balanceCents: 4250,
    feeCents: 64,
    netCents: 4186,
    currency: 'eur',
    provider: 'stripe',
    ...fields,
  };
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe("the staff's instant payout", () => {
  it('shows balance, fee and what arrives before anything is paid', async () => {
    mockApi({ 'GET /api/employee/payout/instant': quote() });
    renderScreen(<InstantPayoutCard />);
    expect(await screen.findByTestId('instant-balance')).toBeTruthy();
    expect(text('instant-balance')).toBe('42,50\u00a0€');
    expect(text('instant-fee')).toBe('− 0,64\u00a0€');
    expect(text('instant-net')).toBe('41,86\u00a0€');
    expect(
      (screen.getByRole('button', { name: 'Sofort auszahlen' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('says why it is not available now and offers no button to press', async () => {
    mockApi({
      'GET /api/employee/payout/instant': quote({
        available: false,
        reason: 'Sofortauszahlung: Ihr Guthaben reicht nicht für die Gebühr.',
        reasonCode: 'instant_balance_too_low',
        balanceCents: 50,
        feeCents: 50,
        netCents: 0,
      }),
    });
    renderScreen(<InstantPayoutCard />);
    expect(await screen.findByTestId('instant-reason')).toBeTruthy();
    expect(text('instant-reason')).toBe(
      'Sofortauszahlung: Ihr Guthaben reicht nicht für die Gebühr.',
    );
    expect(
      (screen.getByRole('button', { name: 'Sofort auszahlen' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('promises no amount without a payout account, only that the balance stays', async () => {
    mockApi({
      'GET /api/employee/payout/instant': quote({
        available: false,
        reason: 'Kein Auszahlungskonto.',
        reasonCode: 'instant_account_not_ready',
      }),
    });
    renderScreen(<InstantPayoutCard />);
    expect((await screen.findByTestId('instant-no-account')).textContent).toContain(
      'Noch kein Auszahlungskonto',
    );
    expect(text('instant-balance')).toBe('42,50\u00a0€');
    expect(screen.queryByTestId('instant-fee')).toBeNull();
    expect(screen.queryByTestId('instant-net')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sofort auszahlen' })).toBeNull();
  });

  it('pays the seen balance once, with one key, after a confirmation naming the amounts', async () => {
    const toasts = recordToasts();
    const calls = mockApi({
      'GET /api/employee/payout/instant': quote({ provider: 'demo' }),
      'POST /api/employee/payout/instant': {
        payoutId: 'p1',
        status: 'paid',
        amountCents: 4250,
        feeCents: 64,
        netCents: 4186,
        currency: 'eur',
        reference: 'tr_demo_1',
        cardPayoutReference: null,
        processedAt: '2026-11-29T10:00:00Z',
      },
    });
    const { user } = renderScreen(<InstantPayoutCard />);
    expect(await screen.findByText(/Demo-Modus: Die Auszahlung wird nur simuliert\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sofort auszahlen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sofortauszahlung bestätigen' });
    expect(dialog.textContent).toContain(
      'Guthaben 42,50\u00a0€, Gebühr 0,64\u00a0€: Sie erhalten 41,86\u00a0€ sofort auf Ihr Konto.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '41,86\u00a0€ auszahlen' }));
    expect((await screen.findByTestId('instant-done')).textContent).toBe(
      '41,86\u00a0€ ausgezahlt · Referenz tr_demo_1',
    );
    expect(toasts()).toContainEqual({
      title: 'Sofortauszahlung ausgeführt',
      description: '41,86\u00a0€',
    });
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      balanceCents: 4250,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it("says the server's refusal and pays nothing", async () => {
    const toasts = recordToasts();
    mockApi({
      'GET /api/employee/payout/instant': quote(),
      'POST /api/employee/payout/instant': apiError(
        409,
        'instant_balance_changed',
        'Ihr Guthaben hat sich geändert. Bitte bestätigen Sie erneut.',
      ),
    });
    const { user } = renderScreen(<InstantPayoutCard />);
    await user.click(await screen.findByRole('button', { name: 'Sofort auszahlen' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: '41,86\u00a0€ auszahlen',
      }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Fehler',
        description: 'Ihr Guthaben hat sich geändert. Bitte bestätigen Sie erneut.',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByTestId('instant-done')).toBeNull();
  });
});
