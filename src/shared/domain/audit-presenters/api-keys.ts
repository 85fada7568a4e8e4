import type { Presenters } from './facts';
import { germanMoment, quoted } from './words';

/** A key by its name, or in general where an older row has none. */
const keyName = (name: string | null) => (name ? `API-Schlüssel ${quoted(name)}` : 'API-Schlüssel');

/** The business's API keys: created, revoked, used from a new address (decision 0630). */
export const apiKeyPresenters: Presenters<
  'api_key_create' | 'api_key_revoke' | 'api_key_new_address'
> = {
  api_key_create: (f) => {
    const scopes = f.list('scopes').filter((scope): scope is string => typeof scope === 'string');
    const until = germanMoment(f.value('expiresAt'));
    return {
      sentence: `${keyName(f.text('name'))} erstellt${
        scopes.length > 0 ? ` mit den Berechtigungen ${scopes.join(', ')}` : ''
      }${until ? `, gültig bis ${until}` : ''}.`,
      target: keyName(f.text('name')),
    };
  },
  api_key_revoke: (f) => ({
    sentence: `${keyName(f.text('name'))} widerrufen; Anfragen mit ihm werden abgelehnt.`,
    target: keyName(f.text('name')),
  }),
  api_key_new_address: (f) => {
    const address = f.text('address');
    return {
      sentence: `${keyName(f.text('name'))} zum ersten Mal${address ? ` von der Adresse ${address}` : ' von einer neuen Adresse'} benutzt.`,
      target: keyName(f.text('name')),
    };
  },
};
