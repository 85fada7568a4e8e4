import { describe, expect, it } from 'vitest';
import { payoutScheduleText } from './payouts';

/** 'Wöchentlich' names the weekday and says when the payout runs. */
describe('payout schedule text', () => {
  it('names the weekday and the time of the next weekly run, in Berlin time', () => {
    const next = new Date('2026-12-01T12:50:00Z');
    expect(payoutScheduleText('weekly', next)).toBe(
      'Wöchentlich am Dienstag: Die nächste automatische Auszahlung läuft ab Dienstag, 01.12.2026, 13:50 Uhr, sobald offene Trinkgelder da sind; danach alle 7 Tage.',
    );
  });

  it('says when the first run happens and how daily works', () => {
    expect(payoutScheduleText('weekly', null)).toContain('innerhalb weniger Minuten');
    expect(payoutScheduleText('daily', new Date('2026-12-01T12:50:00Z'))).toContain(
      'etwa alle 24 Stunden',
    );
  });
});
