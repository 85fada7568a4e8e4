import type { PayLaterLinkResponse } from '../../../shared/api/tips';
import type { PaymentErrorClass } from '../../../shared/domain/payments';
import type { PaymentProviderName } from '../../../shared/domain/tips';
import { Button } from '../../components/ui/Button';
import { useFocusedHeading } from './focus-heading';
import { useOutcomeTexts } from './outcome-texts';
import { PayLaterLinkBox } from './PayLaterLinkBox';

/** Step 4: the payment did not go through (cancelled, failed or timed out). */
export function ErrorStep(props: {
  errorClass: PaymentErrorClass;
  attemptsLeft: number;
  /** Seconds until the retry starts, while it waits for its backoff. */
  retryCountdown: number | null;
  payLaterLink: PayLaterLinkResponse | null;
  provider: PaymentProviderName;
  onRetry: () => void;
  onPayLater: () => void;
  onBack: () => void;
}) {
  const { tip: tipOutcomeTexts, errors } = useOutcomeTexts();
  const texts = tipOutcomeTexts.error;
  const heading = useFocusedHeading();
  const reason = errors[props.errorClass];
  const showReason = reason.title !== texts.title;
  return (
    <section className="flex flex-col gap-4" role="alert" aria-labelledby="payment-error-title">
      <div className="flex flex-col items-center gap-2 text-center">
        <span
          aria-hidden="true"
          className="flex h-16 w-16 items-center justify-center rounded-full bg-destructive text-3xl text-destructive-foreground"
        >
          !
        </span>
        <h2
          id="payment-error-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          {texts.title}
        </h2>
        {showReason ? <p className="font-medium">{reason.title}</p> : null}
        <p className="text-sm text-muted-foreground">{reason.description}</p>
        {props.attemptsLeft > 0 ? (
          <p className="text-xs text-muted-foreground">{texts.attemptsLeft(props.attemptsLeft)}</p>
        ) : null}
      </div>
      {props.attemptsLeft > 0 ? (
        <Button
          size="lg"
          className="w-full"
          onClick={props.onRetry}
          aria-disabled={props.retryCountdown !== null}
        >
          {props.retryCountdown !== null ? texts.retryIn(props.retryCountdown) : texts.retry}
        </Button>
      ) : (
        <p className="rounded-lg bg-muted p-3 text-center text-sm font-medium">
          {texts.maxRetries}
        </p>
      )}
      <Button size="lg" variant="outline" className="w-full" onClick={props.onPayLater}>
        {texts.payLater}
      </Button>
      <p className="text-center text-xs text-muted-foreground">{texts.payLaterNote}</p>
      {props.payLaterLink ? <PayLaterLinkBox link={props.payLaterLink} /> : null}
      <Button size="lg" variant="ghost" className="w-full" onClick={props.onBack}>
        {texts.back}
      </Button>
      <ul className="flex justify-center gap-4 text-xs text-muted-foreground">
        <li>🔒 {texts.trustSsl}</li>
        <li>💳 {texts.trustProvider(tipOutcomeTexts.providers[props.provider])}</li>
      </ul>
    </section>
  );
}
