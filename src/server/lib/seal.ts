import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Small secrets kept at rest sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the
 * server secret. Each use names its own `purpose`, so a key of one use never opens another's
 * values, and binds every value to the row it belongs to (`boundTo`, checked as additional
 * authenticated data), so a sealed value copied to another row does not open. A database dump
 * alone therefore reveals nothing; changing SESSION_SECRET makes every sealed value unreadable,
 * unless the old secret stays listed in SESSION_SECRET_PREVIOUS (`unseal` tries every accepted
 * secret, decision 0402).
 *
 * Used for the guest's reply address (decision 0144) and the TOTP secrets of two-factor sign-in
 * (decision 0316).
 */
function keyOf(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'trinkgeld', purpose, 32));
}

export function seal(serverSecret: string, purpose: string, boundTo: string, plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * The plain value, or null when it was altered, moved or sealed under another secret or use.
 * Given several secrets (the current one first, then a rotation's previous ones), the first that
 * opens it wins.
 */
export function unseal(
  serverSecrets: string | readonly string[],
  purpose: string,
  boundTo: string,
  sealed: string,
): string | null {
  return unsealWith(serverSecrets, purpose, boundTo, sealed)?.plain ?? null;
}

/**
 * Like `unseal`, and says whether the current (first) secret opened it: a value opened with a
 * previous secret should be sealed again under the current one while both are known.
 */
export function unsealWith(
  serverSecrets: string | readonly string[],
  purpose: string,
  boundTo: string,
  sealed: string,
): { plain: string; current: boolean } | null {
  const secrets = typeof serverSecrets === 'string' ? [serverSecrets] : serverSecrets;
  for (const [index, secret] of secrets.entries()) {
    const plain = unsealOne(secret, purpose, boundTo, sealed);
    if (plain !== null) return { plain, current: index === 0 };
  }
  return null;
}

function unsealOne(
  serverSecret: string,
  purpose: string,
  boundTo: string,
  sealed: string,
): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(serverSecret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
