import { useCallback, useRef, useState } from 'react';

/**
 * The state of an 'Aktualisieren' button on a page that also refreshes itself. The button is
 * busy only while the refresh the user asked for runs: tied to the query's own fetching flag it
 * greyed out and back every few seconds with each background refresh, a flicker that also caught
 * accessibility checks mid-transition at half opacity.
 */
export function useManualRefresh(refetch: () => Promise<unknown>): {
  refreshing: boolean;
  refresh: () => void;
} {
  const [refreshing, setRefreshing] = useState(false);
  const running = useRef(false);
  const refresh = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setRefreshing(true);
    // The query shows its own error; the button only has to come back.
    void refetch()
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
        setRefreshing(false);
      });
  }, [refetch]);
  return { refreshing, refresh };
}
