import { useEffect, useId, useRef, useState } from 'react';
import type { PayLaterLinkResponse } from '../../../shared/api/tips';
import { Button } from '../../components/ui/Button';
import { Label } from '../../components/ui/Field';
import { guestApi } from './guest-api';
import { GuestEmailInput, guestMailProblem, isGuestEmail } from './guest-email';
import { useGuestLanguage } from './i18n';
import { useOutcomeTexts } from './outcome-texts';

type MailState =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent'; email: string }
  | { state: 'error'; message: string };

/**
 * The pay-later link on the error step (decision 0456): the link itself, and a short
 * form that mails it to the guest's own address (used for that mail only). It scrolls to the
 * middle of the screen when it appears, so the 'Link kopiert' toast at the bottom never covers it.
 */
export function PayLaterLinkBox({ link }: { link: PayLaterLinkResponse }) {
  const {
    tip: { error: texts, receipt: receiptTexts },
  } = useOutcomeTexts();
  const { locale } = useGuestLanguage();
  const box = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState('');
  const [mail, setMail] = useState<MailState>({ state: 'idle' });
  const emailId = useId();
  const statusId = useId();
  const hintId = useId();

  useEffect(() => {
    box.current?.scrollIntoView({ block: 'center' });
  }, [link.url]);

  const send = async () => {
    const address = email.trim();
    if (!isGuestEmail(address)) {
      setMail({ state: 'error', message: receiptTexts.invalid });
      return;
    }
    setMail({ state: 'sending' });
    try {
      await guestApi.mailPayLaterLink({ token: link.token, email: address, language: locale });
      setMail({ state: 'sent', email: address });
    } catch (error) {
      setMail({
        state: 'error',
        message: guestMailProblem(error, { ...receiptTexts, failed: texts.payLaterEmailFailed }),
      });
    }
  };

  return (
    <div ref={box} className="flex flex-col gap-2 rounded-lg bg-muted p-3 text-sm">
      <span className="font-medium">{texts.payLaterLinkLabel}</span>
      <a className="break-all text-primary underline" href={link.url} data-testid="pay-later-link">
        {link.url}
      </a>
      <form
        className="flex flex-col gap-2 border-t border-border pt-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Label htmlFor={emailId}>{texts.payLaterEmailLabel}</Label>
        <GuestEmailInput
          id={emailId}
          value={email}
          aria-describedby={`${hintId} ${statusId}`}
          invalid={mail.state === 'error'}
          disabled={mail.state === 'sending' || mail.state === 'sent'}
          onChange={(event) => {
            setEmail(event.target.value);
            if (mail.state === 'error') setMail({ state: 'idle' });
          }}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {texts.payLaterEmailHint}
        </p>
        <p
          id={statusId}
          role={mail.state === 'error' ? 'alert' : 'status'}
          className={mail.state === 'error' ? 'text-destructive' : 'text-success'}
        >
          {mail.state === 'error'
            ? mail.message
            : mail.state === 'sent'
              ? texts.payLaterEmailSent(mail.email)
              : null}
        </p>
        {mail.state === 'sent' ? null : (
          <Button
            type="submit"
            variant="outline"
            disabled={mail.state === 'sending' || email.trim() === ''}
          >
            {texts.payLaterEmailSend}
          </Button>
        )}
      </form>
    </div>
  );
}
