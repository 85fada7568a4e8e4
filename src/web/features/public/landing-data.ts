import type { PublicConfig } from '../../../shared/api/public-config';
import type { ShowcaseResponse } from '../../../shared/api/showcase';

/**
 * What the server rendered the landing page from (decision 0266), sent in the page as JSON in a
 * non-executing script tag (the CSP allows no inline script): the page hydrates from the same
 * data without asking again.
 */
export interface LandingInitialData {
  publicConfig: PublicConfig;
  showcase: ShowcaseResponse;
}

export const LANDING_INITIAL_DATA_ID = 'landing-initial';

/** The query keys of `queries.ts` the data fills, so the page's hooks find it at once. */
export const LANDING_QUERY_KEYS = {
  publicConfig: ['public-config'],
  showcase: ['showcase'],
} as const;
