import { formatCents } from '../../../shared/domain/money';
import type { Tx } from '../../db/connect';
import type { PaymentSessionRow } from './queries/sessions';
import { holdTipForReview } from './queries/tips';

/**
 * Settlement that checks (decision 0141): what the provider charged must be what the
 * guest was asked for (the payment session's total and currency). Returns the German reason
 * the owner reads when it is not, or null when it matches. A provider that does not say the
 * amount (an older stored state) counts as matching.
 */
export function paymentMismatch(
  expected: { amountCents: number; currency: string },
  paid: { amountCents?: number | null; currency?: string | null },
): string | null {
  const currency = paid.currency?.toLowerCase() ?? null;
  if (currency !== null && currency !== expected.currency.toLowerCase()) {
    return `Währung weicht ab: erwartet ${expected.currency.toUpperCase()}, bezahlt ${currency.toUpperCase()}.`;
  }
  if (paid.amountCents !== null && paid.amountCents !== undefined) {
    if (paid.amountCents !== expected.amountCents) {
      return `Betrag weicht ab: erwartet ${formatCents(expected.amountCents)}, bezahlt ${formatCents(paid.amountCents)}.`;
    }
  }
  return null;
}

/** Holds a just-paid tip for review when the payment does not match; it is then not paid out. */
export async function holdOnMismatch(
  tx: Tx,
  input: {
    tipId: string;
    session: Pick<PaymentSessionRow, 'amountCents' | 'currency'>;
    state: { amountCents?: number | null; currency?: string | null };
    at: Date;
  },
): Promise<boolean> {
  const reason = paymentMismatch(input.session, input.state);
  if (!reason) return false;
  return holdTipForReview(tx, { tipId: input.tipId, reason, at: input.at });
}
