import { seal, unseal } from '../../lib/seal';

/**
 * The guest's opt-in reply address is kept sealed (AES-256-GCM, `lib/seal.ts`) under a key
 * derived from the server secret and bound to its tip, so a database dump alone names nobody and
 * a sealed value copied to another tip does not open (decision 0144).
 */
const PURPOSE = 'guest-reply-address:v1';

export function sealAddress(serverSecret: string, tipId: string, address: string): string {
  return seal(serverSecret, PURPOSE, tipId, address);
}

/**
 * The address, or null when the value was altered, moved or sealed under none of the accepted
 * secrets (the current one and a rotation's previous ones, decision 0402). Addresses live at
 * most 30 days and are used once, so they are not sealed again.
 */
export function openAddress(
  serverSecrets: string | readonly string[],
  tipId: string,
  sealed: string,
): string | null {
  return unseal(serverSecrets, PURPOSE, tipId, sealed);
}
