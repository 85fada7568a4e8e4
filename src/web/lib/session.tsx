import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from './router';
import type {
  SessionInfo,
  SessionResponse,
  SessionTwoFactor,
  SessionUser,
} from '../../shared/api/auth';
import type { Profile } from '../../shared/api/profiles';
import {
  AUTH_LOADING_TIMEOUT_MS,
  PROFILE_FETCH_RETRIES,
  PROFILE_FETCH_RETRY_DELAY_MS,
} from '../../shared/domain/constants';
import { authTexts } from '../../shared/i18n/auth';
import { toast } from '../components/ui/toast-store';
import { ApiError, setSignedOutHandler } from './api';
import { forgetPageBoot, type PageBoot, pageBoot } from './page-boot';
import { sessionApi } from './session-api';
import {
  forgetSessionEnd,
  rememberSessionEnd,
  type SessionEndNotice,
  sessionEndNoticeOf,
} from './session-end-notice';
import { isSessionEndCode } from '../../shared/domain/session-end';
import { activeStaffTexts } from './staff-active';

export type SessionStatus = 'loading' | 'ready' | 'error';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  session: SessionInfo | null;
  /** Null for a signed-in person without a profile yet: onboarding, not an error (spec §4). */
  profile: Profile | null;
  /** Whether two-factor sign-in is on, and whether the session may only set it up. */
  twoFactor: SessionTwoFactor | null;
  /** This session began the person's first sign-in: greet them as new (decision 0510). */
  firstSignIn: boolean;
  error: string | null;
}

export type SignOutReason = 'user' | 'timeout';

export interface SessionContextValue extends SessionState {
  retry(): Promise<void>;
  /** After a password or magic-link sign-in: keep the session, then load the profile. */
  signedIn(response: SessionResponse): Promise<void>;
  /**
   * Ends the session on the server and goes to the login page; `ended` says why when it was not
   * the person (a live stream's reason), and the login page shows it (decision 0505).
   */
  signOut(reason?: SignOutReason, ended?: SessionEndNotice): Promise<void>;
  /** The server already ended this browser's session (a new sign-in began): forget it here. */
  forget(): void;
  setProfile(profile: Profile): void;
  /** After turning two-factor sign-in on or off on 'Konto und Sicherheit'. */
  setTwoFactor(twoFactor: SessionTwoFactor): void;
}

/** Exported for the component tier, which gives a screen a session of its own (decision 0530). */
export const SessionContext = createContext<SessionContextValue | null>(null);
/** Tells the other tabs of this browser that the person signed out. */
const SIGNED_OUT_STORAGE_KEY = 'trinkgeld:signed-out';
const SIGNED_OUT: Pick<
  SessionState,
  'user' | 'session' | 'profile' | 'twoFactor' | 'firstSignIn' | 'error'
> = {
  user: null,
  session: null,
  profile: null,
  twoFactor: null,
  firstSignIn: false,
  error: null,
};

class LoadError extends Error {}

/** Why the session ended, when a 401 names a reason (decision 0505). */
function noticeOfError(error: ApiError): SessionEndNotice | null {
  const { code, title, message } = error;
  return isSessionEndCode(code) ? { code, title, message } : null;
}

/** What one tab tells the others when its session ended: when, and why if not a sign-out. */
interface SignedOutMarker {
  at: number;
  notice?: SessionEndNotice;
}

function tellOtherTabs(marker: SignedOutMarker): void {
  try {
    localStorage.setItem(SIGNED_OUT_STORAGE_KEY, JSON.stringify(marker));
  } catch {
    // Storage can be unavailable (private mode); other tabs then notice on their next call.
  }
}

function readMarker(value: string): SignedOutMarker {
  try {
    const parsed = JSON.parse(value) as SignedOutMarker;
    if (typeof parsed === 'object' && parsed !== null && typeof parsed.at === 'number') {
      return parsed;
    }
  } catch {
    // An older tab wrote the bare time.
  }
  return { at: Number(value) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Up to 2 retries 1 s apart on a network or server error (spec §7 Profiles). */
async function loadProfile(): Promise<Profile | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sessionApi.profile();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'profile_not_found') return null;
      const transient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (transient && attempt < PROFILE_FETCH_RETRIES) {
        await sleep(PROFILE_FETCH_RETRY_DELAY_MS);
        continue;
      }
      if (error instanceof ApiError)
        throw new LoadError(authTexts.loadErrors.profile(error.message));
      throw new LoadError(authTexts.loadErrors.unexpectedProfile);
    }
  }
}

async function loadSession(known?: SessionResponse): Promise<SessionState> {
  let response = known;
  if (!response) {
    try {
      response = await sessionApi.session();
    } catch {
      throw new LoadError(authTexts.loadErrors.initialize);
    }
  }
  if (!response.user) {
    // The cookie's session was ended: the login page says why (decision 0505).
    if (response.ended) rememberSessionEnd(response.ended);
    return { status: 'ready', ...SIGNED_OUT };
  }
  try {
    const profile = await loadProfile();
    return {
      status: 'ready',
      user: response.user,
      session: response.session,
      profile,
      twoFactor: response.twoFactor ?? null,
      firstSignIn: response.firstSignIn ?? false,
      error: null,
    };
  } catch (error) {
    // The session ended while the profile loaded: signed out, and why when the server said.
    if (error instanceof ApiError && error.status === 401) {
      const notice = noticeOfError(error);
      if (notice) rememberSessionEnd(notice);
      return { status: 'ready', ...SIGNED_OUT };
    }
    throw error;
  }
}

/**
 * The first state from the HTML's boot answers when they say everything (decision 0417): signed
 * out, or signed in with the profile (or the knowledge that there is none yet). Otherwise null,
 * and the provider loads as before.
 */
export function bootState(boot: PageBoot | null): SessionState | null {
  if (!boot) return null;
  if (!boot.session.user) return { status: 'ready', ...SIGNED_OUT };
  if (boot.profile === undefined) return null;
  return {
    status: 'ready',
    user: boot.session.user,
    session: boot.session.session,
    profile: boot.profile,
    twoFactor: boot.session.twoFactor ?? null,
    firstSignIn: boot.session.firstSignIn ?? false,
    error: null,
  };
}

/**
 * Who is signed in, for the whole app (spec §4 "Auth loading"): loading until session and
 * profile are known, an error after a failure or after 10 s, and a signed-out state after
 * sign-out or when any API call answers that the session has ended.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The HTML's boot answers start the first screen without a round trip; once used, they are
  // forgotten, so a retry or a later mount asks the server.
  const [boot] = useState(() => {
    const answers = pageBoot();
    return { answers, state: bootState(answers) };
  });
  const [state, setState] = useState<SessionState>(
    () => boot.state ?? { status: 'loading', ...SIGNED_OUT },
  );
  /** Only the newest load may write its result. */
  const generation = useRef(0);

  const run = useCallback(async (known?: SessionResponse, failureMessage?: string) => {
    const mine = ++generation.current;
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    try {
      const next = await loadSession(known);
      if (generation.current === mine) setState(next);
    } catch (error) {
      if (generation.current !== mine) return;
      const message =
        failureMessage ??
        (error instanceof LoadError ? error.message : authTexts.loadErrors.unexpectedProfile);
      setState({ status: 'error', ...SIGNED_OUT, error: message });
    }
  }, []);

  useEffect(() => {
    forgetPageBoot();
    if (boot.state) return;
    // A signed-in session without its profile in the HTML: only the profile is asked for.
    void run(boot.answers?.session);
  }, [run, boot]);

  // Auth loading ends with an error after 10 s at the latest.
  useEffect(() => {
    if (state.status !== 'loading') return;
    const mine = generation.current;
    const timer = setTimeout(() => {
      if (generation.current !== mine) return;
      generation.current += 1;
      setState({ status: 'error', ...SIGNED_OUT, error: authTexts.loadErrors.timeout });
    }, AUTH_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  const clear = useCallback(() => {
    generation.current += 1;
    // A shared phone keeps nothing of the person who left: every cached answer goes with them.
    queryClient.clear();
    setState({ status: 'ready', ...SIGNED_OUT });
  }, [queryClient]);

  // Any API answer "not signed in (any more)" ends the session in the browser too.
  const signedInNow = useRef(false);
  useEffect(() => {
    signedInNow.current = state.user !== null;
  }, [state.user]);
  useEffect(() => {
    setSignedOutHandler((error) => {
      if (!signedInNow.current) return;
      signedInNow.current = false;
      if (error.code === 'session_expired') {
        const toasts = activeStaffTexts().auth.toasts;
        toast({ title: toasts.sessionExpired, description: toasts.sessionExpiredMessage });
      }
      // Why the session ended stays on the login page until dismissed (decision 0505): a toast
      // is gone in 5 s, and the page it stood on with it.
      const notice = noticeOfError(error);
      if (notice) {
        rememberSessionEnd(notice);
        // The cookie is gone for every tab now: the others say the same instead of nothing.
        tellOtherTabs({ at: Date.now(), notice });
      }
      clear();
    });
    return () => setSignedOutHandler(undefined);
  }, [clear]);

  // Signing out in one tab signs out the others.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SIGNED_OUT_STORAGE_KEY || !event.newValue) return;
      if (signedInNow.current) {
        // Another tab's session ended: the same one, so this tab says the same (or that the
        // person signed out there).
        const { notice } = readMarker(event.newValue);
        rememberSessionEnd(notice ?? sessionEndNoticeOf('session_signed_out'));
      }
      clear();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clear]);

  const signOut = useCallback(
    async (reason: SignOutReason = 'user', ended?: SessionEndNotice) => {
      // The person's own sign-out needs no notice; a timeout or a server's reason does.
      const notice = ended ?? (reason === 'timeout' ? sessionEndNoticeOf('session_expired') : null);
      if (notice) rememberSessionEnd(notice);
      signedInNow.current = false;
      try {
        if (reason === 'timeout') await sessionApi.reportTimeout();
        else await sessionApi.signOut();
      } catch {
        // The server session ends on its own at the idle deadline; the browser forgets it now.
      }
      tellOtherTabs({ at: Date.now(), ...(notice ? { notice } : {}) });
      navigate('/employee/login', { replace: true });
      clear();
    },
    [clear, navigate],
  );

  const value = useMemo<SessionContextValue>(
    () => ({
      ...state,
      retry: () => run(undefined, authTexts.loadErrors.retryFailed),
      signedIn: (response) => {
        // A new sign-in: whatever ended the last session is old news.
        forgetSessionEnd();
        return run(response);
      },
      signOut,
      forget: clear,
      setProfile: (profile) => setState((previous) => ({ ...previous, profile })),
      setTwoFactor: (twoFactor) => setState((previous) => ({ ...previous, twoFactor })),
    }),
    [state, run, signOut, clear],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a <SessionProvider> above it');
  return value;
}
