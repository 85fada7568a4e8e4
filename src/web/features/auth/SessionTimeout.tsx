import { useEffect, useRef, useState } from 'react';
import { ACTIVITY_EVENTS, INACTIVITY_WARNING_BEFORE_MS } from '../../../shared/domain/constants';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { InactivityTimer, type InactivitySnapshot } from '../../lib/inactivity-timer';
import { useSession } from '../../lib/session';
import { sessionApi } from '../../lib/session-api';
import { useStaffTexts } from '../../lib/staff-language';
import { activeStaffTexts } from '../../lib/staff-active';

/**
 * The warning dialog is first needed minutes after the last activity: its code (with the dialog
 * component) loads on the person's first activity or, without any, when the warning begins, not
 * with the page.
 */
const loadExpiryDialog = () => import('./SessionExpiryDialog');
type ExpiryDialog = Awaited<ReturnType<typeof loadExpiryDialog>>['SessionExpiryDialog'];

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
  const [dialogWanted, setDialogWanted] = useState(false);
  // Held in state rather than `React.lazy`: Suspense reveals through timers, which a paused or
  // throttled clock (a background tab, the tests' fake clock) would hold back.
  const [SessionExpiryDialog, setSessionExpiryDialog] = useState<ExpiryDialog | null>(null);
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
    let wanted = false;
    const onActivity = () => {
      inactivity.activity();
      if (!wanted) {
        wanted = true;
        setDialogWanted(true);
      }
    };
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
  const needed = dialogWanted || open;
  useEffect(() => {
    if (!needed || SessionExpiryDialog) return;
    let current = true;
    // Offline the warning is skipped; the timeout itself still signs out (and retries on change).
    loadExpiryDialog().then(
      (module) => current && setSessionExpiryDialog(() => module.SessionExpiryDialog),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed, SessionExpiryDialog]);
  if (!SessionExpiryDialog) return null;
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
