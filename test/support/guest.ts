import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { StartTipPaymentBody, StartTipPaymentResponse } from '../../src/shared/api/tips';
import type { TestApp } from './app';

/** A guest browser tab's random id (the spec's session_id of a payment). */
export function newGuestSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** Guest POSTs carry the app's own origin, as a browser on the tip page sends it. */
export function guestHeaders(t: TestApp): Record<string, string> {
  return { origin: t.config.publicOrigin };
}

/** What a test may set of a guest's tip start; the rest has defaults. */
export type GuestTipBody = Partial<StartTipPaymentBody>;

/** A guest starts a tip at `body.code` (a factory payment point's uid). */
export async function startTip(
  t: TestApp,
  body: GuestTipBody & { code: string },
): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'POST',
    url: '/api/guest/tips',
    headers: guestHeaders(t),
    payload: {
      amountCents: 1000,
      platformFee: false,
      paymentMethod: 'stripe',
      guestSessionId: newGuestSessionId(),
      ...body,
    },
  });
}

/** Starts a tip and expects the checkout to open. */
export async function startedTip(
  t: TestApp,
  body: GuestTipBody & { code: string },
): Promise<StartTipPaymentResponse> {
  const response = await startTip(t, body);
  if (response.statusCode !== 201) {
    throw new Error(`start failed: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** Clicks a button on the demo provider's hosted checkout page. */
export async function decideDemoCheckout(
  t: TestApp,
  checkoutUrl: string,
  action: 'pay' | 'cancel' | 'fail',
): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname,
    headers: { ...guestHeaders(t), 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
}
