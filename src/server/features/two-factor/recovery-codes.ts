import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  formatRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  normalizeRecoveryCode,
} from '../../../shared/domain/two-factor';
import type { Executor } from '../../db/connect';
import { replaceRecoveryCodeHashes } from './queries';

/**
 * Recovery codes (decision 0317): ten random codes of 50 bits each, shown once and stored only
 * as a keyed hash (HMAC-SHA-256 under a key derived from the server secret, bound to the person),
 * so neither a database dump nor another person's row turns a stored hash back into a code.
 */

/** Ten fresh, distinct codes in their display spelling ("abcde-fghjk"). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    // 32 letters: the low five bits of a random byte pick one without bias.
    const bytes = randomBytes(RECOVERY_CODE_LENGTH);
    let code = '';
    for (const byte of bytes) code += RECOVERY_CODE_ALPHABET[byte & 31];
    codes.add(formatRecoveryCode(code));
  }
  return [...codes];
}

function keyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'trinkgeld', 'two-factor-recovery:v1', 32));
}

/** The stored form of a normalised code (`normalizeRecoveryCode`) of one person. */
export function hashRecoveryCode(serverSecret: string, userId: string, normalized: string) {
  return createHmac('sha256', keyOf(serverSecret))
    .update(`${userId}:${normalized}`)
    .digest('base64url');
}

/** Whether two hashes are equal, in time that does not depend on where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Lengths are public (every hash has 43 characters); only the content needs constant time.
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Which stored code the candidate hash is. Every stored hash is compared (constant time each)
 * and the loop never stops early, so the answer's timing tells nothing about near misses.
 */
export function findRecoveryCode<T extends { codeHash: string }>(
  stored: readonly T[],
  candidateHash: string,
  equal: (a: string, b: string) => boolean = sameHash,
): T | null {
  let found: T | null = null;
  for (const row of stored) {
    if (equal(row.codeHash, candidateHash)) found = row;
  }
  return found;
}

/**
 * Ten new recovery codes in place of all earlier ones (used or not). Returns the codes in their
 * display spelling; the database keeps only their hashes.
 */
export async function replaceRecoveryCodes(
  executor: Executor,
  options: { serverSecret: string; userId: string; now: Date },
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodeHashes(executor, {
    userId: options.userId,
    codeHashes: codes.map((code) =>
      hashRecoveryCode(options.serverSecret, options.userId, normalizeRecoveryCode(code)!),
    ),
    now: options.now,
  });
  return codes;
}
