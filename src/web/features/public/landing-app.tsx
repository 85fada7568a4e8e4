import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingDocument } from './LandingDocument';
import {
  LANDING_INITIAL_DATA_ID,
  LANDING_QUERY_KEYS,
  type LandingInitialData,
} from './landing-data';

function initialData(): LandingInitialData | null {
  try {
    const text = document.getElementById(LANDING_INITIAL_DATA_ID)?.textContent;
    return text ? (JSON.parse(text) as LandingInitialData) : null;
  } catch {
    return null;
  }
}

/** Takes over the server-rendered landing page (decision 0266); loaded on the first interaction. */
export function startLanding(): Promise<void> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
  });
  const data = initialData();
  if (data) {
    queryClient.setQueryData(LANDING_QUERY_KEYS.publicConfig, data.publicConfig);
    queryClient.setQueryData(LANDING_QUERY_KEYS.showcase, data.showcase);
  }
  return new Promise((resolve) => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <LandingDocument queryClient={queryClient} onHydrated={resolve} />
      </StrictMode>,
    );
  });
}
