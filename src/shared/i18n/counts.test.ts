import { describe, expect, it } from 'vitest';
import { adminTexts } from './admin';
import { adminPointsTexts } from './admin-points';
import { employeeTexts } from './employee';
import { staffPanelTextsDe } from './staff-panels';
import { staffTextsEn } from './staff-en';
import { STAFF_MAIL_TEXTS } from './staff-mail';

/**
 * Every count the screens and mails show agrees with its noun: "1 Bezahlpunkt", "2 Bezahlpunkte"
 *.
 */
describe('counts in the texts', () => {
  it('say one thing in the singular', () => {
    expect(adminPointsTexts.uid.counts(1, 1)).toBe('1 Bezahlpunkt, davon 1 aktiv');
    expect(adminTexts.dashboard.tiles.tipsHint(1, '01.11.')).toBe('1 Trinkgeld seit 01.11.');
    expect(adminTexts.toasts.demoGeneratedText(1, 1)).toBe(
      '1 Demo-Bezahlpunkt angelegt, 1 alter ersetzt.',
    );
    expect(staffPanelTextsDe.employee.stats.chartSummary(1, '5,00 €')).toBe(
      '1 Tag, insgesamt 5,00 €',
    );
    expect(employeeTexts.teamTab.limited(1)).toBe('Das neueste Trinkgeld.');
    expect(staffTextsEn.employee.stats.chartSummary(1, '€5.00')).toBe('1 day, €5.00 in total');
    expect(staffTextsEn.employee.teamTab.limited(1)).toBe('The latest tip.');
    expect(STAFF_MAIL_TEXTS.de.invitation.validity(1)).toContain('Der Link ist 1 Tag gültig');
    expect(STAFF_MAIL_TEXTS.de.magicLink.validity(1)).toContain('Der Link ist 1 Minute gültig');
    expect(STAFF_MAIL_TEXTS.en.invitation.validity(1)).toContain('valid for 1 day and');
    expect(STAFF_MAIL_TEXTS.en.magicLink.validity(1)).toContain('valid for 1 minute and');
  });

  it('and more than one in the plural', () => {
    expect(adminPointsTexts.uid.counts(27, 20)).toBe('27 Bezahlpunkte, davon 20 aktiv');
    expect(adminTexts.dashboard.tiles.tipsHint(3, '01.11.')).toBe('3 Trinkgelder seit 01.11.');
    expect(adminTexts.toasts.demoGeneratedText(10, 2)).toBe(
      '10 Demo-Bezahlpunkte angelegt, 2 alte ersetzt.',
    );
    expect(staffPanelTextsDe.employee.stats.chartSummary(14, '5,00 €')).toBe(
      '14 Tage, insgesamt 5,00 €',
    );
    expect(employeeTexts.teamTab.limited(50)).toBe('Die neuesten 50 Trinkgelder.');
    expect(STAFF_MAIL_TEXTS.de.invitation.validity(7)).toContain('Der Link ist 7 Tage gültig');
  });
});
