import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or a link: 32 random bytes as 43 base64url characters. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token: its SHA-256. A stolen database (or backup) therefore holds
 * nothing that signs anyone in.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export { hashIdentifier } from '../../lib/hash';
