import { describe, expect, it } from 'vitest';
import { deepestPage } from './reports.bench';

describe('deepestPage (reports bench: the deep history page each set really has)', () => {
  it('takes the last page the rows fill, a partly filled one included', () => {
    expect(deepestPage(304, 20, 50)).toBe(16);
    expect(deepestPage(320, 20, 50)).toBe(16);
    expect(deepestPage(321, 20, 50)).toBe(17);
  });

  it('goes no deeper than asked', () => {
    expect(deepestPage(7882, 20, 50)).toBe(50);
  });

  it('asks for page 1 when the month has no rows or fewer than a page', () => {
    expect(deepestPage(0, 20, 50)).toBe(1);
    expect(deepestPage(2, 20, 50)).toBe(1);
  });
});
