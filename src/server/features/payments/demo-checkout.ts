import { randomUUID } from 'node:crypto';
import { PAYMENT_ERRORS } from '../../../shared/api/payments';
import type { PaymentFailureReason } from '../../../shared/domain/payments';
import { AppError } from '../../http/errors';
import type { PaymentContext } from './context';
import type { DemoCheckoutView } from './demo-checkout-page';
import { type DemoProvider, SIMULATED_FAILURES } from './demo-provider';
import { receiveProviderEvent } from './provider-events';
import { selectSessionTip } from './queries/sessions';

/** DEMO_FAILURE_RATE: a share of "Bezahlen" clicks fails like the spec's simulation. */
export function demoPaymentOutcome(
  failureRate: number,
  random: () => number = Math.random,
): { paid: true } | { paid: false; reason: PaymentFailureReason } {
  if (failureRate <= 0 || random() >= failureRate) return { paid: true };
  const index = Math.floor(random() * SIMULATED_FAILURES.length);
  return { paid: false, reason: SIMULATED_FAILURES[index] ?? 'network_error' };
}

function demoProvider(ctx: PaymentContext): DemoProvider {
  return ctx.providers.byName('demo') as DemoProvider;
}

export type DemoCheckoutState =
  | { kind: 'missing' }
  | { kind: 'closed'; status: 'paid' | 'failed' | 'expired'; backUrl: string }
  | { kind: 'open'; view: DemoCheckoutView };

/** What the demo provider's hosted checkout shows for a session id (null: a malformed id). */
export async function demoCheckoutState(
  ctx: PaymentContext,
  sessionId: string | null,
): Promise<DemoCheckoutState> {
  const provider = demoProvider(ctx);
  const checkout = sessionId === null ? null : await provider.load(sessionId);
  if (!checkout) return { kind: 'missing' };
  const current = (await provider.retrieveCheckout(checkout.id)).state;
  if (current.status !== 'open') {
    const backUrl = current.status === 'paid' ? checkout.successUrl : checkout.cancelUrl;
    return { kind: 'closed', status: current.status, backUrl };
  }
  const tip = await selectSessionTip(ctx.database.db, checkout.paymentSessionId);
  return {
    kind: 'open',
    view: {
      description: checkout.description,
      businessName: tip?.businessName ?? '',
      tipCents: tip?.amountCents ?? checkout.amountCents,
      platformFeeCents: tip?.platformFeeCents ?? 0,
      totalCents: checkout.amountCents,
      currency: checkout.currency,
    },
  };
}

/**
 * The guest's choice on the demo checkout; answers the address to send the browser to. Paying
 * or failing takes the same path a verified Stripe webhook takes: stored, de-duplicated,
 * re-read, applied.
 */
export async function decideDemoCheckout(
  ctx: PaymentContext,
  sessionId: string,
  action: 'pay' | 'cancel' | 'fail',
): Promise<string> {
  const provider = demoProvider(ctx);
  const checkout = await provider.load(sessionId);
  if (!checkout) throw new AppError(PAYMENT_ERRORS.checkout_not_found);
  // Like Stripe's own back link: cancelling only returns the guest; the tip page ends the
  // attempt on our side.
  if (action === 'cancel') return checkout.cancelUrl;
  const outcome =
    action === 'pay'
      ? demoPaymentOutcome(ctx.config.demoFailureRate)
      : ({ paid: false, reason: 'card_declined' } as const);
  const decided = await provider.decide(checkout.id, outcome);
  if (!decided) return `/checkout/demo/${checkout.id}`;
  await receiveProviderEvent(ctx, {
    provider: 'demo',
    id: `evt_demo_${randomUUID().replace(/-/g, '')}`,
    type: outcome.paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
    payload: { id: checkout.id, object: 'checkout.session', status: decided.status },
    objectId: checkout.id,
  });
  return decided.successUrl;
}
