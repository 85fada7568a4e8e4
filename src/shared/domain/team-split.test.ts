import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCents } from './money';
import { GUEST_SERVER_TEXTS } from '../i18n/guest-server';
import { receiverNote, splitReason, splitReasonInEnglish } from './team-split';

const amount = fc.integer({ min: 0, max: 100_000_000 });
const weights = fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 1, maxLength: 40 });

describe('team tip splits (property-based)', () => {
  it('allocations are non-negative integers that add up exactly to the tip', () => {
    fc.assert(
      fc.property(
        amount,
        weights.filter((list) => list.some((w) => w > 0)),
        (total, list) => {
          const parts = splitCents(total, list);
          expect(parts).toHaveLength(list.length);
          for (const part of parts) {
            expect(Number.isSafeInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
          }
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          // A member with no points gets nothing; more points never mean less money.
          list.forEach((w, i) => {
            if (w === 0) expect(parts[i]).toBe(0);
            list.forEach((v, j) => {
              if (w > v) expect(parts[i]!).toBeGreaterThanOrEqual(parts[j]!);
            });
          });
        },
      ),
    );
  });

  it('equal weights differ by at most one cent, the extra cents going to the first members', () => {
    fc.assert(
      fc.property(
        amount,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        (total, members, weight) => {
          const parts = splitCents(
            total,
            Array.from({ length: members }, () => weight),
          );
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
          expect(parts).toEqual([...parts].sort((a, b) => b - a));
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        },
      ),
    );
  });

  it('is deterministic: the same tip and members always split the same way', () => {
    fc.assert(
      fc.property(
        amount,
        weights.filter((list) => list.some((w) => w > 0)),
        (total, list) => {
          expect(splitCents(total, list)).toEqual(splitCents(total, [...list]));
        },
      ),
    );
  });

  it('10,00 € among three members: 3,34 / 3,33 / 3,33 €', () => {
    expect(splitCents(1000, [1, 1, 1])).toEqual([334, 333, 333]);
  });

  it('refuses weights that are negative or not whole numbers', () => {
    expect(() => splitCents(100, [1, -1])).toThrow();
    expect(() => splitCents(100, [1.5, 1])).toThrow();
  });
});

describe('split reasons', () => {
  it('says why a member got their share', () => {
    expect(splitReason('equal', { members: 3, weight: 1, weightSum: 3 })).toBe(
      'zu gleichen Teilen unter 3 Mitgliedern',
    );
    expect(splitReason('weighted', { members: 3, weight: 2, weightSum: 5 })).toBe(
      '2 von 5 Punkten',
    );
  });
});

describe('reasons with shift routing', () => {
  it('says who was on duty', () => {
    const equal = { members: 3, weight: 1, weightSum: 3 };
    expect(splitReason('equal', equal, { onShift: true })).toBe(
      'zu gleichen Teilen unter 3 Mitgliedern im Dienst',
    );
    expect(
      splitReason('weighted', { members: 2, weight: 2, weightSum: 5 }, { onShift: true }),
    ).toBe('2 von 5 Punkten im Dienst');
    expect(
      splitReason('equal', { members: 1, weight: 1, weightSum: 1 }, { place: 'Zimmer 204' }),
    ).toBe('im Dienst an Zimmer 204');
    expect(splitReason('equal', { members: 2, weight: 1, weightSum: 2 }, { place: 'Bar' })).toBe(
      'zu gleichen Teilen unter 2 Mitarbeitenden im Dienst an Bar',
    );
  });
});

describe("receiverNote in the guest's language", () => {
  const say = {
    de: GUEST_SERVER_TEXTS.de.receiver,
    en: GUEST_SERVER_TEXTS.en.receiver,
    fr: GUEST_SERVER_TEXTS.fr.receiver,
    es: GUEST_SERVER_TEXTS.es.receiver,
    it: GUEST_SERVER_TEXTS.it.receiver,
  };
  it('says who receives in each of the five languages', () => {
    const team = { kind: 'team', rule: 'equal', members: 3, onShift: true } as const;
    expect(receiverNote(team, say.de)).toContain('zu gleichen Teilen unter 3 Mitarbeitenden');
    expect(receiverNote(team, say.en)).toBe(
      "Your tip goes to today's service team and is split equally among 3 staff members.",
    );
    const shift = {
      kind: 'object' as const,
      businessName: 'Café',
      onShiftNames: ['Ana', 'Ben', 'Cem'],
    };
    expect(receiverNote(shift, say.fr)).toBe(
      "Votre pourboire revient à l'équipe de service du jour : Ana, Ben et Cem.",
    );
    expect(receiverNote(shift, say.es)).toContain('Ana, Ben y Cem');
    expect(receiverNote({ kind: 'object', businessName: 'Café' }, say.it)).toBe(
      'La Sua mancia va al team di Café.',
    );
  });
});

describe('splitReasonInEnglish', () => {
  it('says every reason splitReason writes in English', () => {
    const cases: [Parameters<typeof splitReason>, string][] = [
      [['equal', { members: 3, weight: 1, weightSum: 3 }], 'split equally among 3 members'],
      [['equal', { members: 1, weight: 1, weightSum: 1 }], 'as the only member'],
      [['weighted', { members: 2, weight: 2, weightSum: 5 }], '2 of 5 points'],
      [
        ['equal', { members: 2, weight: 1, weightSum: 2 }, { onShift: true }],
        'split equally among 2 members on duty',
      ],
      [
        ['equal', { members: 2, weight: 1, weightSum: 2 }, { place: 'Tisch 7' }],
        'split equally among 2 staff on duty at Tisch 7',
      ],
      [['equal', { members: 1, weight: 1, weightSum: 1 }, { place: 'Bar' }], 'on duty at Bar'],
    ];
    for (const [args, english] of cases) {
      expect(splitReasonInEnglish(splitReason(...args))).toBe(english);
    }
    expect(splitReasonInEnglish('vom Betrieb aus dem Pool zugewiesen (Tisch 7)')).toBe(
      'assigned from the pool by the business (Tisch 7)',
    );
    expect(splitReasonInEnglish('von Hand zugeteilt')).toBe('von Hand zugeteilt');
  });
});
