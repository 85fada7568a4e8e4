import { useEffect, useState } from 'react';
import type { TipStatusResponse } from '../../../shared/api/tips';
import { FEEDBACK_DIALOG_DELAY_MS } from '../../../shared/domain/constants';
import type { FeedbackEmoji } from '../../../shared/domain/tips';
import type { GuestTonality } from '../../../shared/i18n/guest';
import { FeedbackDialog } from './FeedbackDialog';
import { guestApi, track } from './guest-api';
import { navigate } from './navigation';
import type { RememberedPayment } from './payment-memory';
import { SuccessStep } from './SuccessStep';

/**
 * A paid tip on the way back from the checkout: the thanks, then (for the tab that paid it)
 * 'Möchtest du noch etwas sagen?' with the receipt form, then the thank-you page.
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
  const [feedbackBusy, setFeedbackBusy] = useState(false);
  const paidHere = attempt !== null && attempt.tipId === tip.tipId ? attempt : null;
  const canGiveFeedback = paidHere !== null;
  useEffect(() => {
    if (!canGiveFeedback) return;
    const timer = setTimeout(() => setFeedbackOpen(true), FEEDBACK_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canGiveFeedback]);

  const toThankYou = () => navigate(`/thank-you?tipId=${tip.tipId}`);
  const sendFeedback = async (emoji: FeedbackEmoji, text: string) => {
    if (!paidHere) return;
    setFeedbackBusy(true);
    try {
      await guestApi.sendFeedback(tip.tipId, { token: paidHere.token, emoji, message: text });
    } catch (error) {
      // Spec §8: a failed feedback save is only logged; the guest still sees the thank-you page.
      console.warn('Feedback konnte nicht gespeichert werden', error);
    }
    setFeedbackOpen(false);
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
          busy={feedbackBusy}
          onSend={sendFeedback}
          onSkip={skipFeedback}
          receipt={{ tipId: tip.tipId, token: paidHere.token }}
        />
      ) : null}
    </>
  );
}
