import { describe, expect, it } from 'vitest';
import { formatEuroShort } from './money';

describe('formatEuroShort', () => {
  it('drops the decimals of whole euros only', () => {
    expect(formatEuroShort(1900)).toBe('19\u00a0€');
    expect(formatEuroShort(50)).toBe('0,50\u00a0€');
    expect(formatEuroShort(1050)).toBe('10,50\u00a0€');
  });
});
