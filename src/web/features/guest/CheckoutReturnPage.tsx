import { Suspense, useCallback, useEffect, useState } from 'react';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../lib/page-title';
import { CodeProblem } from './CodeProblem';
import { useFirstViewTexts } from './i18n';
import type { GuestInitialData } from './initial-data';
import { CheckoutReturn } from './on-demand';

export type CheckoutReturnData = Extract<GuestInitialData, { kind: 'checkout-return' }>;

/**
 * /t/{code}?checkout=… of a code that stopped taking tips while its guest was paying (the
 * business suspended or closed, the person deactivated, decision 0440). The payment
 * is told first, as the tip page tells it: a paid tip has its thanks, feedback and receipt. The
 * code's problem page shows only when nothing was paid, since a new attempt would be refused.
 */
export function CheckoutReturnPage({ data }: { data: CheckoutReturnData }) {
  const texts = useFirstViewTexts();
  usePageTitle(texts.pageTitle, texts.pageDescription);
  const [stage, setStage] = useState<'hydrating' | 'asking' | 'unpaid'>('hydrating');
  // The server rendered the wait; the payment is asked about once the page is live, so the
  // browser's first render matches the server's markup.
  useEffect(() => setStage((current) => (current === 'hydrating' ? 'asking' : current)), []);
  const unpaid = useCallback(() => setStage('unpaid'), []);

  const wait = (
    <FullScreenMessage>
      <Spinner label={texts.loading} />
    </FullScreenMessage>
  );
  if (stage === 'unpaid') return <CodeProblem page={data.codeProblem} />;
  if (stage === 'hydrating') return wait;
  return (
    <Suspense fallback={wait}>
      <CheckoutReturn data={data} onUnpaid={unpaid} />
    </Suspense>
  );
}
