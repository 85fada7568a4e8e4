import type { SystemStatus } from '../../../../shared/api/system-status';
import { api } from '../../../lib/api';

/**
 * The status view's one call (decision 0404). It names no business: the platform admin sees the
 * whole platform here, whatever the header's business picker shows.
 */
export const systemApi = {
  status: () => api.get<SystemStatus>('/api/admin/system'),
};

export const systemKeys = {
  status: ['admin', 'system-status'] as const,
};
