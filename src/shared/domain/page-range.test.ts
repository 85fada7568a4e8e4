import { describe, expect, it } from 'vitest';
import { pageRange, pageRangeText } from './page-range';

describe('the rows a page of a list shows', () => {
  it('names the range of page 2, not the page number', () => {
    expect(pageRangeText(pageRange(2, 10, 27), 'von')).toBe('11–20 von 27');
    expect(pageRangeText(pageRange(3, 10, 27), 'von')).toBe('21–27 von 27');
    expect(pageRangeText(pageRange(2, 25, 27), 'von')).toBe('26–27 von 27');
    expect(pageRangeText(pageRange(1, 20, 27), 'of')).toBe('1–20 of 27');
  });

  it('names a single row once and keeps a page past the end on the last one', () => {
    expect(pageRangeText(pageRange(2, 25, 26), 'von')).toBe('26 von 26');
    expect(pageRange(9, 10, 27)).toEqual({ first: 21, last: 27, total: 27 });
    expect(pageRange(1, 10, 0)).toEqual({ first: 0, last: 0, total: 0 });
  });
});

describe('every paginated list says the same', () => {
  const page2 = pageRange(2, 10, 27);

  it('in German: the operator’s businesses, the audit log and the staff history', async () => {
    const { adminBusinessesTexts } = await import('../i18n/admin-businesses');
    const { adminTexts } = await import('../i18n/admin');
    const { employeeTexts } = await import('../i18n/employee');
    expect(adminBusinessesTexts.shownRange(page2)).toBe('11–20 von 27');
    expect(adminTexts.audit.shownRange(page2)).toBe('11–20 von 27');
    expect(employeeTexts.history.shownRange(page2)).toBe('11–20 von 27');
  });

  it('in the staff app’s English', async () => {
    const { staffTextsEn } = await import('../i18n/staff-en');
    expect(staffTextsEn.employee.history.shownRange(page2)).toBe('11–20 of 27');
  });
});
