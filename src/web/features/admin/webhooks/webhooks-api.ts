import type {
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointList,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
  WebhookSent,
} from '../../../../shared/api/webhooks';
import { api } from '../../../lib/api';
import { scoped } from '../business-scope';

/** The business's webhook endpoints and their logs (decision 0650); never a secret. */
export const webhookKeys = {
  list: (businessId: string | null) => ['admin', businessId, 'webhooks'] as const,
  log: (businessId: string | null, endpointId: string) =>
    ['admin', businessId, 'webhooks', endpointId, 'deliveries'] as const,
};

export const webhooksApi = {
  list: () => api.get<WebhookEndpointList>(scoped('/api/admin/webhooks')),
  /** The answer holds the secret this once: the caller shows it and keeps it nowhere else. */
  create: (values: WebhookEndpointCreate) =>
    api.post<WebhookEndpointWithSecret>(scoped('/api/admin/webhooks'), values),
  update: (id: string, change: WebhookEndpointUpdate) =>
    api.patch<WebhookEndpoint>(scoped(`/api/admin/webhooks/${id}`), change),
  remove: (id: string) => api.delete<void>(scoped(`/api/admin/webhooks/${id}`)),
  rollSecret: (id: string) =>
    api.post<WebhookEndpointWithSecret>(scoped(`/api/admin/webhooks/${id}/roll-secret`), {}),
  test: (id: string) => api.post<WebhookSent>(scoped(`/api/admin/webhooks/${id}/test`), {}),
  /** One page of the log: the newest, or those older than the delivery `before`. */
  deliveries: (id: string, before?: string | null) =>
    api.get<WebhookDeliveryList>(
      scoped(
        `/api/admin/webhooks/${id}/deliveries${before ? `?before=${encodeURIComponent(before)}` : ''}`,
      ),
    ),
  replay: (id: string, deliveryId: string) =>
    api.post<WebhookSent>(scoped(`/api/admin/webhooks/${id}/deliveries/${deliveryId}/replay`), {}),
};
