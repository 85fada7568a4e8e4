import { useId } from 'react';
import { GUEST_MESSAGE_MAX_LENGTH, PLATFORM_FEE_CENTS } from '../../../shared/domain/constants';
import { formatCents } from '../../../shared/domain/money';
import type { PaymentMethod, PaymentProviderName } from '../../../shared/domain/tips';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Label, Textarea } from '../../components/ui/Field';
import { useFocusedHeading } from './focus-heading';
import { useOutcomeTexts } from './outcome-texts';
import type { WalletSupport } from './wallets';

export interface PaymentStepProps {
  amountCents: number;
  feeCovered: boolean;
  onFeeCoveredChange: (covered: boolean) => void;
  message: string;
  onMessageChange: (message: string) => void;
  wallets: WalletSupport;
  processing: boolean;
  /** A pay-later link that brought the guest here, shown with its end (ISO time). */
  payLaterUntil: string | null;
  onBack: () => void;
  onPay: (method: PaymentMethod) => void;
  /** Who processes the payment, named next to the pay buttons. */
  provider: PaymentProviderName;
}

function SummaryLine({
  label,
  cents,
  strong,
  intl,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  intl: string;
}) {
  return (
    <div
      className={
        strong
          ? 'flex justify-between border-t border-border pt-2 font-bold'
          : 'flex justify-between'
      }
    >
      <dt className={strong ? '' : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{formatCents(cents, 'eur', intl)}</dd>
    </div>
  );
}

/** Step 2: summary, optional contribution, message, and the payment buttons. */
export function PaymentStep(props: PaymentStepProps) {
  const { payment: texts, tip: tipOutcomeTexts, intl } = useOutcomeTexts();
  const feeId = useId();
  const heading = useFocusedHeading();
  const messageId = useId();
  const counterId = useId();
  const fee = props.feeCovered ? PLATFORM_FEE_CENTS : 0;

  const payButton = (method: PaymentMethod, label: string, variant: 'primary' | 'outline') => (
    <Button
      key={method}
      // The waiting text is longer than the labels: at 360 px it wraps inside the button, which
      // grows to hold it, instead of spilling past a fixed height.
      size="lgWrap"
      variant={variant}
      className="w-full"
      aria-disabled={props.processing}
      onClick={() => props.onPay(method)}
    >
      {props.processing ? texts.processingButton : label}
    </Button>
  );

  return (
    <section className="flex flex-col gap-5" aria-labelledby={`${feeId}-title`}>
      <div className="flex items-center gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={texts.back}
          disabled={props.processing}
          onClick={props.onBack}
        >
          <span aria-hidden="true" className="text-xl">
            ←
          </span>
        </Button>
        <h2
          id={`${feeId}-title`}
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          {texts.title}
        </h2>
      </div>

      {props.payLaterUntil ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm">
          {texts.payLaterValid(
            new Date(props.payLaterUntil).toLocaleString(intl, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          )}
        </p>
      ) : null}

      <dl className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm">
        <SummaryLine label={texts.tip} cents={props.amountCents} intl={intl} />
        <SummaryLine label={texts.serviceFee} cents={fee} intl={intl} />
        <SummaryLine label={texts.total} cents={props.amountCents + fee} strong intl={intl} />
      </dl>

      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <input
            id={feeId}
            type="checkbox"
            className="mt-1 h-5 w-5 accent-[var(--primary)]"
            checked={props.feeCovered}
            disabled={props.processing}
            onChange={(event) => props.onFeeCoveredChange(event.target.checked)}
          />
          <Label htmlFor={feeId} className="font-normal">
            {texts.feeCheckbox(formatCents(PLATFORM_FEE_CENTS, 'eur', intl))}
            <span className="block text-xs text-muted-foreground">{texts.feeHint}</span>
          </Label>
        </div>
        {props.feeCovered ? (
          <Badge variant="success" className="self-start">
            {texts.feeThanks}
          </Badge>
        ) : null}
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={messageId}>{texts.messageLabel}</Label>
        <Textarea
          id={messageId}
          maxLength={GUEST_MESSAGE_MAX_LENGTH}
          placeholder={texts.messagePlaceholder}
          value={props.message}
          disabled={props.processing}
          aria-describedby={counterId}
          onChange={(event) =>
            props.onMessageChange(event.target.value.slice(0, GUEST_MESSAGE_MAX_LENGTH))
          }
        />
        <p id={counterId} className="self-end text-xs text-muted-foreground">
          {texts.counter(props.message.length, GUEST_MESSAGE_MAX_LENGTH)}
        </p>
      </div>

      <div className="flex flex-col gap-3">
        {props.wallets.applePay ? payButton('apple-pay', texts.applePay, 'outline') : null}
        {props.wallets.googlePay ? payButton('google-pay', texts.googlePay, 'outline') : null}
        {payButton('stripe', texts.card, 'primary')}
        <p className="text-center text-xs text-muted-foreground" data-testid="payment-processor">
          🔒 {tipOutcomeTexts.processor.by(tipOutcomeTexts.providers[props.provider])}
          <br />
          {tipOutcomeTexts.processor.brands}
        </p>
      </div>

      {props.processing ? (
        <div role="status" className="flex flex-col gap-2">
          <div className="h-1.5 overflow-hidden rounded-full bg-muted">
            <div className="h-full w-1/3 animate-progress rounded-full bg-primary" />
          </div>
          <p className="text-center text-sm text-muted-foreground">{texts.processingNotice}</p>
        </div>
      ) : null}
    </section>
  );
}
