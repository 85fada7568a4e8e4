import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/api/public-config';
import type { ShowcaseResponse } from '../../../shared/api/showcase';
import { api } from '../../lib/api';

/** The configuration changes only with a server restart: load it once per visit. */
export const publicConfigQuery = {
  queryKey: ['public-config'],
  queryFn: () => api.get<PublicConfig>('/api/public-config'),
  staleTime: Number.POSITIVE_INFINITY,
} as const;

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/**
 * Whether this site has its demo pages and demo data tool (false in production, decision 0520);
 * false until the configuration is known, so production never flashes a demo link.
 */
export function useDemoPages(): boolean {
  return usePublicConfig().data?.demoPages === true;
}

/** Whether businesses may sign up on their own (SIGNUP); false until known, like useDemoPages. */
export function useSignupOpen(): boolean {
  return usePublicConfig().data?.signup === 'open';
}

export function useShowcase() {
  return useQuery({
    queryKey: ['showcase'],
    queryFn: () => api.get<ShowcaseResponse>('/api/showcase'),
  });
}
