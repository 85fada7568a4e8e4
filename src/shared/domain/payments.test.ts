import { describe, expect, it } from 'vitest';
import { classifyPaymentError, paymentRetryDelayMs } from './payments';

describe('classifyPaymentError', () => {
  it.each([
    ['code_inactive', 'invalid_qr'],
    ['code_not_found', 'invalid_qr'],
    ['payment_unavailable', 'stripe_not_connected'],
    ['stripe_not_connected', 'stripe_not_connected'],
    ['session_expired', 'session_expired'],
    ['business_deactivated', 'business_deactivated'],
    ['cancelled', 'payment_cancelled'],
    ['card_declined', 'payment_failed'],
    ['payment_timeout', 'payment_timeout'],
    ['network_error', 'network_error'],
    ['internal', 'unknown'],
  ])('maps the server code %s to %s', (code, expected) => {
    expect(classifyPaymentError({ code })).toBe(expected);
  });

  it.each([
    ['QR code not found', 'invalid_qr'],
    ['Stripe account missing', 'stripe_not_connected'],
    ['Your session has expired', 'session_expired'],
    ['Business deactivated', 'business_deactivated'],
    ['Payment was cancelled by the user', 'payment_cancelled'],
    ['payment_intent failed: charge_failed', 'payment_failed'],
    ['Gateway timeout', 'payment_timeout'],
    ['payment provider unreachable', 'stripe_not_connected'],
    ['Failed to fetch', 'network_error'],
    ['', 'network_error'],
  ])('derives the class of "%s" from its words', (message, expected) => {
    expect(classifyPaymentError({ code: 'something_else', message })).toBe(expected);
  });
});

describe('paymentRetryDelayMs', () => {
  it('starts at 1 s, doubles and stops at 5 s', () => {
    expect([1, 2, 3, 4, 5].map(paymentRetryDelayMs)).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });
});
