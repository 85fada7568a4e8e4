import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useManualRefresh } from './manual-refresh';

function RefreshButton({ refetch }: { refetch: () => Promise<unknown> }) {
  const { refreshing, refresh } = useManualRefresh(refetch);
  return (
    <button type="button" disabled={refreshing} onClick={refresh}>
      Aktualisieren
    </button>
  );
}

/** A refetch the test finishes by hand, and a count of how often it was asked for. */
function controlledRefetch() {
  const finishers: (() => void)[] = [];
  const refetch = () => new Promise<void>((resolve) => finishers.push(resolve));
  return { refetch, finishers };
}

describe('useManualRefresh', () => {
  it('is busy only while the refresh the user asked for runs, and asks once for two clicks', async () => {
    const { refetch, finishers } = controlledRefetch();
    render(<RefreshButton refetch={refetch} />);
    const button = screen.getByRole('button', { name: 'Aktualisieren' });
    expect(button).toHaveProperty('disabled', false);
    act(() => button.click());
    expect(button).toHaveProperty('disabled', true);
    act(() => button.click());
    expect(finishers).toHaveLength(1);
    await act(async () => finishers[0]!());
    expect(button).toHaveProperty('disabled', false);
  });

  it('comes back after a failed refresh', async () => {
    let fail: (error: Error) => void = () => undefined;
    const refetch = () => new Promise<void>((_, reject) => (fail = reject));
    render(<RefreshButton refetch={refetch} />);
    const button = screen.getByRole('button', { name: 'Aktualisieren' });
    act(() => button.click());
    expect(button).toHaveProperty('disabled', true);
    await act(async () => fail(new Error('Netzwerk')));
    expect(button).toHaveProperty('disabled', false);
  });
});
