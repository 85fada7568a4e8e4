import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The guest's opt-in reply address is kept sealed (AES-256-GCM) under a key derived from the
 * server secret and bound to its tip, so a database dump alone names nobody and a sealed value
 * copied to another tip does not open (decision 0144).
 */
function keyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'trinkgeld', 'guest-reply-address:v1', 32));
}

export function sealAddress(serverSecret: string, tipId: string, address: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  cipher.setAAD(Buffer.from(tipId));
  const sealed = Buffer.concat([cipher.update(address, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The address, or null when the value was altered, moved or sealed under another secret. */
export function openAddress(serverSecret: string, tipId: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(serverSecret),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(tipId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
