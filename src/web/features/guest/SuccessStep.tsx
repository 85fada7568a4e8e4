import { useEffect, useState } from 'react';
import { SUCCESS_ANIMATION_STEPS_MS } from '../../../shared/domain/constants';
import { formatCents } from '../../../shared/domain/money';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { type GuestTonality, tonalityIn } from '../../../shared/i18n/guest';
import { useFocusedHeading } from './focus-heading';
import { useFirstViewTexts } from './i18n';
import { useOutcomeTexts } from './outcome-texts';

/** Step 3: the thank-you animation in three beats (0, 400, 800 ms, spec §9). */
export function SuccessStep(props: {
  /** What the employee receives. */
  amountCents: number;
  /** The guest's contribution to the platform, shown apart: it is not part of the tip. */
  platformFeeCents: number;
  totalCents: number;
  currency: string;
  recipientName: string;
  guestMessage: string | null;
  onDone: () => void;
  /** The business's tonality (branding): the thank-you heading. */
  tonality?: GuestTonality;
}) {
  const { successTitle } = tonalityIn(useFirstViewTexts(), props.tonality);
  const {
    tip: { success: texts },
    intl,
  } = useOutcomeTexts();
  const [beat, setBeat] = useState(0);
  useEffect(() => {
    const timers = SUCCESS_ANIMATION_STEPS_MS.map((at, index) =>
      setTimeout(() => setBeat(index + 1), at),
    );
    return () => timers.forEach(clearTimeout);
  }, []);
  // The heading can take focus once it is visible (second beat of the animation).
  const heading = useFocusedHeading(beat >= 2);
  const shown = (index: number) => (beat > index ? 'animate-pop-in' : 'invisible');

  return (
    <section className="flex flex-col items-center gap-4 py-4 text-center" aria-live="polite">
      <div
        aria-hidden="true"
        className={cn(
          'flex h-20 w-20 items-center justify-center rounded-full bg-success text-4xl text-success-foreground',
          shown(0),
        )}
      >
        ✓
      </div>
      <h2
        ref={heading}
        tabIndex={-1}
        className={cn('text-xl font-bold focus:outline-none', shown(1))}
      >
        {successTitle}
      </h2>
      <div className={cn('flex flex-col gap-1', shown(2))}>
        <p className="text-3xl font-bold tabular-nums" data-testid="success-tip-amount">
          {formatCents(props.amountCents, props.currency, intl)}
        </p>
        <p className="text-muted-foreground">{texts.transferred(props.recipientName)}</p>
        {props.platformFeeCents > 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="success-contribution">
            {texts.contribution(formatCents(props.platformFeeCents, props.currency, intl))}
            <br />
            {texts.totalPaid(formatCents(props.totalCents, props.currency, intl))}
          </p>
        ) : null}
        {props.guestMessage ? (
          <blockquote className="mt-2 rounded-lg bg-muted px-4 py-2 italic">
            „{props.guestMessage}“
          </blockquote>
        ) : null}
      </div>
      <Button size="lg" className="mt-2 w-full" onClick={props.onDone}>
        {texts.done}
      </Button>
    </section>
  );
}
