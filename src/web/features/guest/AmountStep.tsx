import { useEffect, useId, useRef, useState } from 'react';
import { takeOwnAmountSent, takeTypedAmount } from './early-typing';
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
import { Input } from '../../components/ui/Field';
import { cn } from '../../lib/cn';
import { type GuestTonality, tonalityIn } from '../../../shared/i18n/guest';
import { useFocusedHeading } from './focus-heading';
import type { TipPageParams } from './params';
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
  if (cents < MIN_TIP_CENTS) return texts.tooLow(formatCents(MIN_TIP_CENTS, 'eur', intl));
  if (cents > MAX_TIP_CENTS) return texts.tooHigh(formatCents(MAX_TIP_CENTS, 'eur', intl));
  return null;
}

export interface AmountStepProps {
  /**
   * Where the presets and the own amount post to without JavaScript (or before it has loaded):
   * the server starts the checkout itself (decision 0221).
   */
  action: string;
  amountCents: number | null;
  onAmountChange: (cents: number | null, source: 'preset' | 'custom') => void;
  /** Reported once the guest stops typing for a second (spec §7). */
  onCustomAmountSettled: (cents: number) => void;
  onContinue: () => void;
  /** Set when the guest came back from the payment step. */
  focusHeading?: boolean;
  /** The business's tonality (branding): the greeting under the title. */
  tonality?: GuestTonality;
  /** An ?amount= in the link that cannot be paid: said above the presets. */
  linkAmount?: TipPageParams['linkAmount'] | undefined;
}

/** Step 1: presets 5, 10, 15 € or an own amount. */
export function AmountStep({
  action,
  amountCents,
  onAmountChange,
  onCustomAmountSettled,
  onContinue,
  focusHeading,
  tonality,
  linkAmount,
}: AmountStepProps) {
  const firstTexts = useFirstViewTexts();
  const texts = firstTexts.amount;
  const { intl, locale } = useGuestLanguage();
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
  // False in the server's HTML and while hydrating it, so both render the same markup.
  const [enhanced, setEnhanced] = useState(false);
  // The own amount was sent before the app ran: continue once that amount has rendered.
  const [continueWhenLive, setContinueWhenLive] = useState(false);
  useEffect(() => {
    setEnhanced(true);
    // An amount typed before the app ran counts as typed now (live validation, the button).
    const early = takeTypedAmount();
    if (early) changeCustom(early);
    if (takeOwnAmountSent()) setContinueWhenLive(true);
    // Once, when the step goes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const typed = custom.trim() === '' ? null : parseEuroToCents(custom);
  const problem = custom.trim() === '' ? null : amountProblem(texts, intl, typed, custom);
  const canContinue = amountCents !== null && amountProblem(texts, intl, amountCents) === null;
  useEffect(() => {
    if (!continueWhenLive) return;
    setContinueWhenLive(false);
    // An amount that does not pass stays on this step with its message, as a live submit would.
    if (canContinue) onContinue();
  }, [continueWhenLive, canContinue, onContinue]);

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

  const language = <input type="hidden" name="lang" value={locale} />;
  const linkProblem = linkAmount
    ? texts.linkAmount(
        linkAmount.typed,
        linkAmount.problem === 'too-high'
          ? texts.tooHigh(formatCents(MAX_TIP_CENTS, 'eur', intl))
          : linkAmount.problem === 'too-low'
            ? texts.tooLow(formatCents(MIN_TIP_CENTS, 'eur', intl))
            : texts.notANumber,
      )
    : null;
  // Two real forms: each preset posts its amount, and Enter in the own amount posts that form
  // alone. With JavaScript the handlers below take over and nothing is posted.
  return (
    <div className="flex flex-col gap-5">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {texts.title}
      </h2>
      <p className="-mt-3 text-sm text-muted-foreground" data-testid="tonality-greeting">
        {tonalityIn(firstTexts, tonality).greeting}
      </p>
      {linkProblem ? (
        <p
          role="alert"
          className="rounded-md border border-destructive p-3 text-sm [overflow-wrap:anywhere]"
          data-testid="link-amount-problem"
        >
          {linkProblem}
        </p>
      ) : null}
      <form method="post" action={action}>
        {language}
        {/* The group inside the form: a form may not take the group role (Lighthouse, axe). */}
        <div role="group" aria-label={texts.presetsLabel} className="grid grid-cols-3 gap-3">
          {PRESET_TIP_AMOUNTS_CENTS.map((cents) => {
            const selected = amountCents === cents && custom === '';
            return (
              <button
                key={cents}
                type="submit"
                name="amount"
                value={cents}
                aria-pressed={selected}
                onClick={(event) => {
                  event.preventDefault();
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
      </form>
      <form
        method="post"
        action={action}
        className="flex flex-col gap-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canContinue) onContinue();
        }}
      >
        {language}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-semibold">
            {texts.customLabel}
          </label>
          <Input
            id={inputId}
            name="custom"
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
        ) : (
          // The page as the server sent it (no JavaScript yet, or none at all) needs a button for
          // the own amount. Once the app runs it takes the guest on only with a valid amount, but
          // keeps its place meanwhile: removing it moved everything below it under the guest's
          // finger as the app took the page over.
          <button
            type="submit"
            disabled={enhanced}
            className="h-11 w-full rounded-md bg-primary px-8 text-lg font-semibold text-primary-foreground disabled:cursor-not-allowed disabled:opacity-50"
          >
            {texts.payCustom}
          </button>
        )}
      </form>
    </div>
  );
}
