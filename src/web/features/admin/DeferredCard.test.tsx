import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredCard } from './DeferredCard';

/**
 * A browser whose main thread is never idle (a busy phone, a page that keeps drawing): the idle
 * callback runs only when its own timeout forces it, as Chromium does.
 */
function neverIdle() {
  const requested: Array<{ timeout?: number }> = [];
  vi.stubGlobal(
    'requestIdleCallback',
    (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      requested.push({ timeout: options?.timeout });
      if (options?.timeout === undefined) return 1;
      return window.setTimeout(
        () => callback({ didTimeout: true, timeRemaining: () => 0 }),
        options.timeout,
      );
    },
  );
  vi.stubGlobal('cancelIdleCallback', (handle: number) => window.clearTimeout(handle));
  return requested;
}

function Loaded() {
  return <p>Audit-Log geladen</p>;
}

describe('a deferred dashboard card', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads after the first screen even when the browser never has an idle moment', async () => {
    const requested = neverIdle();
    const load = vi.fn(() => Promise.resolve(Loaded));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DeferredCard load={load} minHeight="min-h-[20rem]" />
      </QueryClientProvider>,
    );
    expect(load).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(requested.length).toBe(1);
    expect(requested[0]!.timeout).toBeGreaterThan(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Audit-Log geladen')).toBeTruthy();
  });
});
