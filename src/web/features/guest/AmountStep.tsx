import { useEffect, useId, useRef, useState } from 'react';
import {
  CUSTOM_AMOUNT_TRACKING_PAUSE_MS,
  MAX_TIP_CENTS,
  MIN_TIP_CENTS,
  PRESET_TIP_AMOUNTS_CENTS,
} from '../../../shared/domain/constants';
import {
  amountInputProblem,
  centsToTypedAmount,
  formatCents,
  parseEuroToCents,
} from '../../../shared/domain/money';
import { Button } from '../../components/ui/Button';
import { Input, Label } from '../../components/ui/Field';
import { cn } from '../../lib/cn';
import { useFocusedHeading } from './focus-heading';
import { useFirstViewTexts, useGuestLanguage } from './i18n';

/** Why a typed amount cannot be paid, or null when it can. */
function amountProblem(
  texts: ReturnType<typeof useFirstViewTexts>['amount'],
  intl: string,
  cents: number | null,
  typed = '',
): string | null {
  if (cents === null) {
    return amountInputProblem(typed) === 'decimals' ? texts.tooManyDecimals : texts.notANumber;
  }
  if (cents < MIN_TIP_CENTS) return texts.invalid;
  if (cents > MAX_TIP_CENTS) return texts.tooHigh(formatCents(MAX_TIP_CENTS, 'eur', intl));
  return null;
}

export interface AmountStepProps {
  amountCents: number | null;
  onAmountChange: (cents: number | null, source: 'preset' | 'custom') => void;
  /** Reported once the guest stops typing for a second (spec §7). */
  onCustomAmountSettled: (cents: number) => void;
  onContinue: () => void;
  /** Set when the guest came back from the payment step. */
  focusHeading?: boolean;
}

/** Step 1: presets 5, 10, 15 € or an own amount. */
export function AmountStep({
  amountCents,
  onAmountChange,
  onCustomAmountSettled,
  onContinue,
  focusHeading,
}: AmountStepProps) {
  const texts = useFirstViewTexts().amount;
  const { intl } = useGuestLanguage();
  const inputId = useId();
  // Only a return from the payment step moves focus; the first view keeps the browser's own.
  const heading = useFocusedHeading(focusHeading === true);
  const errorId = useId();
  const isPreset = (PRESET_TIP_AMOUNTS_CENTS as readonly number[]).includes(amountCents ?? -1);
  const [custom, setCustom] = useState(
    amountCents !== null && !isPreset
      ? centsToTypedAmount(amountCents, intl.startsWith('en') ? '.' : ',')
      : '',
  );
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);

  const typed = custom.trim() === '' ? null : parseEuroToCents(custom);
  const problem = custom.trim() === '' ? null : amountProblem(texts, intl, typed, custom);
  const canContinue = amountCents !== null && amountProblem(texts, intl, amountCents) === null;

  const changeCustom = (value: string) => {
    setCustom(value);
    const cents = value.trim() === '' ? null : parseEuroToCents(value);
    onAmountChange(cents, 'custom');
    clearTimeout(pause.current);
    if (cents !== null && amountProblem(texts, intl, cents) === null) {
      pause.current = setTimeout(
        () => onCustomAmountSettled(cents),
        CUSTOM_AMOUNT_TRACKING_PAUSE_MS,
      );
    }
  };

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canContinue) onContinue();
      }}
    >
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {texts.title}
      </h2>
      <div role="group" aria-label={texts.presetsLabel} className="grid grid-cols-3 gap-3">
        {PRESET_TIP_AMOUNTS_CENTS.map((cents) => {
          const selected = amountCents === cents && custom === '';
          return (
            <button
              key={cents}
              type="button"
              aria-pressed={selected}
              onClick={() => {
                setCustom('');
                clearTimeout(pause.current);
                onAmountChange(cents, 'preset');
              }}
              className={cn(
                'h-16 rounded-lg border-2 text-lg font-semibold transition',
                selected
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card hover:border-primary',
              )}
            >
              {formatCents(cents, 'eur', intl).replace(/[.,]00/, '')}
            </button>
          );
        })}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>{texts.customLabel}</Label>
        <Input
          id={inputId}
          // A text field with the decimal keypad: a number field silently drops "12,5"'s comma.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={texts.customPlaceholder}
          value={custom}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => changeCustom(event.target.value)}
        />
        {problem ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      {canContinue ? (
        <Button type="submit" size="lg" className="w-full">
          {texts.continue(formatCents(amountCents, 'eur', intl))}
        </Button>
      ) : null}
    </form>
  );
}
