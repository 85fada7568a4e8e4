import { seal, unsealWith } from '../../lib/seal';
import type { TwoFactorRow } from './queries';

/** The TOTP secret at rest: sealed under SESSION_SECRET, bound to its person (decision 0402). */
const SECRET_PURPOSE = 'two-factor-totp-secret:v1';

export function sealSecret(serverSecret: string, userId: string, secret: string): string {
  return seal(serverSecret, SECRET_PURPOSE, userId, secret);
}

/**
 * The base32 secret, or null when it was sealed under none of the accepted secrets (the current
 * SESSION_SECRET first, then SESSION_SECRET_PREVIOUS); `current` is false when a previous one
 * opened it (decision 0402).
 */
export function openSecret(
  serverSecrets: string | readonly string[],
  row: Pick<TwoFactorRow, 'userId' | 'secretSealed'>,
) {
  return unsealWith(serverSecrets, SECRET_PURPOSE, row.userId, row.secretSealed);
}
