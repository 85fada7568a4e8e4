import { WEBHOOK_ERRORS } from '../../../shared/api/webhooks';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { checkWebhookTarget, type WebhookTargetOptions } from './ssrf';
import type { WebhookEndpointRow } from './queries/endpoints';

/**
 * The rules of managing webhook endpoints (decision 0650): where a URL may point, and when an
 * endpoint may receive a test event or a replay.
 */

/** Where the operator lets webhooks go: public https in production, anything local in tests. */
export function webhookTargetOptions(
  config: Pick<Config, 'nodeEnv' | 'webhookAllowPrivate'>,
): WebhookTargetOptions {
  return {
    allowPrivate: config.webhookAllowPrivate,
    requireHttps: config.nodeEnv === 'production',
  };
}

/**
 * Refuses a URL that names no public address (or a private one the operator did not allow):
 * 422 with the reason in German. Checked when an endpoint is added or its URL changes, and
 * again by the worker before every attempt.
 */
export async function assertWebhookTarget(url: string, options: WebhookTargetOptions) {
  const target = await checkWebhookTarget(url, options);
  if (!target.ok) {
    throw new AppError(WEBHOOK_ERRORS.webhook_url_refused, {
      message: `${WEBHOOK_ERRORS.webhook_url_refused.message} ${target.reason}`,
    });
  }
}

/** A disabled endpoint receives nothing, a test event or a replay neither. */
export function assertEnabled(endpoint: Pick<WebhookEndpointRow, 'disabledAt'>) {
  if (endpoint.disabledAt) throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_disabled);
}

/** Retention cleared the body: there is nothing left to send again. */
export function assertReplayable(delivery: { payload: string | null }) {
  if (delivery.payload === null) throw new AppError(WEBHOOK_ERRORS.webhook_payload_cleared);
}

/** Which of the editable fields a change really changes (for the audit row). */
export function changedFields(
  endpoint: Pick<WebhookEndpointRow, 'url' | 'description' | 'eventTypes' | 'disabledAt'>,
  change: { url?: string; description?: string; eventTypes?: readonly string[]; enabled?: boolean },
): ('url' | 'description' | 'eventTypes' | 'enabled' | 'disabled')[] {
  const fields: ('url' | 'description' | 'eventTypes' | 'enabled' | 'disabled')[] = [];
  if (change.url !== undefined && change.url !== endpoint.url) fields.push('url');
  if (change.description !== undefined && change.description !== endpoint.description) {
    fields.push('description');
  }
  if (
    change.eventTypes !== undefined &&
    [...change.eventTypes].sort().join(',') !== [...endpoint.eventTypes].sort().join(',')
  ) {
    fields.push('eventTypes');
  }
  if (change.enabled === true && endpoint.disabledAt) fields.push('enabled');
  if (change.enabled === false && !endpoint.disabledAt) fields.push('disabled');
  return fields;
}
