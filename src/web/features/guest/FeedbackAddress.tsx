import { useId } from 'react';
import { Label } from '../../components/ui/Field';
import { GuestEmailInput } from './guest-email';
import { useOutcomeTexts } from './outcome-texts';

/** What the guest typed into the address part of the feedback dialog. */
export interface AddressChoice {
  email: string;
  receipt: boolean;
  replyByEmail: boolean;
}

/**
 * The address part of 'Möchtest du noch etwas sagen?' (decision 0455): the optional address and,
 * right below it, what it is used for — the receipt, the reply by e-mail — with what each means
 * for the address. The dialog's one 'Senden' sends it with the reaction.
 */
export function FeedbackAddress(props: {
  value: AddressChoice;
  onChange: (value: AddressChoice) => void;
  /** A reply answers words: the guest's message when paying or in this dialog. */
  canReply: boolean;
  disabled: boolean;
  /** The status line under the address (an error, or nothing). */
  problem: string | null;
}) {
  const {
    tip: { receipt: texts },
  } = useOutcomeTexts();
  const { value, onChange, canReply, disabled } = props;
  const emailId = useId();
  const receiptId = useId();
  const replyId = useId();
  const hintId = useId();
  const replyHintId = useId();
  const problemId = useId();
  const replyWanted = value.replyByEmail && canReply;

  return (
    <div className="flex flex-col gap-2 border-t border-border pt-3" data-testid="feedback-address">
      <Label htmlFor={emailId}>{texts.emailLabel}</Label>
      <GuestEmailInput
        id={emailId}
        value={value.email}
        aria-describedby={`${hintId} ${problemId}`}
        invalid={props.problem !== null}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, email: event.target.value })}
      />
      <fieldset className="flex flex-col gap-2" disabled={disabled}>
        <legend className="mb-1 text-sm font-medium">{texts.purposeLegend}</legend>
        <div className="flex items-start gap-3">
          <input
            id={receiptId}
            type="checkbox"
            className="mt-0.5 h-5 w-5 accent-[var(--primary)]"
            checked={value.receipt}
            onChange={(event) => onChange({ ...value, receipt: event.target.checked })}
          />
          <Label htmlFor={receiptId} className="font-normal">
            {texts.title}
          </Label>
        </div>
        <div className="flex items-start gap-3">
          <input
            id={replyId}
            type="checkbox"
            className="mt-0.5 h-5 w-5 accent-[var(--primary)]"
            checked={replyWanted}
            disabled={!canReply}
            aria-describedby={canReply ? undefined : replyHintId}
            onChange={(event) => onChange({ ...value, replyByEmail: event.target.checked })}
          />
          <Label htmlFor={replyId} className="font-normal">
            {texts.replyOptIn}
            {canReply ? null : (
              <span id={replyHintId} className="block text-xs text-muted-foreground">
                {texts.replyNeedsMessage}
              </span>
            )}
          </Label>
        </div>
      </fieldset>
      <p id={hintId} className="text-xs text-muted-foreground">
        {replyWanted ? texts.replyHint : texts.hint}
      </p>
      <p id={problemId} role="alert" className="text-sm text-destructive empty:hidden">
        {props.problem}
      </p>
    </div>
  );
}
