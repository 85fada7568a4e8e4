import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether the Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or the first wrong character of a guess.
 */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || typeof header !== 'string') return false;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
