import { useId, useState } from 'react';
import type { FeedbackResponse } from '../../../shared/api/tips';
import { GUEST_MESSAGE_MAX_LENGTH } from '../../../shared/domain/constants';
import {
  FEEDBACK_EMOJI_CHARS,
  FEEDBACK_EMOJIS,
  type FeedbackEmoji,
} from '../../../shared/domain/tips';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Label, Textarea } from '../../components/ui/Field';
import { cn } from '../../lib/cn';
import { type AddressChoice, FeedbackAddress } from './FeedbackAddress';
import { guestApi } from './guest-api';
import { guestMailProblem, isGuestEmail } from './guest-email';
import { useGuestLanguage } from './i18n';
import { useOutcomeTexts } from './outcome-texts';

/** What the thank-you page says once the dialog is done: where the receipt and reply go. */
export interface FeedbackNotice {
  title: string;
  description?: string;
}

/**
 * 'Möchtest du noch etwas sagen?' as one step (decision 0455): an emoji (smile by
 * default), an optional message, an optional address with what it is for (receipt, reply by
 * e-mail), and one 'Senden' that sends all of it, so whatever the dialog promised happens. Only
 * a receipt that could not be delivered keeps the dialog open, to be asked for again.
 */
export function FeedbackDialog(props: {
  open: boolean;
  /** The paid tip and its secret, which proves this tab paid it. */
  tip: { tipId: string; token: string };
  /** The guest's words from the payment step: a reply can be asked for without new ones. */
  paymentMessage: string | null;
  /** Sent (with what to tell the guest about the address), or an empty dialog skipped. */
  onDone: (notice: FeedbackNotice | null) => void;
  onSkip: () => void;
}) {
  const {
    tip: { feedback: texts, receipt: receiptTexts },
    payment: paymentTexts,
  } = useOutcomeTexts();
  const { locale } = useGuestLanguage();
  const [emoji, setEmoji] = useState<FeedbackEmoji>('smile');
  // The smile is only preselected: closing with it untouched and no words is a skip.
  const [chosen, setChosen] = useState(false);
  const [message, setMessage] = useState('');
  const [address, setAddress] = useState<AddressChoice>({
    email: '',
    receipt: true,
    replyByEmail: false,
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The feedback went in but its receipt did not go out: only the receipt is asked for again.
  const [receiptPending, setReceiptPending] = useState(false);
  const messageId = useId();
  const counterId = useId();
  const email = address.email.trim();
  const empty = message.trim() === '' && email === '';
  const canReply = message.trim() !== '' || (props.paymentMessage ?? '').trim() !== '';
  const replyByEmail = address.replyByEmail && canReply;

  const noticeFor = (receiptSent: boolean, replyKept: boolean): FeedbackNotice | null => {
    if (receiptSent) {
      return {
        title: receiptTexts.sent(email),
        ...(replyKept ? { description: receiptTexts.replyTo(email) } : {}),
      };
    }
    return replyKept ? { title: receiptTexts.replyTo(email) } : null;
  };

  const problemOf = (error: unknown) => guestMailProblem(error, receiptTexts);

  // Once the feedback is in, leaving is not a skip: the reply still reaches a kept address.
  const leave = () =>
    receiptPending ? props.onDone(noticeFor(false, replyByEmail)) : props.onSkip();

  const sendReceiptAgain = async () => {
    setBusy(true);
    try {
      await guestApi.sendReceipt(props.tip.tipId, {
        token: props.tip.token,
        email,
        language: locale,
        replyByEmail,
      });
      props.onDone(noticeFor(true, replyByEmail));
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  };

  const send = async () => {
    if (receiptPending) return sendReceiptAgain();
    if (email === '') {
      if (!chosen && message.trim() === '') return props.onSkip();
      setBusy(true);
      try {
        await guestApi.sendFeedback(props.tip.tipId, { token: props.tip.token, emoji, message });
      } catch (error) {
        // Spec §8: a failed feedback save is only logged; the guest still sees the thank-you page.
        console.warn('Feedback konnte nicht gespeichert werden', error);
      }
      return props.onDone(null);
    }
    if (!isGuestEmail(email)) {
      return setProblem(receiptTexts.invalid);
    }
    if (!address.receipt && !replyByEmail) return setProblem(receiptTexts.choosePurpose);
    setBusy(true);
    setProblem(null);
    let answer: FeedbackResponse;
    try {
      answer = await guestApi.sendFeedback(props.tip.tipId, {
        token: props.tip.token,
        // No reaction chosen and no words: only the address is used (the dialog counts as skipped).
        ...(chosen || message.trim() !== '' ? { emoji, message } : {}),
        contact: { email, language: locale, receipt: address.receipt, replyByEmail },
      });
    } catch (error) {
      // Nothing was written: the guest may simply press 'Senden' again.
      setProblem(problemOf(error));
      setBusy(false);
      return;
    }
    if (address.receipt && !answer.contact?.receiptSent) {
      setReceiptPending(true);
      setProblem(receiptTexts.failed);
      setBusy(false);
      return;
    }
    props.onDone(noticeFor(address.receipt, replyByEmail));
  };

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) leave();
      }}
      title={texts.title}
      description={texts.description}
      footer={
        <>
          <Button variant="ghost" disabled={busy} onClick={leave}>
            {texts.skip}
          </Button>
          <Button disabled={busy} onClick={() => void send()}>
            {receiptPending ? receiptTexts.send : empty ? texts.done : texts.send}
          </Button>
        </>
      }
    >
      <fieldset className="flex justify-center gap-3" disabled={busy || receiptPending}>
        <legend className="sr-only">{texts.emojiLabel}</legend>
        {FEEDBACK_EMOJIS.map((option) => (
          <label
            key={option}
            className={cn(
              'flex h-16 w-16 cursor-pointer items-center justify-center rounded-full border-2 text-3xl transition has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              emoji === option ? 'border-primary bg-muted' : 'border-border',
            )}
          >
            <input
              type="radio"
              name="feedback-emoji"
              value={option}
              className="sr-only"
              checked={emoji === option}
              onChange={() => {
                setEmoji(option);
                setChosen(true);
              }}
              onClick={() => setChosen(true)}
              aria-label={texts.emojiNames[option]}
            />
            <span aria-hidden="true">{FEEDBACK_EMOJI_CHARS[option]}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={messageId}>{texts.messageLabel}</Label>
        <Textarea
          id={messageId}
          maxLength={GUEST_MESSAGE_MAX_LENGTH}
          value={message}
          aria-describedby={counterId}
          disabled={busy || receiptPending}
          onChange={(event) => setMessage(event.target.value.slice(0, GUEST_MESSAGE_MAX_LENGTH))}
        />
        <p id={counterId} className="self-end text-xs text-muted-foreground">
          {paymentTexts.counter(message.length, GUEST_MESSAGE_MAX_LENGTH)}
        </p>
      </div>
      <FeedbackAddress
        value={address}
        onChange={(next) => {
          setAddress(next);
          if (!receiptPending) setProblem(null);
        }}
        canReply={canReply}
        disabled={busy || receiptPending}
        problem={problem}
      />
    </Dialog>
  );
}
