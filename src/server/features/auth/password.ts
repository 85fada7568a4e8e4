import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard, built into Node). The parameters travel inside the
 * stored hash, so they can be raised later without breaking existing passwords.
 * Format: scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>
 */
export interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

/** 2^15 x 8 x 128 bytes = 32 MiB per hash; about 0.1 s on one core of the target machine. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { log2N: 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * Hashing has a queue of its own: at most two derivations use the shared
 * libuv thread pool at a time, so a sign-in flood cannot starve file and DNS work of guest
 * requests; beyond the waiting room new attempts are refused at once.
 */
const MAX_CONCURRENT_HASHES = 2;
const MAX_WAITING_HASHES = 64;
let running = 0;
const waiting: (() => void)[] = [];

export class HashQueueFullError extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashQueueFullError';
  }
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) throw new HashQueueFullError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return withHashSlot(() => deriveNow(password, salt, params));
}

function deriveNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.log2N;
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.log2N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend comparable time for unknown accounts so response time does not reveal them.
    await derive(password, randomBytes(16), DEFAULT_SCRYPT_PARAMS);
    return false;
  }
  const [, log2N, r, p, saltText, keyText] = parts;
  const params = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  const expected = Buffer.from(keyText!, 'base64url');
  const actual = await derive(password, Buffer.from(saltText!, 'base64url'), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** For tests and metrics: derivations running and waiting right now. */
export function hashQueueState(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
