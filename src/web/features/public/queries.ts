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

export function useShowcase() {
  return useQuery({
    queryKey: ['showcase'],
    queryFn: () => api.get<ShowcaseResponse>('/api/showcase'),
  });
}
