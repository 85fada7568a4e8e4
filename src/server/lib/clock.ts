/** The one source of "now" on the server, so tests can move time instead of waiting. */
export interface Clock {
  now(): Date;
  /**
   * Waits ms before going on (retry backoff). A test clock moves its time instead of waiting;
   * callers fall back to a real timer when a clock has no sleep of its own.
   */
  sleep?(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The clock's sleep, or a real timer. */
export function sleepOn(clock: Clock, ms: number): Promise<void> {
  return clock.sleep ? clock.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms));
}

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string | number = Date.now()) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  /** Moves the time forward by ms at once, and records the wait (for tests of backoff). */
  readonly sleeps: number[] = [];

  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.advance(ms);
  }

  set(to: Date | string | number): void {
    this.current = new Date(to).getTime();
  }
}
