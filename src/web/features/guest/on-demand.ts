import { lazy } from 'react';

/**
 * What the first view after a scan does not show loads on demand, so that view stays within its
 * budget (bench/guest-bundle.bench.ts): everything after the amount (fetched as soon as an amount
 * is chosen).
 */
const loadPaymentFlow = () => import('./PaymentFlow');
export const preloadPaymentFlow = (): void => void loadPaymentFlow();
export const PaymentFlow = lazy(() => loadPaymentFlow().then((m) => ({ default: m.PaymentFlow })));

/** The way back from a checkout to a code that no longer takes tips (CheckoutReturnPage). */
export const CheckoutReturn = lazy(() =>
  import('./CheckoutReturn').then((m) => ({ default: m.CheckoutReturn })),
);
