import { describe, expect, it } from 'vitest';
import { paymentMismatch } from './settlement-check';

describe('paymentMismatch', () => {
  const expected = { amountCents: 1045, currency: 'eur' };
  it('accepts the asked amount in the asked currency, in any letter case', () => {
    expect(paymentMismatch(expected, { amountCents: 1045, currency: 'EUR' })).toBeNull();
  });
  it('accepts a state that does not name the amount', () => {
    expect(paymentMismatch(expected, {})).toBeNull();
  });
  it('names a different amount in German', () => {
    expect(paymentMismatch(expected, { amountCents: 1000, currency: 'eur' })).toBe(
      'Betrag weicht ab: erwartet 10,45\u00a0€, bezahlt 10,00\u00a0€.',
    );
  });
  it('names a different currency first', () => {
    expect(paymentMismatch(expected, { amountCents: 1045, currency: 'usd' })).toBe(
      'Währung weicht ab: erwartet EUR, bezahlt USD.',
    );
  });
});
