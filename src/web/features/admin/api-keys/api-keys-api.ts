import type {
  ApiKey,
  ApiKeyCreate,
  ApiKeyCreated,
  ApiKeyList,
} from '../../../../shared/api/api-keys';
import { api } from '../../../lib/api';
import { scoped } from '../business-scope';

/** The business's API keys (decision 0630): the list only, never a secret. */
export const apiKeyKeys = {
  list: (businessId: string | null) => ['admin', businessId, 'api-keys'] as const,
};

export const apiKeysApi = {
  list: () => api.get<ApiKeyList>(scoped('/api/admin/api-keys')),
  /** The answer holds the secret this once: the caller shows it and keeps it nowhere else. */
  create: (values: ApiKeyCreate) => api.post<ApiKeyCreated>(scoped('/api/admin/api-keys'), values),
  revoke: (id: string) => api.post<ApiKey>(scoped(`/api/admin/api-keys/${id}/revoke`), {}),
};
