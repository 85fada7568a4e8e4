import { describe, expect, it } from 'vitest';
import { presentSetupChecklist, type SetupFacts, testTipProviders } from './presenter';

const nothing: SetupFacts = {
  dismissed: false,
  brandingSaved: false,
  pointCreated: false,
  qrExported: false,
  firstPointUid: null,
  staffInvited: false,
  payoutReady: false,
  testTipPaid: false,
};
const everything: SetupFacts = {
  dismissed: false,
  brandingSaved: true,
  pointCreated: true,
  qrExported: true,
  firstPointUid: 'rezeption-k7p2m9xq4d',
  staffInvited: true,
  payoutReady: true,
  testTipPaid: true,
};

const item = (facts: Partial<SetupFacts>, key: string, provider: 'demo' | 'stripe' = 'stripe') =>
  presentSetupChecklist({ ...nothing, ...facts }, provider).items.find((i) => i.key === key)!;

describe('set-up checklist', () => {
  it('lists the five items in order, each with its page, none done for a new business', () => {
    const list = presentSetupChecklist(nothing, 'stripe');
    expect(list.items.map((i) => [i.key, i.href, i.done])).toEqual([
      ['branding', '/admin/branding', false],
      ['paymentPoint', '/admin/uid-management', false],
      ['staff', '/admin/users', false],
      ['payout', '/admin/payouts', false],
      ['testTip', '/admin/uid-management', false],
    ]);
    expect(list).toMatchObject({ show: true, dismissed: false, doneCount: 0, total: 5 });
  });

  it.each<[string, Partial<SetupFacts>, string, boolean]>([
    ['branding saved', { brandingSaved: true }, 'branding', true],
    ['a point alone is not enough', { pointCreated: true }, 'paymentPoint', false],
    ['a QR export without a point is not enough', { qrExported: true }, 'paymentPoint', false],
    ['a point and its QR code', { pointCreated: true, qrExported: true }, 'paymentPoint', true],
    ['someone invited', { staffInvited: true }, 'staff', true],
    ['a ready payout account', { payoutReady: true }, 'payout', true],
    ['a paid test tip', { testTipPaid: true }, 'testTip', true],
  ])('%s', (_name, facts, key, done) => {
    expect(item(facts, key).done).toBe(done);
  });

  it('says the QR code is still missing once a point exists', () => {
    expect(item({ pointCreated: true }, 'paymentPoint').note).toBe('qr_missing');
    expect(item({}, 'paymentPoint').note).toBeNull();
    expect(item({ pointCreated: true, qrExported: true }, 'paymentPoint').note).toBeNull();
  });

  it('counts payouts as done in demo mode, with the demo note', () => {
    expect(item({}, 'payout', 'demo')).toMatchObject({ done: true, note: 'demo_payouts' });
    expect(item({}, 'payout', 'stripe')).toMatchObject({ done: false, note: null });
  });

  it('links the test tip to the first payment point’s tip page once there is one', () => {
    expect(item({ firstPointUid: 'bar-x1' }, 'testTip')).toMatchObject({
      href: '/t/bar-x1',
      guestPage: true,
      note: null,
    });
    expect(item({}, 'testTip')).toMatchObject({
      href: '/admin/uid-management',
      guestPage: false,
      note: 'no_point_yet',
    });
  });

  it('counts progress and hides itself when everything is done or it was dismissed', () => {
    const three = presentSetupChecklist(
      { ...nothing, brandingSaved: true, staffInvited: true },
      'demo',
    );
    expect(three).toMatchObject({ doneCount: 3, total: 5, show: true });
    expect(presentSetupChecklist(everything, 'stripe')).toMatchObject({
      doneCount: 5,
      show: false,
      dismissed: false,
    });
    expect(presentSetupChecklist({ ...nothing, dismissed: true }, 'stripe')).toMatchObject({
      doneCount: 0,
      show: false,
      dismissed: true,
    });
  });

  it('takes demo tips as the test, and with Stripe real tips too', () => {
    expect(testTipProviders('demo')).toEqual(['demo']);
    expect(testTipProviders('stripe')).toEqual(['demo', 'stripe']);
  });
});
