import { describe, expect, it } from 'vitest';
import { codeFromPath, readTipPageParams } from './params';

describe('readTipPageParams', () => {
  it('reads a positive amount in either notation', () => {
    expect(readTipPageParams('?amount=7.5').amountCents).toBe(750);
    expect(readTipPageParams('?amount=7,50').amountCents).toBe(750);
    expect(readTipPageParams('?amount=10').amountCents).toBe(1000);
  });

  it('ignores amounts that cannot be paid', () => {
    for (const amount of ['0', '-5', 'abc', '500.01', '1e3', '']) {
      expect(readTipPageParams(`?amount=${amount}`).amountCents).toBeNull();
    }
  });

  it('says why a link amount cannot be paid', () => {
    expect(readTipPageParams('?amount=9999').linkAmount).toEqual({
      typed: '9999',
      problem: 'too-high',
    });
    expect(readTipPageParams('?amount=-3').linkAmount).toEqual({ typed: '-3', problem: 'too-low' });
    expect(readTipPageParams('?amount=0').linkAmount).toEqual({ typed: '0', problem: 'too-low' });
    // Below the payment provider's minimum of 0,50 € (decision 0476).
    expect(readTipPageParams('?amount=0,49').linkAmount).toEqual({
      typed: '0,49',
      problem: 'too-low',
    });
    expect(readTipPageParams('?amount=0,50').amountCents).toBe(50);
    expect(readTipPageParams('?amount=abc').linkAmount).toEqual({
      typed: 'abc',
      problem: 'not-a-number',
    });
    expect(readTipPageParams('?amount=7,50').linkAmount).toBeNull();
    expect(readTipPageParams('').linkAmount).toBeNull();
  });

  it('reads the return from the checkout and a pay-later token', () => {
    const tipId = '2f6a1e4c-8d3b-4f7a-9c1e-5b6d7e8f9a0b';
    expect(readTipPageParams(`?checkout=return&tip=${tipId}&session_id=cs_1`)).toEqual({
      amountCents: null,
      linkAmount: null,
      payLaterToken: null,
      checkout: 'return',
      tipId,
    });
    expect(readTipPageParams('?checkout=later&tip=kein-uuid')).toMatchObject({
      checkout: null,
      tipId: null,
    });
    expect(
      readTipPageParams('?amount=5&later=abcdefghijklmnopqrstuvwxyz012345').payLaterToken,
    ).toBe('abcdefghijklmnopqrstuvwxyz012345');
  });
});

describe('codeFromPath', () => {
  it('takes the code after /t/', () => {
    expect(codeFromPath('/t/aio-anna-schneider-4k7p')).toBe('aio-anna-schneider-4k7p');
    expect(codeFromPath('/t/qr%20alt/extra')).toBe('qr alt');
    expect(codeFromPath('/t/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
