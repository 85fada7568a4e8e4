import { useEffect, useRef } from 'react';
import { Card, CardContent } from '../../components/ui/Card';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { BrandMark } from './brand-theme';
import type { CheckoutReturnData } from './CheckoutReturnPage';
import { LegalLinks } from './LegalLinks';
import { useOutcomeTexts } from './outcome-texts';
import { PaidOutcome } from './PaidOutcome';
import { type TipPaymentForm, useTipPayment } from './use-tip-payment';

/** Nothing is paid from this page: the code takes no new tips. */
const NO_NEW_PAYMENT: TipPaymentForm = {
  amountCents: null,
  feeCovered: false,
  message: '',
  payLaterToken: null,
};

/**
 * The payment a guest comes back with to a code that no longer takes tips (CheckoutReturnPage,
 * loaded on demand): asked about as the tip page asks (the server asks the provider), then the
 * thanks of a paid tip, or `onUnpaid`.
 */
export function CheckoutReturn({
  data,
  onUnpaid,
}: {
  data: CheckoutReturnData;
  onUnpaid: () => void;
}) {
  const { payment: paymentTexts } = useOutcomeTexts();
  const flow = useTipPayment(null, NO_NEW_PAYMENT);
  const { resume } = flow;
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    // As on the tip page: a reload does not ask the checkout again.
    window.history.replaceState(null, '', `/t/${encodeURIComponent(data.code)}`);
    void resume(data.tipId, data.how);
  }, [data, resume]);

  const unpaid = flow.step === 'error' || flow.dialogClass !== null;
  useEffect(() => {
    if (unpaid) onUnpaid();
  }, [unpaid, onUnpaid]);

  if (flow.step !== 'success' || !flow.outcome) {
    return (
      <FullScreenMessage>
        <Spinner label={paymentTexts.checking} />
      </FullScreenMessage>
    );
  }
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-4 p-4 pb-24">
      <BrandMark />
      <Card>
        <CardContent className="pt-5">
          <PaidOutcome
            tip={flow.outcome}
            attempt={flow.lastAttempt}
            tonality={data.branding?.tonality}
          />
        </CardContent>
      </Card>
      <LegalLinks />
    </main>
  );
}
