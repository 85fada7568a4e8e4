import { useEffect, useMemo, useRef, useState } from 'react';
import type { GuestEntrypoint } from '../../../shared/api/entrypoints';
import type { TipStatusResponse } from '../../../shared/api/tips';
import { FEEDBACK_DIALOG_DELAY_MS } from '../../../shared/domain/constants';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ErrorStep } from './ErrorStep';
import { FeedbackDialog, type FeedbackNotice } from './FeedbackDialog';
import { track } from './guest-api';
import { navigate } from './navigation';
import { useOutcomeTexts } from './outcome-texts';
import { PaymentErrorDialog } from './PaymentErrorDialog';
import { PaymentStep } from './PaymentStep';
import { SuccessStep } from './SuccessStep';
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
  const [feedbackOpen, setFeedbackOpen] = useState(false);
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
  const canGiveFeedback = paidTip !== null && flow.lastAttempt?.tipId === paidTip.tipId;
  useEffect(() => {
    if (!canGiveFeedback) return;
    const timer = setTimeout(() => setFeedbackOpen(true), FEEDBACK_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canGiveFeedback]);

  const toThankYou = () => navigate(`/thank-you?tipId=${paidTip!.tipId}`);
  const finishFeedback = (notice: FeedbackNotice | null) => {
    setFeedbackOpen(false);
    // The toast outlives the move to the thank-you page (guest pages change in place).
    if (notice) toast({ ...notice, variant: 'success' });
    toThankYou();
  };
  const skipFeedback = () => {
    if (!paidTip) return;
    track({ name: 'feedback_skipped', tipId: paidTip.tipId, properties: {} });
    setFeedbackOpen(false);
    toThankYou();
  };

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
        <SuccessStep
          amountCents={paidTip.amountCents}
          platformFeeCents={paidTip.platformFeeCents}
          totalCents={paidTip.totalCents}
          currency={paidTip.currency}
          recipientName={paidTip.recipientName}
          guestMessage={paidTip.guestMessage}
          onDone={toThankYou}
          tonality={entry.branding.tonality}
        />
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
      {canGiveFeedback && paidTip && flow.lastAttempt ? (
        <FeedbackDialog
          open={feedbackOpen}
          tip={{ tipId: paidTip.tipId, token: flow.lastAttempt.token }}
          paymentMessage={paidTip.guestMessage}
          onDone={finishFeedback}
          onSkip={skipFeedback}
        />
      ) : null}
    </>
  );
}
