import { describe, expect, it } from 'vitest';
import { PAYMENT_POINT_UID_PATTERN } from '../../../shared/api/payment-points';
import { generateUid, isDemoUid, randomSuffix, slugify, UID_SUFFIX_LENGTH } from './uid';

describe('payment point uids', () => {
  it('start with a readable slug of the name', () => {
    expect(slugify('Jörg Weiß – Bar & Lounge')).toBe('joerg-weiss-bar-lounge');
    expect(slugify('  ')).toBe('bezahlpunkt');
    expect(slugify('Ça va? Señor Ñandú')).toBe('ca-va-senor-nandu');
    expect(slugify('x'.repeat(100))).toHaveLength(40);
  });

  it('end in 10 characters from an alphabet without look-alikes, evenly drawn', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i += 1) {
      const suffix = randomSuffix();
      expect(suffix).toMatch(/^[a-hjkmnp-z2-9]{10}$/);
      for (const char of suffix) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    // 20,000 draws over 31 characters: about 645 each; a biased byte mapping would skew this.
    expect(counts.size).toBe(31);
    for (const n of counts.values()) expect(n).toBeGreaterThan(450);
    expect(UID_SUFFIX_LENGTH * Math.log2(31)).toBeGreaterThan(48);
  });

  it('always fit the uid pattern the database checks, demo ones with the aio- prefix', () => {
    for (const name of ['Anna Schneider', 'Tisch 12', '', '—', 'Ä'.repeat(90)]) {
      const uid = generateUid(name);
      expect(uid).toMatch(PAYMENT_POINT_UID_PATTERN);
      expect(isDemoUid(uid)).toBe(false);
      const demo = generateUid(name, { demo: true });
      expect(demo).toMatch(PAYMENT_POINT_UID_PATTERN);
      expect(isDemoUid(demo)).toBe(true);
    }
    expect(generateUid('Anna Schneider')).not.toBe(generateUid('Anna Schneider'));
  });
});
