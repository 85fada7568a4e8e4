import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countdownAnnouncement,
  formatCountdown,
  InactivityTimer,
  type InactivitySnapshot,
} from './inactivity-timer';

const MINUTE = 60_000;

describe('InactivityTimer', () => {
  let snapshots: InactivitySnapshot[];
  let resets: number;
  let timeouts: number;
  let timer: InactivityTimer;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
    snapshots = [];
    resets = 0;
    timeouts = 0;
    timer = new InactivityTimer({
      onChange: (snapshot) => snapshots.push(snapshot),
      onReset: () => (resets += 1),
      onTimeout: () => (timeouts += 1),
    });
    timer.start();
  });
  afterEach(() => {
    timer.stop();
    vi.useRealTimers();
  });

  const last = () => snapshots.at(-1)!;

  it('warns at 13:00 with 2:00 left, counts down each second and times out at 15:00', () => {
    expect(resets).toBe(1);
    vi.advanceTimersByTime(13 * MINUTE - 1_000);
    expect(last().phase).toBe('active');
    vi.advanceTimersByTime(1_000);
    expect(last()).toMatchObject({ phase: 'warning', remainingMs: 2 * MINUTE });
    vi.advanceTimersByTime(1_000);
    expect(formatCountdown(last().remainingMs)).toBe('1:59');
    vi.advanceTimersByTime(2 * MINUTE - 2_000);
    expect(timeouts).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(last().phase).toBe('expired');
    expect(timeouts).toBe(1);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(timeouts).toBe(1);
  });

  it('resets on activity only when more than 30 s have passed', () => {
    vi.advanceTimersByTime(30_000);
    timer.activity();
    expect(resets).toBe(1);
    vi.advanceTimersByTime(1_000);
    timer.activity();
    expect(resets).toBe(2);
    vi.advanceTimersByTime(14 * MINUTE);
    expect(last().phase).toBe('warning');
    expect(timeouts).toBe(0);
  });

  it('ignores activity while the warning is open, but not after it was dismissed', () => {
    vi.advanceTimersByTime(13 * MINUTE);
    timer.activity();
    expect(last().phase).toBe('warning');
    timer.dismissWarning();
    expect(last()).toMatchObject({ phase: 'warning', warningDismissed: true });
    vi.advanceTimersByTime(10_000);
    timer.activity();
    expect(last().phase).toBe('active');
    expect(resets).toBe(2);
  });

  it('extends without reporting a plain reset, and follows other tabs', () => {
    vi.advanceTimersByTime(14 * MINUTE);
    timer.extend();
    expect(last()).toMatchObject({ phase: 'active', remainingMs: 15 * MINUTE });
    expect(resets).toBe(1);
    vi.advanceTimersByTime(10 * MINUTE);
    timer.syncReset(Date.now() - 1_000);
    expect(last().remainingMs).toBe(15 * MINUTE - 1_000);
  });

  it('notices a deadline passed while the computer slept', () => {
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    vi.advanceTimersByTime(1_000);
    expect(timeouts).toBe(1);
  });
});

describe('formatCountdown', () => {
  it('writes m:ss', () => {
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(119_001)).toBe('2:00');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
  });
});

describe('countdownAnnouncement', () => {
  it('speaks whole minutes, then the last 30 seconds, changing three times in two minutes', () => {
    const texts = new Set<string>();
    for (let ms = 120_000; ms > 0; ms -= 1_000)
      texts.add(JSON.stringify(countdownAnnouncement(ms)));
    expect([...texts]).toEqual([
      JSON.stringify({ minutes: 2 }),
      JSON.stringify({ minutes: 1 }),
      JSON.stringify({ seconds: 30 }),
    ]);
    expect(countdownAnnouncement(60_000)).toEqual({ minutes: 1 });
    expect(countdownAnnouncement(30_000)).toEqual({ seconds: 30 });
  });
});
