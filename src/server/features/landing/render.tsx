import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  LANDING_QUERY_KEYS,
  LandingDocument,
  type LandingInitialData,
} from '../../../web/server-entry';

/**
 * The landing page rendered from the same components the browser hydrates (decision 0266), with
 * the data its queries would fetch already in the cache, so the demo section and the contact
 * links are in the HTML.
 */
export function renderLandingMarkup(data: LandingInitialData): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(LANDING_QUERY_KEYS.publicConfig, data.publicConfig);
  queryClient.setQueryData(LANDING_QUERY_KEYS.showcase, data.showcase);
  try {
    return renderToString(<LandingDocument queryClient={queryClient} />);
  } finally {
    queryClient.clear();
  }
}
