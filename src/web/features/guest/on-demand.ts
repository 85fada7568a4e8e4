import { lazy } from 'react';

/**
 * What the first view after a scan does not show loads on demand, so that view stays within its
 * budget (bench/guest-bundle.bench.ts): everything after the amount (fetched as soon as an amount
 * is chosen) and the page for a code that cannot be tipped.
 */
const loadPaymentFlow = () => import('./PaymentFlow');
export const preloadPaymentFlow = (): void => void loadPaymentFlow();
export const PaymentFlow = lazy(() => loadPaymentFlow().then((m) => ({ default: m.PaymentFlow })));
export const TipPageProblem = lazy(() =>
  import('./TipPageProblem').then((m) => ({ default: m.TipPageProblem })),
);
