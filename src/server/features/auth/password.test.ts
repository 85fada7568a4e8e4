import { describe, expect, it } from 'vitest';
import { HashQueueFullError, hashPassword, hashQueueState, verifyPassword } from './password';

const CHEAP = { log2N: 10, r: 8, p: 1 };

describe('password hashing queue (finding 2)', () => {
  it('runs at most two derivations at once and queues the rest', async () => {
    const all = Array.from({ length: 6 }, (_, i) => hashPassword(`passwort-${i}`, CHEAP));
    expect(hashQueueState()).toEqual({ running: 2, waiting: 4 });
    const hashes = await Promise.all(all);
    expect(hashQueueState()).toEqual({ running: 0, waiting: 0 });
    expect(await verifyPassword('passwort-3', hashes[3]!)).toBe(true);
    expect(await verifyPassword('passwort-2', hashes[3]!)).toBe(false);
  });

  it('refuses at once when the waiting room is full', async () => {
    const all = Array.from({ length: 2 + 64 }, () => hashPassword('passwort', CHEAP));
    await expect(hashPassword('passwort', CHEAP)).rejects.toBeInstanceOf(HashQueueFullError);
    await Promise.all(all);
  });
});
