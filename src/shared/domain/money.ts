/**
 * Money is integer cents everywhere. Euros appear only at the edges: parsing what a person typed
 * and formatting for display.
 */
export type Cents = number;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** A euro sign or code before or after the number, as people type it: "€ 12", "12 €", "EUR 12". */
const CURRENCY_AROUND = /^(?:€|eur)?\s*(.*?)\s*(?:€|eur)?$/i;
const PLAIN_AMOUNT = /^(\d{1,7})(?:[.,](\d{0,2}))?$/;

/**
 * Parses a euro amount typed by a person in Germany or elsewhere ("12,5", "12,50", "12.50",
 * "€ 12", "12 €") into cents without going through floating-point arithmetic. Either a comma or
 * a point separates at most two decimals; anything ambiguous ("12.345", "12,345"), exponents,
 * signs and letters give null.
 */
export function parseEuroToCents(input: string): Cents | null {
  const number = CURRENCY_AROUND.exec(input.trim())?.[1] ?? '';
  const match = PLAIN_AMOUNT.exec(number);
  if (!match) return null;
  const euros = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return euros * 100 + Number(fraction);
}

/**
 * Why a typed amount cannot be read, for a message that says what to type: 'decimals' when it
 * has more than two digits after the separator ("12.345" could mean twelve thousand), 'format'
 * for anything else that is not a number, null when it parses.
 */
export function amountInputProblem(input: string): 'format' | 'decimals' | null {
  if (parseEuroToCents(input) !== null) return null;
  const number = CURRENCY_AROUND.exec(input.trim())?.[1] ?? '';
  return /^\d{1,7}[.,]\d{3,}$/.test(number) ? 'decimals' : 'format';
}

/** "1250" -> "12,50" with the separator a guest of that language types. */
export function centsToTypedAmount(cents: Cents, decimalSeparator: ',' | '.' = ','): string {
  return centsToDecimalString(cents).replace('.', decimalSeparator);
}

/** "1050" -> "10.50": the plain decimal form used in links and inputs. */
export function centsToDecimalString(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Currency format with two decimals, German unless a locale is given: 1045 -> "10,45 €"
 * (de-DE, fr-FR), "€10.45" (en-GB).
 */
export function formatCents(cents: Cents, currency = 'eur', locale = 'de-DE'): string {
  const code = currency.toUpperCase();
  const key = `${locale}|${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
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
 * Integer arithmetic only (quotient and remainder of total × weight by the weight sum), so the
 * result is exact for every amount and weight whose product is a safe integer. Weights must be
 * non-negative integers with a positive sum.
 */
export function splitCents(total: Cents, weights: readonly number[]): Cents[] {
  if (weights.length === 0) return [];
  if (!Number.isSafeInteger(total) || total < 0) throw new Error('total must be whole cents');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new Error('weights must be non-negative integers');
  }
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (weightSum <= 0) throw new Error('weights must add up to more than zero');
  const parts: number[] = [];
  const remainders: number[] = [];
  for (const w of weights) {
    const product = total * w;
    if (!Number.isSafeInteger(product)) throw new Error('amount too large to split');
    const remainder = product % weightSum;
    parts.push((product - remainder) / weightSum);
    remainders.push(remainder);
  }
  let remaining = total - parts.reduce((a, b) => a + b, 0);
  const order = remainders
    .map((remainder, index) => ({ index, remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (remaining <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    remaining -= 1;
  }
  return parts;
}
