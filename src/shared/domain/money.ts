/**
 * Money is integer cents everywhere. Euros appear only at the edges: parsing what a person typed
 * and formatting for display.
 */
export type Cents = number;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Parses a euro amount typed by a person ("7.5", "7,50", "10") into cents without going through
 * floating-point arithmetic. Returns null for anything that is not a plain non-negative amount
 * with at most two decimals.
 */
export function parseEuroToCents(input: string): Cents | null {
  const trimmed = input.trim().replace(',', '.');
  const match = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(trimmed);
  if (!match) return null;
  const euros = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return euros * 100 + Number(fraction);
}

/** "1050" -> "10.50": the plain decimal form used in links and inputs. */
export function centsToDecimalString(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** de-DE currency format with two decimals: 1045 -> "10,45 €". */
export function formatCents(cents: Cents, currency = 'eur'): string {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('de-DE', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(code, formatter);
  }
  // Intl works on floats, but cents / 100 is exact enough for display of any safe integer amount.
  return formatter.format(cents / 100);
}

export function sumCents(values: readonly Cents[]): Cents {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/**
 * Splits `total` cents over `weights` so the parts add up exactly to the total: each part gets its
 * floor share and the remaining cents go to the largest remainders (ties to the earlier entry).
 */
export function splitCents(total: Cents, weights: readonly number[]): Cents[] {
  if (weights.length === 0) return [];
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (weightSum <= 0) throw new Error('weights must add up to more than zero');
  const exact = weights.map((w) => (total * w) / weightSum);
  const parts = exact.map((x) => Math.floor(x));
  let remaining = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, index) => ({ index, remainder: x - Math.floor(x) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (remaining <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    remaining -= 1;
  }
  return parts;
}
