import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectTipStream } from './tip-stream';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectTipStream', () => {
  it('reconnects after 1, 2, 5 and then every 10 s, and reports each reopening', () => {
    const opens: boolean[] = [];
    const stop = connectTipStream('/api/employee/stream', {
      onTip: () => {},
      onOpen: (reconnected) => opens.push(reconnected),
    });
    FakeEventSource.instances[0]!.emit('open');
    expect(opens).toEqual([false]);

    for (const [index, delay] of [1000, 2000, 5000, 10000, 10000].entries()) {
      FakeEventSource.instances[index]!.emit('error');
      vi.advanceTimersByTime(delay - 1);
      expect(FakeEventSource.instances).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.instances).toHaveLength(index + 2);
    }
    FakeEventSource.instances.at(-1)!.emit('open');
    expect(opens).toEqual([false, true]);

    // After a successful open the backoff starts again at 1 s.
    FakeEventSource.instances.at(-1)!.emit('error');
    const count = FakeEventSource.instances.length;
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances).toHaveLength(count + 1);
    stop();
  });

  // Decision 0420: the page's answers came with its HTML, made at `since`.
  it('asks for the changes since the HTML until a connection opens, then no more', () => {
    const opens: boolean[] = [];
    let missed = 0;
    const stop = connectTipStream(
      '/api/employee/stream',
      {
        onTip: () => {},
        onOpen: (reconnected) => opens.push(reconnected),
        onCatchUpMissed: () => (missed += 1),
      },
      1_795_000_000_000,
    );
    expect(FakeEventSource.instances[0]!.url).toBe('/api/employee/stream?since=1795000000000');
    // Refused before it opened (the phone lost its Wi-Fi): the retry still asks since then.
    FakeEventSource.instances[0]!.emit('error');
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/employee/stream?since=1795000000000');
    FakeEventSource.instances[1]!.emit('open');
    expect(opens).toEqual([false]);
    FakeEventSource.instances[1]!.emit('catch-up');
    expect(missed).toBe(1);
    // Open once: a later reconnect refetches instead (`onOpen(true)`), with the plain address.
    FakeEventSource.instances[1]!.emit('error');
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances[2]!.url).toBe('/api/employee/stream');
    FakeEventSource.instances[2]!.emit('open');
    expect(opens).toEqual([false, true]);
    stop();
  });

  it('comes back after the pause a shutting-down instance names, without backing off', () => {
    const opens: boolean[] = [];
    const stop = connectTipStream('/s', { onTip: () => {}, onOpen: (again) => opens.push(again) });
    FakeEventSource.instances[0]!.emit('open');
    // Two failures first: the hint still resets the backoff.
    FakeEventSource.instances[0]!.emit('error');
    vi.advanceTimersByTime(1000);
    FakeEventSource.instances[1]!.emit('reconnect', { data: JSON.stringify({ afterMs: 400 }) });
    expect(FakeEventSource.instances[1]!.closed).toBe(true);
    vi.advanceTimersByTime(399);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);
    FakeEventSource.instances[2]!.emit('open');
    expect(opens).toEqual([false, true]);
    // A hint without a readable pause: 1 s.
    FakeEventSource.instances[2]!.emit('reconnect', { data: 'x' });
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances).toHaveLength(4);
    stop();
  });

  it('passes tip events on and stops for good when the session ended', () => {
    const tips: unknown[] = [];
    let ended = false;
    connectTipStream('/s', {
      onTip: (event) => tips.push(event),
      onOpen: () => {},
      onSessionEnded: () => {
        ended = true;
      },
    });
    const source = FakeEventSource.instances[0]!;
    source.emit('tip', { data: JSON.stringify({ tipId: 'a', status: 'pending' }) });
    source.emit('tip', { data: 'not json' });
    expect(tips).toEqual([{ tipId: 'a', status: 'pending' }]);
    source.emit('session-ended');
    expect(ended).toBe(true);
    expect(source.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('passes on why the session ended when the business was suspended or closed', () => {
    const reasons: unknown[] = [];
    for (const data of [
      '{"reason":"business_suspended"}',
      '{"reason":"business_closed"}',
      '{"reason":"something_else"}',
      '{}',
    ]) {
      connectTipStream('/s', {
        onTip: () => {},
        onOpen: () => {},
        onSessionEnded: (reason) => reasons.push(reason),
      });
      FakeEventSource.instances.at(-1)!.emit('session-ended', { data });
    }
    expect(reasons).toEqual(['business_suspended', 'business_closed', undefined, undefined]);
  });
});
