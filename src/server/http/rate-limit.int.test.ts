import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import type { Database } from '../db/connect';
import { ManualClock } from '../lib/clock';
import { RateLimiter, type RateRule } from './rate-limit';

let database: Database;
const clock = new ManualClock('2026-03-02T08:00:00Z');
const warnings: string[] = [];
const log = { warn: (_object: Record<string, unknown>, message: string) => warnings.push(message) };
const rule: RateRule = { name: 'test', limit: 3, windowMs: 60_000 };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('RateLimiter on rate_limit_buckets', () => {
  it('allows `limit` hits per window, then refuses with the seconds left', async () => {
    const limiter = new RateLimiter(database, clock, log);
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.consume(rule, 'a'));
    expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(results[3]!.retryAfter).toBe(60);
    expect(results[3]!.resetTime.toISOString()).toBe('2026-03-02T08:01:00.000Z');

    clock.advance(45_000);
    expect((await limiter.consume(rule, 'a')).retryAfter).toBe(15);
    clock.advance(15_000);
    expect(await limiter.consume(rule, 'a')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('counts exactly under concurrency, shared by two limiter instances', async () => {
    const instanceA = new RateLimiter(database, clock, log);
    const instanceB = new RateLimiter(database, clock, log);
    const wide: RateRule = { name: 'concurrent', limit: 10, windowMs: 60_000 };
    const decisions = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? instanceA : instanceB).consume(wide, 'x')),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    const [row] = await database.query<{ hits: number }>(
      "SELECT hits FROM rate_limit_buckets WHERE key = 'concurrent:x'",
    );
    // Refused hits stop counting: one write takes a key at most to limit + 1 + its own hits
    // (decision 0280), and a key already over its limit grows no further.
    expect(row!.hits).toBeLessThanOrEqual(10 + 30);
    await Promise.all(Array.from({ length: 30 }, () => instanceA.consume(wide, 'x')));
    const [after] = await database.query<{ hits: number }>(
      "SELECT hits FROM rate_limit_buckets WHERE key = 'concurrent:x'",
    );
    expect(after!.hits).toBeLessThanOrEqual(10 + 30);
  });

  it('counts concurrent hits of many keys in few writes, each key exactly', async () => {
    const limiter = new RateLimiter(database, clock, log);
    const rule: RateRule = { name: 'batched', limit: 3, windowMs: 60_000 };
    const keys = ['k1', 'k2', 'k3', 'k4'];
    let writes = 0;
    const counting = {
      query: <T>(text: string, params?: unknown[]) => {
        writes += 1;
        return database.query<T>(text, params);
      },
    };
    const batched = new RateLimiter(counting, clock, log);
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, i) => batched.consume(rule, keys[i % 4]!)),
    );
    for (const key of keys) {
      const mine = decisions.filter((_, i) => keys[i % 4] === key);
      expect(mine.filter((d) => d.allowed)).toHaveLength(3);
    }
    // The first hit goes alone; the 39 that came while it was written share the next write.
    expect(writes).toBe(2);
    expect((await limiter.consume(rule, 'k1')).allowed).toBe(false);
  });

  it('peeks without counting and resets on request', async () => {
    const limiter = new RateLimiter(database, clock, log);
    expect(await limiter.peek(rule, 'p')).toMatchObject({ allowed: true, remaining: 3 });
    await limiter.consume(rule, 'p');
    await limiter.consume(rule, 'p');
    await limiter.consume(rule, 'p');
    expect(await limiter.peek(rule, 'p')).toMatchObject({ allowed: false, remaining: 0 });
    await limiter.reset(rule, 'p');
    expect(await limiter.peek(rule, 'p')).toMatchObject({ allowed: true, remaining: 3 });
  });

  it('prunes windows that have ended', async () => {
    const limiter = new RateLimiter(database, clock, log);
    await limiter.consume(rule, 'old');
    clock.advance(61_000);
    expect(await limiter.prune()).toBeGreaterThanOrEqual(1);
    expect(
      await database.query("SELECT 1 FROM rate_limit_buckets WHERE key = 'test:old'"),
    ).toHaveLength(0);
  });

  it('fails open with a warning when the store is unavailable', async () => {
    const broken = {
      query: async () => {
        throw new Error('connection refused');
      },
    };
    const limiter = new RateLimiter(broken, clock, log);
    const decision = await limiter.consume(rule, 'z');
    expect(decision).toMatchObject({ allowed: true, remaining: 3, retryAfter: 0, degraded: true });
    expect(await limiter.peek(rule, 'z')).toMatchObject({ allowed: true, degraded: true });
    expect(warnings.at(-1)).toBe('rate limit store unavailable: allowing the request');
  });
});
