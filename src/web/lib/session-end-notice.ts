import {
  isSessionEndCode,
  type SessionEndCode,
  sessionEndWords,
} from '../../shared/domain/session-end';

/**
 * Why this tab's session ended (decision 0505): kept in `sessionStorage` (this tab only, survives
 * the way to the login page and a reload) until the person closes the notice there.
 */
export interface SessionEndNotice {
  code: SessionEndCode;
  /** The words the server said (German, or the staff language the screen spoke). */
  title: string;
  message: string;
}

const STORAGE_KEY = 'trinkgeld:session-ended';
const listeners = new Set<() => void>();
/** Read once per change: `useSyncExternalStore` needs the same object until it changes. */
let current: SessionEndNotice | null | undefined;

function read(): SessionEndNotice | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    const { code, title, message } = parsed as Record<string, unknown>;
    if (!isSessionEndCode(code) || typeof title !== 'string' || typeof message !== 'string') {
      return null;
    }
    return { code, title, message };
  } catch {
    return null;
  }
}

function changed(): void {
  current = undefined;
  for (const listener of [...listeners]) listener();
}

/** Keeps why the session ended; the newest reason wins. */
export function rememberSessionEnd(notice: SessionEndNotice): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(notice));
  } catch {
    // Without storage the notice lives until the next reload only.
    current = notice;
    for (const listener of [...listeners]) listener();
    return;
  }
  changed();
}

/** The notice for a reason the server named by code only (a live stream's end). */
export function sessionEndNoticeOf(code: SessionEndCode): SessionEndNotice {
  return { code, ...sessionEndWords(code) };
}

export function forgetSessionEnd(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
  current = null;
  for (const listener of [...listeners]) listener();
}

export function currentSessionEnd(): SessionEndNotice | null {
  if (current === undefined) current = read();
  return current;
}

export function subscribeSessionEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
