import type { Presenters } from './facts';
import { fieldNames, germanMoment, listed, quoted } from './words';

/** An endpoint by its URL, or in general where a row has none. */
const endpointName = (url: string | null) =>
  url ? `Webhook-Endpunkt ${quoted(url)}` : 'Webhook-Endpunkt';

/** " über den API-Schlüssel „Kasse“" when the change came through the business API. */
const via = (key: string | null) => (key ? ` über den API-Schlüssel ${quoted(key)}` : '');

const CHANGED_FIELDS: Record<string, string> = {
  url: 'URL',
  description: 'Beschreibung',
  eventTypes: 'Ereignisse',
  enabled: 'aktiviert',
  disabled: 'deaktiviert',
};

type WebhookAction =
  | 'webhook_endpoint_create'
  | 'webhook_endpoint_update'
  | 'webhook_endpoint_delete'
  | 'webhook_endpoint_secret_roll'
  | 'webhook_endpoint_replay'
  | 'webhook_endpoint_test';

/** The business's webhook endpoints (decision 0650): managed, secrets rolled, events resent. */
export const webhookPresenters: Presenters<WebhookAction> = {
  webhook_endpoint_create: (f) => {
    const types = f.list('eventTypes').filter((type): type is string => typeof type === 'string');
    return {
      sentence: `${endpointName(f.text('url'))} hinzugefügt${
        types.length > 0 ? ` für ${types.join(', ')}` : ''
      }${via(f.text('apiKey'))}.`,
      target: endpointName(f.text('url')),
    };
  },
  webhook_endpoint_update: (f) => {
    const fields = fieldNames(f.list('changed'), CHANGED_FIELDS);
    const switched: string[] = fields.filter(
      (name) => name === 'aktiviert' || name === 'deaktiviert',
    );
    const changed = fields.filter((name) => !switched.includes(name));
    const parts = [...(changed.length > 0 ? [`geändert (${listed(changed)})`] : []), ...switched];
    return {
      sentence: `${endpointName(f.text('url'))} ${parts.length > 0 ? listed(parts) : 'geändert'}${via(
        f.text('apiKey'),
      )}${f.text('previousUrl') ? `; vorher ${quoted(f.text('previousUrl')!)}` : ''}.`,
      target: endpointName(f.text('url')),
    };
  },
  webhook_endpoint_delete: (f) => ({
    sentence: `${endpointName(f.text('url'))} gelöscht${via(f.text('apiKey'))}.`,
    target: endpointName(f.text('url')),
  }),
  webhook_endpoint_secret_roll: (f) => {
    const until = germanMoment(f.value('previousUntil'));
    return {
      sentence: `Secret von ${endpointName(f.text('url'))} erneuert${via(f.text('apiKey'))}${
        until ? `; das bisherige gilt noch bis ${until}` : ''
      }.`,
      target: endpointName(f.text('url')),
    };
  },
  webhook_endpoint_replay: (f) => ({
    sentence: `Ereignis ${f.text('type') ?? ''} ${f.text('eventId') ?? ''}`
      .replace(/\s+/g, ' ')
      .trim()
      .concat(` erneut an ${endpointName(f.text('url'))} gesendet${via(f.text('apiKey'))}.`),
    target: endpointName(f.text('url')),
  }),
  webhook_endpoint_test: (f) => ({
    sentence: `Testereignis an ${endpointName(f.text('url'))} gesendet${via(f.text('apiKey'))}.`,
    target: endpointName(f.text('url')),
  }),
};
