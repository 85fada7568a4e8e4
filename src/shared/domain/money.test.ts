import { describe, expect, it } from 'vitest';
import {
  amountInputProblem,
  centsToDecimalString,
  formatCents,
  parseEuroToCents,
  splitCents,
} from './money';

describe('parseEuroToCents', () => {
  it.each([
    ['10', 1000],
    ['7.5', 750],
    ['7,50', 750],
    ['0.01', 1],
    [' 12.34 ', 1234],
    ['0', 0],
    ['10.', 1000],
    ['12,5', 1250],
    ['12,50', 1250],
    ['12.50', 1250],
    ['€ 12', 1200],
    ['€12,50', 1250],
    ['12 €', 1200],
    ['12€', 1200],
    ['EUR 7,5', 750],
  ])('parses %s as %i cents', (input, cents) => {
    expect(parseEuroToCents(input)).toBe(cents);
  });

  it.each([
    '',
    'abc',
    '1.234',
    '12.345',
    '12,345',
    '-5',
    '1e3',
    '.5x',
    '12345678',
    '12a',
    '1,2,3',
    '1.2.3',
    '€',
    '€ € 5',
    '12 50',
  ])('rejects %j', (input) => {
    expect(parseEuroToCents(input)).toBeNull();
  });

  it('never goes through floating point', () => {
    expect(parseEuroToCents('0.29')).toBe(29);
    expect(parseEuroToCents('1.15')).toBe(115);
  });
});

describe('amountInputProblem', () => {
  it('says what to type when the format is wrong or ambiguous', () => {
    expect(amountInputProblem('12.345')).toBe('decimals');
    expect(amountInputProblem('12,345')).toBe('decimals');
    expect(amountInputProblem('1e3')).toBe('format');
    expect(amountInputProblem('zwölf')).toBe('format');
    expect(amountInputProblem('12,5')).toBeNull();
  });
});

describe('formatCents', () => {
  it('formats in de-DE with two decimals', () => {
    expect(formatCents(1045)).toBe('10,45\u00a0€');
    expect(formatCents(500)).toBe('5,00\u00a0€');
    expect(formatCents(123456)).toBe('1.234,56\u00a0€');
  });

  it('writes plain decimals for links', () => {
    expect(centsToDecimalString(750)).toBe('7.50');
    expect(centsToDecimalString(5)).toBe('0.05');
  });
});

describe('splitCents', () => {
  it('splits exactly to the cent', () => {
    expect(splitCents(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(splitCents(1001, [3, 4, 4, 2])).toEqual([231, 308, 308, 154]);
    for (const total of [1, 7, 99, 1000, 12345]) {
      const parts = splitCents(total, [3, 4, 4, 2]);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('refuses weights that add up to nothing', () => {
    expect(() => splitCents(100, [0, 0])).toThrow();
    expect(splitCents(100, [])).toEqual([]);
  });
});
