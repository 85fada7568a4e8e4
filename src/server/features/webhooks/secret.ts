import { randomBytes } from 'node:crypto';
import { seal, unseal, unsealWith } from '../../lib/seal';

/**
 * An endpoint's signing secret (Standard Webhooks): `whsec_` and the base64 of 24 random bytes,
 * shown to the owner once. The server must read it back to sign, so it is kept sealed under
 * SESSION_SECRET (as the TOTP secrets are, decision 0402), bound to its endpoint's id only: the
 * same seal serves as the current and, after 'Secret erneuern', as the previous secret.
 */
const SECRET_PURPOSE = 'webhook-endpoint-secret:v1';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function sealWebhookSecret(serverSecret: string, endpointId: string, secret: string) {
  return seal(serverSecret, SECRET_PURPOSE, endpointId, secret);
}

/** The secret, or null when it was sealed under none of the accepted server secrets. */
export function openWebhookSecret(
  serverSecrets: string | readonly string[],
  endpointId: string,
  sealed: string,
): string | null {
  return unseal(serverSecrets, SECRET_PURPOSE, endpointId, sealed);
}

/**
 * Like `openWebhookSecret`, and says whether the current server secret opened it: one opened
 * under a rotation's previous secret should be sealed again under the current one (0402).
 */
export function openWebhookSecretWith(
  serverSecrets: readonly string[],
  endpointId: string,
  sealed: string,
): { secret: string; current: boolean } | null {
  const opened = unsealWith(serverSecrets, SECRET_PURPOSE, endpointId, sealed);
  return opened ? { secret: opened.plain, current: opened.current } : null;
}
