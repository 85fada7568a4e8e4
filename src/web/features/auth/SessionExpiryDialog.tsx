import { INACTIVITY_WARNING_BEFORE_MS } from '../../../shared/domain/constants';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { countdownAnnouncement, formatCountdown } from '../../lib/inactivity-timer';
import { useStaffTexts } from '../../lib/staff-language';

export interface SessionExpiryDialogProps {
  open: boolean;
  remainingMs: number;
  onExtend: () => void;
  onDismiss: () => void;
  onSignOut: () => void;
}

/** 'Sitzung läuft ab' with an m:ss countdown and a percent bar (spec §2). */
export function SessionExpiryDialog(props: SessionExpiryDialogProps) {
  const texts = useStaffTexts().auth.sessionDialog;
  const percent = Math.max(
    0,
    Math.min(100, Math.round((props.remainingMs / INACTIVITY_WARNING_BEFORE_MS) * 100)),
  );
  const countdown = formatCountdown(props.remainingMs);
  const spoken = countdownAnnouncement(props.remainingMs);
  const announcement =
    'minutes' in spoken
      ? texts.announceMinutes(spoken.minutes)
      : texts.announceSeconds(spoken.seconds);
  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => {
        if (!next) props.onDismiss();
      }}
      title={texts.title}
      description={texts.description}
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={props.onSignOut}>
            {texts.signOutNow}
          </Button>
          <Button variant="outline" size="sm" onClick={props.onDismiss}>
            {texts.dismiss}
          </Button>
          {/* The safe choice gets the focus: a stray Enter or tap keeps the person signed in. */}
          <Button size="sm" onClick={props.onExtend} data-autofocus>
            {texts.extend}
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-muted-foreground">{texts.remaining}</p>
        <p
          className="text-4xl font-bold tabular-nums"
          data-testid="session-countdown"
          aria-live="off"
        >
          {countdown}
        </p>
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <div
          role="progressbar"
          aria-label={texts.remaining}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={countdown}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-destructive transition-[width] duration-1000 ease-linear"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    </Dialog>
  );
}
