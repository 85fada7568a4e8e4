import { Webhook } from 'standardwebhooks';

/**
 * Signs a webhook per the Standard Webhooks specification with its reference library
 * (`standardwebhooks`, decision 0650): HMAC-SHA256 over `id.timestamp.body`, `v1,<base64>`.
 * During the 24 hours after 'Secret erneuern' the body is signed with the new and the previous
 * secret, space-separated, so a receiver that still knows only the old one keeps verifying.
 */

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signWebhook(input: {
  /** The event's id (`msg_…`), the same on every attempt and replay. */
  eventId: string;
  /** When this attempt is made; sent as unix seconds. */
  timestamp: Date;
  /** The exact bytes sent. */
  body: string;
  /** The current secret first, then the previous one while it still counts. */
  secrets: readonly string[];
}): SignedHeaders {
  // Whole seconds: the header carries seconds, and the signature must cover what it says.
  const at = new Date(Math.floor(input.timestamp.getTime() / 1000) * 1000);
  const signatures = input.secrets.map((secret) =>
    new Webhook(secret).sign(input.eventId, at, input.body),
  );
  return {
    'webhook-id': input.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
