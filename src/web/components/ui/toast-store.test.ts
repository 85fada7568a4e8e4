import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    toastStore.show({ title: 'Erster' });
    toastStore.show({ title: 'Zweiter' });
    expect(toastStore.getSnapshot().map((t) => t.title)).toEqual(['Zweiter']);
  });

  it('hides a toast after 5000 ms', () => {
    toastStore.show({ title: 'Link kopiert' });
    vi.advanceTimersByTime(4999);
    expect(toastStore.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.getSnapshot()).toHaveLength(0);
  });

  it('does not let the replaced toast hide its successor early', () => {
    toastStore.show({ title: 'A' });
    vi.advanceTimersByTime(3000);
    toastStore.show({ title: 'B' });
    vi.advanceTimersByTime(2500);
    expect(toastStore.getSnapshot().map((t) => t.title)).toEqual(['B']);
  });
});
