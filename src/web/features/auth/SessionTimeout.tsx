import { useEffect, useRef, useState } from 'react';
import { ACTIVITY_EVENTS, INACTIVITY_WARNING_BEFORE_MS } from '../../../shared/domain/constants';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import {
  countdownAnnouncement,
  formatCountdown,
  InactivityTimer,
  type InactivitySnapshot,
} from '../../lib/inactivity-timer';
import { useSession } from '../../lib/session';
import { sessionApi } from '../../lib/session-api';
import { useStaffTexts } from '../../lib/staff-language';
import { activeStaffTexts } from '../../lib/staff-active';

/** Shares the last activity between tabs, so working in one tab keeps the others alive. */
const ACTIVITY_STORAGE_KEY = 'trinkgeld:last-activity';

/**
 * The inactivity timeout around the whole app (spec §1) while someone is signed in; App loads it
 * once a session exists (the login page does without it).
 */
export function ActiveSessionTimeout() {
  const authTexts = useStaffTexts().auth;
  const { signOut } = useSession();
  const [snapshot, setSnapshot] = useState<InactivitySnapshot | null>(null);
  const timer = useRef<InactivityTimer | null>(null);
  const signOutRef = useRef(signOut);
  useEffect(() => {
    signOutRef.current = signOut;
  }, [signOut]);

  useEffect(() => {
    const inactivity = new InactivityTimer({
      onChange: setSnapshot,
      onReset: (at) => {
        writeSharedActivity(at);
        // The server's idle clock follows the browser's; a 401 is handled by the session layer.
        sessionApi.touch().catch(() => {});
      },
      onTimeout: () => {
        const toasts = activeStaffTexts().auth.toasts;
        toast({ title: toasts.sessionExpired, description: toasts.sessionExpiredMessage });
        void signOutRef.current('timeout');
      },
    });
    timer.current = inactivity;
    const onActivity = () => inactivity.activity();
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACTIVITY_STORAGE_KEY && event.newValue) {
        inactivity.syncReset(Number(event.newValue));
      }
    };
    for (const name of ACTIVITY_EVENTS) {
      document.addEventListener(name, onActivity, { capture: true, passive: true });
    }
    window.addEventListener('storage', onStorage);
    inactivity.start();
    return () => {
      inactivity.stop();
      for (const name of ACTIVITY_EVENTS) {
        document.removeEventListener(name, onActivity, { capture: true });
      }
      window.removeEventListener('storage', onStorage);
      timer.current = null;
    };
  }, []);

  async function extend() {
    timer.current?.extend();
    try {
      await sessionApi.extend();
      toast({
        title: authTexts.toasts.sessionExtended,
        description: authTexts.toasts.sessionExtendedMessage,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      toast({
        title: authTexts.toasts.systemError,
        description:
          error instanceof ApiError ? error.message : authTexts.toasts.systemErrorMessage,
        variant: 'destructive',
      });
    }
  }

  const open = snapshot?.phase === 'warning' && !snapshot.warningDismissed;
  return (
    <SessionExpiryDialog
      open={open}
      remainingMs={snapshot?.remainingMs ?? INACTIVITY_WARNING_BEFORE_MS}
      onExtend={() => void extend()}
      onDismiss={() => timer.current?.dismissWarning()}
      onSignOut={() => void signOut('user')}
    />
  );
}

function writeSharedActivity(at: number): void {
  try {
    localStorage.setItem(ACTIVITY_STORAGE_KEY, String(at));
  } catch {
    // Without storage each tab keeps its own clock; the server still follows each touch.
  }
}

interface SessionExpiryDialogProps {
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
