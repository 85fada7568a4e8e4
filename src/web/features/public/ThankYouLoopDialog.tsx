import { useState } from 'react';
import { PRESET_TIP_AMOUNTS_CENTS } from '../../../shared/domain/constants';
import { formatCents } from '../../../shared/domain/money';
import { prototypeTexts } from '../../../shared/i18n/public-docs';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { cn } from '../../lib/cn';
import { formatEuroShort } from './money';
import { DEMO_TIP_PATH } from './prototype-flows';

const t = prototypeTexts.loop;
const LAST = t.steps.length - 1;

/**
 * The demo dialog of the prototype overview: the thank-you loop from the guest's scan to the
 * message on the employee's dashboard, one step at a time, ending at the real demo tip page.
 */
export function ThankYouLoopDialog() {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(0);
  const current = t.steps[step]!;

  const close = () => {
    setOpen(false);
    setStep(0);
  };

  return (
    <>
      <Button variant="accent" size="lg" onClick={() => setOpen(true)}>
        {t.open}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={t.title}
        description={t.progress(step + 1, t.steps.length)}
        footer={
          <>
            <Button variant="outline" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
              {t.previous}
            </Button>
            {step < LAST ? (
              <Button onClick={() => setStep((s) => s + 1)}>{t.next}</Button>
            ) : (
              <>
                <a href={DEMO_TIP_PATH} className={buttonClasses('accent')}>
                  {t.tryIt}
                </a>
                <Button onClick={close}>{t.finish}</Button>
              </>
            )}
          </>
        }
      >
        <ol className="flex gap-1.5" aria-hidden="true">
          {t.steps.map((s, index) => (
            <li
              key={s.title}
              className={cn('h-1.5 flex-1 rounded-full', index <= step ? 'bg-primary' : 'bg-muted')}
            />
          ))}
        </ol>
        <div key={step} className="flex animate-fade-in flex-col gap-3" aria-live="polite">
          <Badge variant="outline" className="self-start">
            {current.actor}
          </Badge>
          <h3 className="text-lg font-semibold">{current.title}</h3>
          <p className="text-muted-foreground">{current.text}</p>
          <LoopIllustration step={step} />
        </div>
      </Dialog>
    </>
  );
}

/** A small picture of what the screen shows at each step, drawn with the app's own pieces. */
function LoopIllustration({ step }: { step: number }) {
  const amount = formatCents(t.sampleAmountCents);
  const box = 'rounded-lg border border-border bg-background p-4';
  if (step === 0) {
    return (
      <div className={cn(box, 'grid grid-cols-3 gap-2')}>
        {PRESET_TIP_AMOUNTS_CENTS.map((cents) => (
          <span
            key={cents}
            className={cn(
              'rounded-md border py-2 text-center font-semibold',
              cents === t.sampleAmountCents
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border',
            )}
          >
            {formatEuroShort(cents)}
          </span>
        ))}
      </div>
    );
  }
  if (step === 1) {
    return (
      <div className={cn(box, 'flex items-center justify-between font-semibold')}>
        <span>{t.sampleTotal}</span>
        <span className="tabular-nums">{amount}</span>
      </div>
    );
  }
  if (step === 2) {
    return (
      <div className={cn(box, 'flex flex-col items-center gap-2 text-center')}>
        <span className="animate-pop-in text-3xl" aria-hidden="true">
          👏
        </span>
        <p className="font-semibold">{t.sampleThanks}</p>
        <p className="text-sm text-muted-foreground">„{t.sampleMessage}“</p>
      </div>
    );
  }
  return (
    <div className={cn(box, 'flex flex-col gap-2')}>
      <div className="flex items-center justify-between">
        <span className="font-semibold">{t.sampleInbox}</span>
        <Badge variant="destructive">{t.sampleNew}</Badge>
      </div>
      <div className="flex items-center justify-between gap-3 rounded-md bg-muted p-3 text-sm">
        <span>„{t.sampleMessage}“</span>
        <span className="font-semibold tabular-nums">{amount}</span>
      </div>
      <span className="text-xs text-muted-foreground">{t.sampleEmployee}</span>
    </div>
  );
}
