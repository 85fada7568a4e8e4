import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock';
import { combineDecisions, RateLimiter, type RateRule, withinLimits } from './rate-limit';

/** A store that counts hits like the SQL upsert and records every query it is asked. */
function countingStore(clock: ManualClock) {
  const hits = new Map<string, { hits: number; resetAt: Date }>();
  const queries: string[] = [];
  return {
    queries,
    async query<T>(sql: string, params: unknown[]): Promise<T[]> {
      queries.push(sql.trim().split(/\s+/)[0]!);
      if (sql.trim().startsWith('DELETE')) {
        hits.delete(params[0] as string);
        return [];
      }
      if (sql.trim().startsWith('UPDATE')) {
        // release: one hit back, never below zero.
        const current = hits.get(params[0] as string);
        if (current) current.hits = Math.max(current.hits - 1, 0);
        return [];
      }
      // The batched upsert: keys, hits per key, window ends, the cap of a count before them.
      const [, keys, counts, resets, cap] = params as [
        string,
        string[],
        number[],
        string[],
        number,
      ];
      const now = clock.now();
      return keys.map((key, index) => {
        const current = hits.get(key);
        const next =
          current && current.resetAt > now
            ? {
                hits: counts[index]! + Math.min(current.hits, cap),
                resetAt: current.resetAt,
              }
            : { hits: counts[index]!, resetAt: new Date(resets[index]!) };
        hits.set(key, next);
        return { key, hits: next.hits, reset_at: next.resetAt };
      }) as T[];
    },
  };
}

describe('refusals answered from memory', () => {
  const rule: RateRule = { name: 'test:ip', limit: 3, windowMs: 60_000, cacheDenials: true };

  it('asks the database no more once a key is refused, until its window ends', async () => {
    const clock = new ManualClock(new Date('2026-01-01T10:00:00Z'));
    const store = countingStore(clock);
    const limiter = new RateLimiter(store, clock, { warn: () => {} });
    for (let i = 0; i < 3; i += 1) expect((await limiter.consume(rule, 'a')).allowed).toBe(true);
    expect((await limiter.consume(rule, 'a')).allowed).toBe(false);
    const asked = store.queries.length;

    const again = await limiter.consume(rule, 'a');
    expect(again).toMatchObject({ allowed: false, retryAfter: 60 });
    expect(limiter.cachedDenial(rule, 'a')).toMatchObject({ allowed: false });
    expect(limiter.cachedDenial(rule, 'b')).toBeNull();
    expect(store.queries.length).toBe(asked);

    clock.advance(60_000);
    expect(limiter.cachedDenial(rule, 'a')).toBeNull();
    expect((await limiter.consume(rule, 'a')).allowed).toBe(true);
  });

  it('forgets a refusal when the key is reset, and never caches rules without the flag', async () => {
    const clock = new ManualClock(new Date('2026-01-01T10:00:00Z'));
    const limiter = new RateLimiter(countingStore(clock), clock, { warn: () => {} });
    for (let i = 0; i < 4; i += 1) await limiter.consume(rule, 'a');
    await limiter.reset(rule, 'a');
    expect(limiter.cachedDenial(rule, 'a')).toBeNull();

    const plain: RateRule = { name: 'test:plain', limit: 1, windowMs: 60_000 };
    await limiter.consume(plain, 'a');
    expect((await limiter.consume(plain, 'a')).allowed).toBe(false);
    expect(limiter.cachedDenial(plain, 'a')).toBeNull();
  });
});

describe('combineDecisions', () => {
  const at = (iso: string) => new Date(iso);

  it('is refused when any part is, with the longest wait and the fewest left', () => {
    const combined = combineDecisions([
      { allowed: true, remaining: 40, resetTime: at('2026-01-01T10:15:00Z'), retryAfter: 0 },
      { allowed: false, remaining: 0, resetTime: at('2026-01-01T10:10:00Z'), retryAfter: 300 },
    ]);
    expect(combined).toEqual({
      allowed: false,
      remaining: 0,
      resetTime: at('2026-01-01T10:10:00Z'),
      retryAfter: 300,
    });
  });

  it('is allowed when all parts are, and marks a degraded store', () => {
    const combined = combineDecisions([
      { allowed: true, remaining: 3, resetTime: at('2026-01-01T10:00:00Z'), retryAfter: 0 },
      {
        allowed: true,
        remaining: 9,
        resetTime: at('2026-01-01T10:05:00Z'),
        retryAfter: 0,
        degraded: true,
      },
    ]);
    expect(combined).toMatchObject({ allowed: true, remaining: 3, degraded: true });
  });
});

describe('withinLimits', () => {
  const narrow: RateRule = { name: 'test:narrow', limit: 1, windowMs: 60_000 };
  const wide: RateRule = { name: 'test:wide', limit: 2, windowMs: 60 * 60_000 };

  it('past one budget runs nothing, gives the others their hit back and answers 429 in German', async () => {
    const clock = new ManualClock(new Date('2026-01-01T10:00:00Z'));
    const limiter = new RateLimiter(countingStore(clock), clock, { warn: () => {} });
    let sent = 0;
    const send = async () => {
      sent += 1;
    };
    await withinLimits(
      limiter,
      [
        [narrow, 'a'],
        [wide, 'w'],
      ],
      send,
    );
    // 'a' is used up: the wide budget gets its hit back each time it is refused.
    for (let i = 0; i < 3; i += 1) {
      await expect(
        withinLimits(
          limiter,
          [
            [narrow, 'a'],
            [wide, 'w'],
          ],
          send,
        ),
      ).rejects.toMatchObject({
        status: 429,
        code: 'rate_limited',
        retryAfter: 60,
        message: 'Bitte warten Sie 1 Minute(n) und versuchen Sie es erneut.',
      });
    }
    expect(sent).toBe(1);
    await withinLimits(
      limiter,
      [
        [narrow, 'b'],
        [wide, 'w'],
      ],
      send,
    );
    expect(sent).toBe(2);
    await expect(
      withinLimits(
        limiter,
        [
          [narrow, 'c'],
          [wide, 'w'],
        ],
        send,
      ),
    ).rejects.toMatchObject({
      status: 429,
      retryAfter: 3600,
    });
  });

  it('gives every hit back when the action fails, and passes its error on', async () => {
    const clock = new ManualClock(new Date('2026-01-01T10:00:00Z'));
    const limiter = new RateLimiter(countingStore(clock), clock, { warn: () => {} });
    const failing = async () => {
      throw new Error('address taken');
    };
    for (let i = 0; i < 3; i += 1) {
      await expect(withinLimits(limiter, [[narrow, 'a']], failing)).rejects.toThrow(
        'address taken',
      );
    }
    await expect(withinLimits(limiter, [[narrow, 'a']], async () => 'sent')).resolves.toBe('sent');
  });
});
