import {
  ACTIVITY_RESET_THROTTLE_MS,
  INACTIVITY_TIMEOUT_MS,
  INACTIVITY_WARNING_BEFORE_MS,
} from '../../shared/domain/constants';

export type InactivityPhase = 'active' | 'warning' | 'expired';

export interface InactivitySnapshot {
  phase: InactivityPhase;
  /** Time left until sign-out. */
  remainingMs: number;
  /** 'Warnung schließen' was chosen: the countdown runs on without the dialog. */
  warningDismissed: boolean;
}

export interface InactivityTimerOptions {
  timeoutMs?: number;
  warningBeforeMs?: number;
  throttleMs?: number;
  now?: () => number;
  onChange: (snapshot: InactivitySnapshot) => void;
  /** Activity moved the deadline (tell the server, so both clocks agree). */
  onReset: (at: number) => void;
  onTimeout: () => void;
}

/**
 * The idle-session clock of spec §4/§9: 15 minutes, a warning 2 minutes before the end, activity
 * resets it at most every 30 s. It ticks once a second and compares wall-clock time, so a laptop
 * waking from sleep or a throttled background tab still signs out on time.
 *
 * While the warning is open only an explicit 'Sitzung verlängern' extends: a mouse twitch over
 * the dialog must not silently dismiss it. After 'Warnung schließen' activity counts again.
 */
export class InactivityTimer {
  private readonly timeoutMs: number;
  private readonly warningBeforeMs: number;
  private readonly throttleMs: number;
  private readonly now: () => number;
  private lastReset = 0;
  private phase: InactivityPhase = 'active';
  private warningDismissed = false;
  private interval: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: InactivityTimerOptions) {
    this.timeoutMs = options.timeoutMs ?? INACTIVITY_TIMEOUT_MS;
    this.warningBeforeMs = options.warningBeforeMs ?? INACTIVITY_WARNING_BEFORE_MS;
    this.throttleMs = options.throttleMs ?? ACTIVITY_RESET_THROTTLE_MS;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.stop();
    this.reset(true);
    this.interval = setInterval(() => this.tick(), 1_000);
  }

  stop(): void {
    if (this.interval !== undefined) clearInterval(this.interval);
    this.interval = undefined;
  }

  /** A user event (mousedown, mousemove, keypress, scroll, touchstart, click). */
  activity(): void {
    if (this.phase === 'expired') return;
    if (this.phase === 'warning' && !this.warningDismissed) return;
    if (this.now() - this.lastReset <= this.throttleMs) return;
    this.reset(true);
  }

  /** 'Sitzung verlängern': the caller tells the server itself (the extension is audit-logged). */
  extend(): void {
    if (this.phase === 'expired') return;
    this.reset(false);
  }

  dismissWarning(): void {
    if (this.phase !== 'warning') return;
    this.warningDismissed = true;
    this.emit();
  }

  /** Activity seen in another tab of the same browser. */
  syncReset(at: number): void {
    if (this.phase === 'expired' || at <= this.lastReset) return;
    this.lastReset = Math.min(at, this.now());
    this.phase = 'active';
    this.warningDismissed = false;
    this.emit();
  }

  snapshot(): InactivitySnapshot {
    return {
      phase: this.phase,
      remainingMs: Math.max(0, this.lastReset + this.timeoutMs - this.now()),
      warningDismissed: this.warningDismissed,
    };
  }

  /** Checks the deadlines; runs every second. */
  tick(): void {
    if (this.phase === 'expired') return;
    const remaining = this.lastReset + this.timeoutMs - this.now();
    if (remaining <= 0) {
      this.phase = 'expired';
      this.stop();
      this.emit();
      this.options.onTimeout();
      return;
    }
    if (remaining <= this.warningBeforeMs) {
      if (this.phase !== 'warning') {
        this.phase = 'warning';
        this.warningDismissed = false;
      }
      this.emit();
    }
  }

  private reset(notify: boolean): void {
    this.lastReset = this.now();
    this.phase = 'active';
    this.warningDismissed = false;
    this.emit();
    if (notify) this.options.onReset(this.lastReset);
  }

  private emit(): void {
    this.options.onChange(this.snapshot());
  }
}

/** Countdown as m:ss (spec §2), rounded up to whole seconds. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * What a screen reader hears about the countdown: whole minutes while more than 30 s are left,
 * then the last 30 s once. The text changes three times in two minutes, not every second.
 */
export function countdownAnnouncement(ms: number): { minutes: number } | { seconds: number } {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds > 30) return { minutes: Math.ceil(seconds / 60) };
  return { seconds: 30 };
}
