import { formatCents } from '../../../shared/domain/money';

const wholeEuros = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Marketing style: "19 €" for whole euros, "0,50 €" otherwise (never rounds a cent away). */
export function formatEuroShort(cents: number): string {
  return cents % 100 === 0 ? wholeEuros.format(cents / 100) : formatCents(cents);
}
