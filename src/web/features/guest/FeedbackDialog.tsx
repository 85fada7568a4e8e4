import { useId, useState } from 'react';
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
import { useOutcomeTexts } from './outcome-texts';
import { ReceiptForm } from './ReceiptForm';

/** 'Möchtest du noch etwas sagen?': an emoji (smile by default) and an optional message. */
export function FeedbackDialog(props: {
  open: boolean;
  busy: boolean;
  onSend: (emoji: FeedbackEmoji, message: string) => void;
  onSkip: () => void;
  /** The paid tip and its secret: the receipt form needs both. */
  receipt: { tipId: string; token: string } | null;
}) {
  const {
    tip: { feedback: texts },
    payment: paymentTexts,
  } = useOutcomeTexts();
  const [emoji, setEmoji] = useState<FeedbackEmoji>('smile');
  // The smile is only preselected: closing with it untouched and no words is a skip.
  const [chosen, setChosen] = useState(false);
  const [message, setMessage] = useState('');
  const messageId = useId();
  const counterId = useId();
  const empty = message.trim() === '';

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) props.onSkip();
      }}
      title={texts.title}
      description={texts.description}
      footer={
        <>
          <Button variant="ghost" disabled={props.busy} onClick={props.onSkip}>
            {texts.skip}
          </Button>
          <Button
            disabled={props.busy}
            onClick={() => (empty && !chosen ? props.onSkip() : props.onSend(emoji, message))}
          >
            {empty ? texts.done : texts.send}
          </Button>
        </>
      }
    >
      <fieldset className="flex justify-center gap-3">
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
          onChange={(event) => setMessage(event.target.value.slice(0, GUEST_MESSAGE_MAX_LENGTH))}
        />
        <p id={counterId} className="self-end text-xs text-muted-foreground">
          {paymentTexts.counter(message.length, GUEST_MESSAGE_MAX_LENGTH)}
        </p>
      </div>
      {props.receipt ? <ReceiptForm {...props.receipt} /> : null}
    </Dialog>
  );
}
