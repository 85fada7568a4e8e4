import { createHmac } from 'node:crypto';

/**
 * A keyed, stable stand-in for a personal identifier (IP address, e-mail) in rate-limit keys and
 * session rows, so those tables never hold the identifier itself.
 */
export function hashIdentifier(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url').slice(0, 32);
}
