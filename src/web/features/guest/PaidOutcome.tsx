import { useEffect, useState } from 'react';
import type { TipStatusResponse } from '../../../shared/api/tips';
import { FEEDBACK_DIALOG_DELAY_MS } from '../../../shared/domain/constants';
import type { GuestTonality } from '../../../shared/i18n/guest';
import { toast } from '../../components/ui/toast-store';
import { FeedbackDialog, type FeedbackNotice } from './FeedbackDialog';
import { track } from './guest-api';
import { navigate } from './navigation';
import type { RememberedPayment } from './payment-memory';
import { SuccessStep } from './SuccessStep';

/**
 * A paid tip on the way back from the checkout: the thanks, then (for the tab that paid it)
 * 'Möchtest du noch etwas sagen?' with the address for the receipt and the reply, then the thank-you page.
 */
export function PaidOutcome({
  tip,
  attempt,
  tonality,
}: {
  tip: TipStatusResponse;
  /** What this tab remembers of its payment: its secret proves it paid this tip. */
  attempt: RememberedPayment | null;
  tonality?: GuestTonality | undefined;
}) {
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const paidHere = attempt !== null && attempt.tipId === tip.tipId ? attempt : null;
  const canGiveFeedback = paidHere !== null;
  useEffect(() => {
    if (!canGiveFeedback) return;
    const timer = setTimeout(() => setFeedbackOpen(true), FEEDBACK_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canGiveFeedback]);

  const toThankYou = () => navigate(`/thank-you?tipId=${tip.tipId}`);
  const finishFeedback = (notice: FeedbackNotice | null) => {
    setFeedbackOpen(false);
    // The toast outlives the move to the thank-you page (guest pages change in place).
    if (notice) toast({ ...notice, variant: 'success' });
    toThankYou();
  };
  const skipFeedback = () => {
    track({ name: 'feedback_skipped', tipId: tip.tipId, properties: {} });
    setFeedbackOpen(false);
    toThankYou();
  };

  return (
    <>
      <SuccessStep
        amountCents={tip.amountCents}
        platformFeeCents={tip.platformFeeCents}
        totalCents={tip.totalCents}
        currency={tip.currency}
        recipientName={tip.recipientName}
        guestMessage={tip.guestMessage}
        onDone={toThankYou}
        tonality={tonality}
      />
      {paidHere ? (
        <FeedbackDialog
          open={feedbackOpen}
          tip={{ tipId: tip.tipId, token: paidHere.token }}
          paymentMessage={tip.guestMessage}
          onDone={finishFeedback}
          onSkip={skipFeedback}
        />
      ) : null}
    </>
  );
}
