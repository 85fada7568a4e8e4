import type { SetupChecklist, SetupChecklistItem } from '../../../shared/api/setup-checklist';
import type { PaymentProviderName } from '../../../shared/domain/tips';

/** What the checklist is worked out from: one business's rows, read by queries.ts. */
export interface SetupFacts {
  dismissed: boolean;
  /** A `branding_update` audit row exists: someone saved at /admin/branding. */
  brandingSaved: boolean;
  /** Any payment point of the business exists. */
  pointCreated: boolean;
  /** A QR code was downloaded (PNG, SVG, PDF) or printed from the admin pages. */
  qrExported: boolean;
  /** The uid of the business's first active payment point, for the test tip. */
  firstPointUid: string | null;
  /** Anyone was invited or added as an employee. */
  staffInvited: boolean;
  /** An employee of the business has a payout account that can receive transfers. */
  payoutReady: boolean;
  /** A paid tip of the business through a provider that counts as a test (see below). */
  testTipPaid: boolean;
}

/**
 * Which providers' paid tips tick 'test tip': the demo checkout always; with Stripe as the
 * provider a real (small) tip is the test, so Stripe's count as well.
 */
export function testTipProviders(provider: PaymentProviderName): PaymentProviderName[] {
  return provider === 'demo' ? ['demo'] : ['demo', provider];
}

/**
 * The checklist from the facts; pure, so each rule is one row of its unit test. In demo mode
 * payouts are simulated for everyone, so the payout item is done with a note saying so.
 */
export function presentSetupChecklist(
  facts: SetupFacts,
  provider: PaymentProviderName,
): SetupChecklist {
  const demo = provider === 'demo';
  const items: SetupChecklistItem[] = [
    {
      key: 'branding',
      done: facts.brandingSaved,
      href: '/admin/branding',
      guestPage: false,
      note: null,
    },
    {
      key: 'paymentPoint',
      done: facts.pointCreated && facts.qrExported,
      href: '/admin/uid-management',
      guestPage: false,
      note: facts.pointCreated && !facts.qrExported ? 'qr_missing' : null,
    },
    { key: 'staff', done: facts.staffInvited, href: '/admin/users', guestPage: false, note: null },
    {
      key: 'payout',
      done: demo || facts.payoutReady,
      href: '/admin/payouts',
      guestPage: false,
      note: demo ? 'demo_payouts' : null,
    },
    {
      key: 'testTip',
      done: facts.testTipPaid,
      href: facts.firstPointUid ? `/t/${facts.firstPointUid}` : '/admin/uid-management',
      guestPage: facts.firstPointUid !== null,
      note: facts.firstPointUid || facts.testTipPaid ? null : 'no_point_yet',
    },
  ];
  const doneCount = items.filter((item) => item.done).length;
  return {
    show: !facts.dismissed && doneCount < items.length,
    dismissed: facts.dismissed,
    doneCount,
    total: items.length,
    items,
  };
}
