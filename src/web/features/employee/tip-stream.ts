import { isSessionEndCode, type SessionEndCode } from '../../../shared/domain/session-end';
import { REALTIME_RECONNECT_BACKOFF_MS } from '../../../shared/domain/constants';

export type StreamState = 'connecting' | 'open' | 'reconnecting';

export interface TipStreamHandlers {
  /** A tip concerning this employee changed. */
  onTip: (event: { tipId: string; status: string }) => void;
  /** The stream (re)opened: fetch anything that may have been missed meanwhile. */
  onOpen: (reconnected: boolean) => void;
  /**
   * Opened with `since`, the server could not tell everything that changed since then: fetch
   * afresh (decision 0420).
   */
  onCatchUpMissed?: () => void;
  onState?: (state: StreamState) => void;
  /**
   * The server ended the stream because the session is gone; with a reason when the business was
   * suspended or closed.
   */
  onSessionEnded?: (reason?: SessionEndCode) => void;
}

/**
 * Connects to the employee's Server-Sent Events stream and keeps it connected: after an error it
 * waits 1, 2, 5, then 10 s (and 10 s from then on) before trying again, instead of the browser's
 * fixed retry, and reports every reopening so the page can catch up. With `since` (the page's
 * answers came with its HTML, made then) the first connection asks the server for the changes
 * since that moment, as events, instead of the page fetching them again (decision 0420).
 */
export function connectTipStream(
  url: string,
  handlers: TipStreamHandlers,
  since: number | null = null,
): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let everOpened = false;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    handlers.onState?.(everOpened ? 'reconnecting' : 'connecting');
    // Until a connection has opened: after that, a reconnect is caught up by `onOpen(true)`.
    const catchUp = !everOpened && since !== null;
    source = new EventSource(catchUp ? `${url}?since=${since}` : url, { withCredentials: true });
    source.addEventListener('open', () => {
      attempt = 0;
      handlers.onState?.('open');
      handlers.onOpen(everOpened);
      everOpened = true;
    });
    source.addEventListener('tip', (event) => {
      try {
        handlers.onTip(JSON.parse((event as MessageEvent<string>).data));
      } catch {
        // A malformed event is skipped; the next catch-up fetch covers it.
      }
    });
    source.addEventListener('catch-up', () => handlers.onCatchUpMissed?.());
    source.addEventListener('session-ended', (event) => {
      stop();
      handlers.onSessionEnded?.(reasonOf(event as MessageEvent<string>));
    });
    // The instance is shutting down (decision 0401's rolling restart): come back after the pause
    // it names, without counting it as a failure, so the stream is on another instance in < 1 s.
    source.addEventListener('reconnect', (event) => {
      source?.close();
      if (stopped) return;
      handlers.onState?.('reconnecting');
      attempt = 0;
      timer = setTimeout(open, pauseOf(event as MessageEvent<string>));
    });
    source.addEventListener('error', () => {
      source?.close();
      if (stopped) return;
      handlers.onState?.('reconnecting');
      const delay =
        REALTIME_RECONNECT_BACKOFF_MS[Math.min(attempt, REALTIME_RECONNECT_BACKOFF_MS.length - 1)];
      attempt += 1;
      timer = setTimeout(open, delay);
    });
  };

  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };

  open();
  return stop;
}

/** The pause a reconnect event asks for: 0–10 s, 1 s when it names none. */
function pauseOf(event: MessageEvent<string>): number {
  try {
    const afterMs = (JSON.parse(event.data) as { afterMs?: unknown }).afterMs;
    if (typeof afterMs === 'number' && afterMs >= 0) return Math.min(afterMs, 10_000);
  } catch {
    // Malformed: the default below.
  }
  return 1_000;
}

/** The reason a session-ended event names, if it is one the page explains (decision 0505). */
function reasonOf(event: MessageEvent<string>): SessionEndCode | undefined {
  try {
    const reason = (JSON.parse(event.data) as { reason?: unknown }).reason;
    return isSessionEndCode(reason) ? reason : undefined;
  } catch {
    return undefined;
  }
}
