import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatHours,
  formatPeriod,
  hoursReason,
  parsePointsMilli,
  periodDays,
  pointsByRole,
  splitByHours,
} from './hours-split';
import { GUEST_SERVER_TEXTS } from '../i18n/guest-server';
import { receiverNote, splitReasonInEnglish } from './team-split';

const worker = fc.record({
  minutes: fc.integer({ min: 0, max: 7 * 24 * 60 }),
  pointsMilli: fc.integer({ min: 1, max: 10_000 }),
});
const workers = fc
  .array(worker, { minLength: 1, maxLength: 30 })
  .map((list) => list.map((w, index) => ({ ...w, profileId: `p${index}` })));
const cents = fc.integer({ min: 0, max: 5_000_000 });

describe('splitting by hours (property tests)', () => {
  it('shares always add up to the tip, and none is negative', () => {
    fc.assert(
      fc.property(cents, workers, (total, list) => {
        const shares = splitByHours(total, list);
        if (list.every((w) => w.minutes === 0)) {
          expect(shares).toEqual([]);
          return;
        }
        expect(shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(total);
        for (const share of shares) {
          expect(Number.isInteger(share.amountCents)).toBe(true);
          expect(share.amountCents).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('equal hours and points give equal shares within one cent', () => {
    fc.assert(
      fc.property(
        cents,
        fc.integer({ min: 2, max: 25 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.integer({ min: 1, max: 10_000 }),
        (total, n, minutes, pointsMilli) => {
          const list = Array.from({ length: n }, (_, i) => ({
            profileId: `p${i}`,
            minutes,
            pointsMilli,
          }));
          const amounts = splitByHours(total, list).map((share) => share.amountCents);
          expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('doubling a person’s points doubles their weight, so their share (up to a cent) doubles', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.integer({ min: 1, max: 5000 }),
        (total, minutes, pointsMilli) => {
          // Two people with the same hours: one with twice the other's points gets two thirds.
          const shares = splitByHours(total, [
            { profileId: 'a', minutes, pointsMilli: pointsMilli * 2 },
            { profileId: 'b', minutes, pointsMilli },
          ]);
          expect(Math.abs(shares[0]!.amountCents - 2 * shares[1]!.amountCents)).toBeLessThanOrEqual(
            2,
          );
          expect(Math.abs(shares[0]!.amountCents - (2 * total) / 3)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('a share is proportional to hours × points within one cent', () => {
    fc.assert(
      fc.property(cents, workers, (total, list) => {
        const weightSum = list.reduce((sum, w) => sum + w.minutes * w.pointsMilli, 0);
        if (weightSum === 0) return;
        for (const share of splitByHours(total, list)) {
          const exact = (total * share.minutes * share.pointsMilli) / weightSum;
          expect(Math.abs(share.amountCents - exact)).toBeLessThan(1);
        }
      }),
    );
  });

  it('is deterministic: ties go to the person listed first', () => {
    const list = ['a', 'b', 'c'].map((profileId) => ({
      profileId,
      minutes: 60,
      pointsMilli: 1000,
    }));
    expect(splitByHours(100, list).map((s) => s.amountCents)).toEqual([34, 33, 33]);
    expect(splitByHours(100, list)).toEqual(splitByHours(100, list));
  });
});

/** Money is written with a no-break space before the euro sign. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the explanation of a share by hours', () => {
  it('says hours and money, and the points when they differ', () => {
    const all = [
      { minutes: 360, pointsMilli: 1000 },
      { minutes: 120, pointsMilli: 1000 },
    ];
    expect(
      plain(hoursReason({ ...all[0]!, amountCents: 750 }, { workers: all, totalCents: 1000 })),
    ).toBe('6 von 8 Stunden → 7,50 € von 10,00 €');
    const pointed = [
      { minutes: 360, pointsMilli: 500 },
      { minutes: 480, pointsMilli: 1000 },
    ];
    expect(
      plain(
        hoursReason({ ...pointed[0]!, amountCents: 273 }, { workers: pointed, totalCents: 1000 }),
      ),
    ).toBe('6 Stunden × 0,5 Punkte = 3 von 11 Punktstunden → 2,73 € von 10,00 €');
    expect(formatHours(390)).toBe('6,5');
  });

  it('reads points as thousandths and periods as Berlin days', () => {
    expect(parsePointsMilli('0,5')).toBe(500);
    expect(parsePointsMilli('1.25')).toBe(1250);
    expect(parsePointsMilli(2)).toBe(2000);
    expect(parsePointsMilli('0')).toBeNull();
    expect(parsePointsMilli('0,0001')).toBeNull();
    expect(parsePointsMilli('11')).toBeNull();
    expect(periodDays('week', '2026-03-18')).toEqual({
      firstDay: '2026-03-16',
      lastDay: '2026-03-22',
    });
    expect(periodDays('week', '2026-03-22').firstDay).toBe('2026-03-16');
    expect(formatPeriod({ firstDay: '2026-03-16', lastDay: '2026-03-22' })).toBe(
      '16.03.–22.03.2026',
    );
  });
});

describe('the explanation in English (staff screens, decision 0383)', () => {
  it('says shares by hours and from the pool', () => {
    expect(splitReasonInEnglish('6 von 8 Stunden → 7,50 € von 10,00 €')).toBe(
      '6 of 8 hours → 7,50 € of 10,00 €',
    );
    expect(
      splitReasonInEnglish('2 Stunden × 2 Punkte = 4 von 10 Punktstunden → 4,00 € von 10,00 €'),
    ).toBe('2 hours × 2 points = 4 of 10 point-hours → 4,00 € of 10,00 €');
    expect(
      splitReasonInEnglish(
        'Pool nach Arbeitsstunden verteilt (16.03.–22.03.2026): 8 von 14 Stunden → 11,43 € von 20,01 €',
      ),
    ).toBe('pool shared by hours worked (16.03.–22.03.2026): 8 of 14 hours → 11,43 € of 20,01 €');
    expect(splitReasonInEnglish('zu gleichen Teilen unter 3 Mitgliedern')).toBe(
      'split equally among 3 members',
    );
  });
});

describe('what the guest reads for a team split by hours', () => {
  it('names today’s team and promises no split it cannot know before paying', () => {
    const team = { kind: 'team', rule: 'hours', members: 3, onShift: false } as const;
    expect(receiverNote(team, GUEST_SERVER_TEXTS.de.receiver)).toBe(
      'Ihr Trinkgeld geht an das heutige Serviceteam.',
    );
    expect(receiverNote(team, GUEST_SERVER_TEXTS.en.receiver)).toBe(
      GUEST_SERVER_TEXTS.en.receiver.todayTeam,
    );
  });
});

describe('pointsByRole', () => {
  it('groups people by role and points, highest points first, for the rule notice', () => {
    expect(
      pointsByRole([
        { name: 'Ben', role: 'Küche', pointsMilli: 500 },
        { name: 'Anna', role: 'Service', pointsMilli: 1000 },
        { name: 'Cem', role: 'Service', pointsMilli: 1000 },
        { name: 'Dora', role: '', pointsMilli: 1250 },
      ]),
    ).toBe('ohne Rolle 1,25 (Dora) / Service 1 (Anna, Cem) / Küche 0,5 (Ben)');
    expect(pointsByRole([])).toBe('');
  });
});
