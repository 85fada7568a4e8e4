import { useId, useState } from 'react';
import { RECEIPT_EMAIL_MAX_LENGTH, RECEIPT_EMAIL_PATTERN } from '../../../shared/domain/receipts';
import { Button } from '../../components/ui/Button';
import { Input, Label } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import { guestApi } from './guest-api';
import { useGuestLanguage } from './i18n';
import { useOutcomeTexts } from './outcome-texts';

type State =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent'; email: string }
  | { state: 'error'; message: string };

/**
 * 'Beleg per E-Mail' on the success step: the address goes to the server for this one mail; with
 * 'Antwort per E-Mail erhalten' it is kept, sealed, until the employee's reply is sent (decision
 * 0144). The tip's secret proves this tab paid.
 */
export function ReceiptForm({ tipId, token }: { tipId: string; token: string }) {
  const {
    tip: { receipt: texts },
  } = useOutcomeTexts();
  const { locale } = useGuestLanguage();
  const [email, setEmail] = useState('');
  const [replyByEmail, setReplyByEmail] = useState(false);
  const [status, setStatus] = useState<State>({ state: 'idle' });
  const emailId = useId();
  const replyId = useId();
  const statusId = useId();

  const send = async () => {
    const address = email.trim();
    if (!RECEIPT_EMAIL_PATTERN.test(address) || address.length > RECEIPT_EMAIL_MAX_LENGTH) {
      setStatus({ state: 'error', message: texts.invalid });
      return;
    }
    setStatus({ state: 'sending' });
    try {
      await guestApi.sendReceipt(tipId, { token, email: address, language: locale, replyByEmail });
      setStatus({ state: 'sent', email: address });
    } catch (error) {
      // The server speaks German; the guest's language comes from the catalogue by status.
      const status = error instanceof ApiError ? error.status : 0;
      setStatus({
        state: 'error',
        message: status === 400 ? texts.invalid : status === 429 ? texts.tooMany : texts.failed,
      });
    }
  };

  return (
    <form
      className="flex flex-col gap-2 border-t border-border pt-3"
      data-testid="receipt-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <p className="font-medium">{texts.title}</p>
      <Label htmlFor={emailId}>{texts.emailLabel}</Label>
      <Input
        id={emailId}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={RECEIPT_EMAIL_MAX_LENGTH}
        value={email}
        aria-describedby={statusId}
        aria-invalid={status.state === 'error' ? true : undefined}
        disabled={status.state === 'sending' || status.state === 'sent'}
        onChange={(event) => {
          setEmail(event.target.value);
          if (status.state === 'error') setStatus({ state: 'idle' });
        }}
      />
      <div className="flex items-start gap-3">
        <input
          id={replyId}
          type="checkbox"
          className="mt-1 h-5 w-5 accent-[var(--primary)]"
          checked={replyByEmail}
          disabled={status.state === 'sending' || status.state === 'sent'}
          onChange={(event) => setReplyByEmail(event.target.checked)}
        />
        <Label htmlFor={replyId} className="font-normal">
          {texts.replyOptIn}
          <span className="block text-xs text-muted-foreground">
            {replyByEmail ? texts.replyHint : texts.hint}
          </span>
        </Label>
      </div>
      <p
        id={statusId}
        role={status.state === 'error' ? 'alert' : 'status'}
        className={status.state === 'error' ? 'text-sm text-destructive' : 'text-sm text-success'}
      >
        {status.state === 'error'
          ? status.message
          : status.state === 'sent'
            ? texts.sent(status.email)
            : null}
      </p>
      {status.state === 'sent' ? null : (
        <Button
          type="submit"
          variant="outline"
          disabled={status.state === 'sending' || email.trim() === ''}
        >
          {texts.send}
        </Button>
      )}
    </form>
  );
}
