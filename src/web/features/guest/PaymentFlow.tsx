import { useEffect, useMemo, useRef, useState } from 'react';
import type { GuestEntrypoint } from '../../../shared/api/entrypoints';
import type { TipStatusResponse } from '../../../shared/api/tips';
import { Spinner } from '../../components/ui/Spinner';
import { ErrorStep } from './ErrorStep';
import { track } from './guest-api';
import { useOutcomeTexts } from './outcome-texts';
import { PaidOutcome } from './PaidOutcome';
import { PaymentErrorDialog } from './PaymentErrorDialog';
import { PaymentStep } from './PaymentStep';
import { useTipPayment } from './use-tip-payment';
import { detectWallets, type WalletSupport } from './wallets';

export interface PaymentFlowProps {
  entry: GuestEntrypoint;
  amountCents: number | null;
  feeCovered: boolean;
  onFeeCoveredChange: (covered: boolean) => void;
  message: string;
  onMessageChange: (message: string) => void;
  payLater: { token: string; until: string } | null;
  /** Set when the page opened on the way back from the hosted checkout. */
  resume: { tipId: string; how: 'return' | 'cancel' | 'abandoned' } | null;
  /** The returning payment's amount, contribution and message, for the page's form. */
  onResumed: (status: TipStatusResponse) => void;
  onBack: () => void;
}

/**
 * Everything after the amount: the payment step, the trip to the checkout and back, success with
 * feedback, or the error step and dialog. Loaded on demand (see TipPage).
 */
export function PaymentFlow(props: PaymentFlowProps) {
  const { entry, resume, onResumed, onBack } = props;
  const form = useMemo(
    () => ({
      amountCents: props.amountCents,
      feeCovered: props.feeCovered,
      message: props.message,
      payLaterToken: props.payLater?.token ?? null,
    }),
    [props.amountCents, props.feeCovered, props.message, props.payLater],
  );
  const flow = useTipPayment(entry, form);
  const { payment: paymentTexts } = useOutcomeTexts();
  const [wallets, setWallets] = useState<WalletSupport>({ applePay: false, googlePay: false });
  const resumed = useRef(false);
  const { resume: resumePayment } = flow;

  useEffect(() => {
    void detectWallets().then(setWallets);
  }, []);

  useEffect(() => {
    if (!resume || resumed.current) return;
    resumed.current = true;
    void resumePayment(resume.tipId, resume.how).then((status) => {
      if (!status) return;
      if (resume.how === 'abandoned' && status.status === 'cancelled') onBack();
      else onResumed(status);
    });
  }, [resume, resumePayment, onResumed, onBack]);

  const paidTip = flow.step === 'success' ? flow.outcome : null;

  return (
    <>
      {flow.step === 'payment' && props.amountCents !== null ? (
        <PaymentStep
          amountCents={props.amountCents}
          feeCovered={props.feeCovered}
          onFeeCoveredChange={(covered) => {
            props.onFeeCoveredChange(covered);
            if (covered) {
              track({
                name: 'fee_opted_in',
                code: entry.code,
                properties: { amount_cents: props.amountCents ?? 0 },
              });
            }
          }}
          message={props.message}
          onMessageChange={props.onMessageChange}
          wallets={wallets}
          processing={flow.processing}
          payLaterUntil={props.payLater?.until ?? null}
          onBack={onBack}
          onPay={(method) => void flow.pay(method)}
          provider={entry.paymentProvider}
        />
      ) : null}
      {flow.step === 'payment' && props.amountCents === null ? (
        <Spinner label={paymentTexts.checking} />
      ) : null}
      {paidTip ? (
        <PaidOutcome tip={paidTip} attempt={flow.lastAttempt} tonality={entry.branding.tonality} />
      ) : null}
      {flow.step === 'error' && flow.errorClass ? (
        <ErrorStep
          errorClass={flow.errorClass}
          attemptsLeft={flow.attemptsLeft}
          retryCountdown={flow.retryCountdown}
          payLaterLink={flow.payLaterLink}
          provider={entry.paymentProvider}
          onRetry={flow.retry}
          onPayLater={() => void flow.payLater()}
          onBack={flow.backFromError}
        />
      ) : null}
      {flow.dialogClass ? (
        <PaymentErrorDialog
          errorClass={flow.dialogClass}
          canRetry={flow.attemptsLeft > 0}
          onRetry={flow.retry}
          onRestart={() => window.location.assign(`/t/${encodeURIComponent(entry.code)}`)}
          onClose={flow.closeDialog}
        />
      ) : null}
    </>
  );
}
