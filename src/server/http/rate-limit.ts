import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimitMessage } from '../../shared/domain/auth';
import { ERRORS } from '../../shared/domain/errors';
import type { Database } from '../db/connect';
import { hashIdentifier } from '../lib/hash';
import type { Clock } from '../lib/clock';
import { AppError } from './errors';

/** How many hits one key may make per fixed window. */
export interface RateRule {
  /** Prefix of the bucket key, e.g. "login:email". */
  name: string;
  limit: number;
  windowMs: number;
  /**
   * Remember a refusal in this process until its window ends, and refuse again without asking
   * the database. Only for rules whose count nothing but `reset` lowers:
   * a refused key then stays refused until the window ends, whichever instance is asked.
   */
  cacheDenials?: boolean;
}

/** The spec's rate-limit check result; `resetTime` is when the current window ends. */
export interface RateDecision {
  allowed: boolean;
  remaining: number;
  resetTime: Date;
  /** Seconds until another attempt may succeed; 0 when allowed. */
  retryAfter: number;
  /** True when the store failed and the decision is the fail-open default. */
  degraded?: boolean;
}

export interface RateLimitLogger {
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * Fixed-window counters in the `rate_limit_buckets` table, so every server instance sees the
 * same counts. One atomic upsert per hit: the row lock of ON CONFLICT serialises concurrent hits
 * on the same key across instances.
 *
 * When the store fails (database error), the limiter fails open: the action is allowed, a
 * warning is logged and the decision carries `degraded: true` (spec §7: "if the check fails or
 * errors, the action is allowed"; see docs/decisions/0012-rate-limiting.md).
 */
/** Refusals remembered per process; beyond this the oldest are forgotten (and asked again). */
const MAX_CACHED_DENIALS = 10_000;
/**
 * A refusal already known is answered this late: a client that waits for each answer (as
 * guessing tools do) then sends one request per connection and second instead of thousands,
 * which keeps the server's thread for everybody else (finding 2).
 */
export const KNOWN_REFUSAL_DELAY_MS = 1_000;
/** Refusals held back at once; beyond this they are answered at once, so memory stays bounded. */
const MAX_HELD_REFUSALS = 1_000;

/** The hits of one key waiting for the next write, each with the caller that waits for it. */
interface WaitingHits {
  rule: RateRule;
  subject: string;
  hits: ((decision: RateDecision) => void)[];
}

/** Keys counted in one statement at most; the rest go in the next. */
const MAX_KEYS_PER_WRITE = 500;

export class RateLimiter {
  /** Bucket key -> end of the window in which it is refused (rules with `cacheDenials`). */
  private readonly denied = new Map<string, Date>();
  private held = 0;
  /** Hits not yet written, by bucket key. */
  private readonly waiting = new Map<string, WaitingHits>();
  private writing = false;

  constructor(
    private readonly database: Pick<Database, 'query'>,
    private readonly clock: Clock,
    private readonly log: RateLimitLogger,
  ) {}

  /**
   * Counts one hit against `rule` for `subject` and says whether it is within the limit. Hits that
   * arrive while a write is on its way go to the database together in the next one (decision
   * 0280): under load one round trip and one commit count many hits, of any keys.
   */
  async consume(rule: RateRule, subject: string): Promise<RateDecision> {
    const cached = this.cachedDenial(rule, subject);
    if (cached) return cached;
    const key = bucketKey(rule, subject);
    const counted = new Promise<RateDecision>((resolve) => {
      let bucket = this.waiting.get(key);
      if (!bucket) {
        bucket = { rule, subject, hits: [] };
        this.waiting.set(key, bucket);
      }
      bucket.hits.push(resolve);
    });
    if (!this.writing) void this.writeWaiting();
    return counted;
  }

  /** Writes every waiting hit in one statement, then the hits that came meanwhile, and so on. */
  private async writeWaiting(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.size > 0) {
        const buckets = [...this.waiting.entries()]
          // One lock order for every writer, so two batches never wait for each other in a circle.
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .slice(0, MAX_KEYS_PER_WRITE);
        for (const [key] of buckets) this.waiting.delete(key);
        await this.countHits(buckets);
      }
    } finally {
      this.writing = false;
    }
  }

  private async countHits(buckets: [string, WaitingHits][]): Promise<void> {
    const now = this.clock.now();
    try {
      // A key's count after its n hits is n + its count before them, the latter capped at $5
      // (one more than the highest limit in this write): `hits - n` is then exact for a key
      // within its limit and over the limit for one that was, and no count grows without bound.
      const rows = await this.database.query<{
        key: string;
        hits: number;
        reset_at: Date | string;
      }>(
        `INSERT INTO rate_limit_buckets AS b (key, hits, window_started_at, reset_at)
         SELECT u.key, u.n, $1::timestamptz, u.reset_at
           FROM unnest($2::text[], $3::int[], $4::timestamptz[]) AS u(key, n, reset_at)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN b.reset_at <= $1::timestamptz THEN EXCLUDED.hits
             ELSE EXCLUDED.hits + LEAST(b.hits, $5::int) END,
           window_started_at = CASE WHEN b.reset_at <= $1::timestamptz
             THEN $1::timestamptz ELSE b.window_started_at END,
           reset_at = CASE WHEN b.reset_at <= $1::timestamptz
             THEN EXCLUDED.reset_at ELSE b.reset_at END
         RETURNING key, hits, reset_at`,
        [
          now.toISOString(),
          buckets.map(([key]) => key),
          buckets.map(([, bucket]) => bucket.hits.length),
          buckets.map(([, bucket]) => new Date(now.getTime() + bucket.rule.windowMs).toISOString()),
          Math.max(...buckets.map(([, bucket]) => bucket.rule.limit)) + 1,
        ],
      );
      const stored = new Map(rows.map((row) => [row.key, row]));
      for (const [key, bucket] of buckets) {
        const row = stored.get(key)!;
        const before = row.hits - bucket.hits.length;
        bucket.hits.forEach((resolve, index) => {
          const decision = decide(
            bucket.rule,
            before + index + 1,
            new Date(row.reset_at),
            now,
            'consumed',
          );
          if (!decision.allowed && bucket.rule.cacheDenials) {
            this.rememberDenial(bucket.rule, bucket.subject, decision);
          }
          resolve(decision);
        });
      }
    } catch (error) {
      for (const [, bucket] of buckets) {
        const decision = this.failOpen(bucket.rule, now, error);
        for (const resolve of bucket.hits) resolve(decision);
      }
    }
  }

  /**
   * A refusal this process already knows of, answered from memory: a flood from one address costs
   * no database round trip once it is over its limit. Null when the database must be asked.
   */
  cachedDenial(rule: RateRule, subject: string): RateDecision | null {
    if (!rule.cacheDenials) return null;
    const key = bucketKey(rule, subject);
    const resetTime = this.denied.get(key);
    if (!resetTime) return null;
    const now = this.clock.now();
    if (resetTime <= now) {
      this.denied.delete(key);
      return null;
    }
    return decide(rule, rule.limit + 1, resetTime, now, 'consumed');
  }

  /**
   * Waits before a known refusal is sent (tarpit). The wait holds no lock and no database
   * connection, only the client's socket; it is skipped when too many are held already.
   */
  async holdRefusal(): Promise<void> {
    if (this.held >= MAX_HELD_REFUSALS) return;
    this.held += 1;
    try {
      await new Promise<void>((resolve) => {
        setTimeout(resolve, KNOWN_REFUSAL_DELAY_MS).unref();
      });
    } finally {
      this.held -= 1;
    }
  }

  private rememberDenial(rule: RateRule, subject: string, decision: RateDecision): void {
    if (this.denied.size >= MAX_CACHED_DENIALS) {
      const oldest = this.denied.keys().next();
      if (!oldest.done) this.denied.delete(oldest.value);
    }
    this.denied.set(bucketKey(rule, subject), decision.resetTime);
  }

  /** Says whether the next hit would be allowed, without counting one. */
  async peek(rule: RateRule, subject: string): Promise<RateDecision> {
    const now = this.clock.now();
    try {
      const [row] = await this.database.query<{ hits: number; reset_at: Date | string }>(
        'SELECT hits, reset_at FROM rate_limit_buckets WHERE key = $1',
        [bucketKey(rule, subject)],
      );
      const resetAt = row ? new Date(row.reset_at) : undefined;
      if (!row || !resetAt || resetAt <= now) {
        return decide(rule, 0, new Date(now.getTime() + rule.windowMs), now, 'peeked');
      }
      return decide(rule, row.hits, resetAt, now, 'peeked');
    } catch (error) {
      return this.failOpen(rule, now, error);
    }
  }

  /** Takes back one counted hit (an attempt that turned out legitimate). */
  async release(rule: RateRule, subject: string): Promise<void> {
    this.denied.delete(bucketKey(rule, subject));
    try {
      await this.database.query(
        'UPDATE rate_limit_buckets SET hits = GREATEST(hits - 1, 0) WHERE key = $1',
        [bucketKey(rule, subject)],
      );
    } catch (error) {
      this.log.warn(
        { err: error, rule: rule.name },
        'rate limit store unavailable (release skipped)',
      );
    }
  }

  /** Forgets the count of one key (e.g. failed passwords after a successful sign-in). */
  async reset(rule: RateRule, subject: string): Promise<void> {
    this.denied.delete(bucketKey(rule, subject));
    try {
      await this.database.query('DELETE FROM rate_limit_buckets WHERE key = $1', [
        bucketKey(rule, subject),
      ]);
    } catch (error) {
      this.log.warn(
        { err: error, rule: rule.name },
        'rate limit store unavailable (reset skipped)',
      );
    }
  }

  /** Deletes buckets whose window has ended; returns how many. */
  async prune(): Promise<number> {
    const rows = await this.database.query<{ key: string }>(
      'DELETE FROM rate_limit_buckets WHERE reset_at <= $1::timestamptz RETURNING key',
      [this.clock.now().toISOString()],
    );
    return rows.length;
  }

  private failOpen(rule: RateRule, now: Date, error: unknown): RateDecision {
    this.log.warn(
      { err: error, rule: rule.name },
      'rate limit store unavailable: allowing the request',
    );
    return {
      allowed: true,
      remaining: rule.limit,
      resetTime: new Date(now.getTime() + rule.windowMs),
      retryAfter: 0,
      degraded: true,
    };
  }
}

/** The row key of one subject's counter under a rule in `rate_limit_buckets`. */
export function bucketKey(rule: RateRule, subject: string): string {
  return `${rule.name}:${subject}`;
}

/**
 * `consumed`: `hits` includes the current one, allowed while hits <= limit.
 * `peeked`: `hits` are past ones, the next is allowed while hits < limit.
 */
function decide(
  rule: RateRule,
  hits: number,
  resetTime: Date,
  now: Date,
  mode: 'consumed' | 'peeked',
): RateDecision {
  const allowed = mode === 'consumed' ? hits <= rule.limit : hits < rule.limit;
  const remaining = Math.max(0, rule.limit - hits);
  const retryAfter = allowed
    ? 0
    : Math.max(1, Math.ceil((resetTime.getTime() - now.getTime()) / 1000));
  return { allowed, remaining, resetTime, retryAfter };
}

/** The strictest of several decisions: refused if any is, the longest wait, the fewest left. */
export function combineDecisions(decisions: readonly RateDecision[]): RateDecision {
  const refused = decisions.filter((d) => !d.allowed);
  const relevant = refused.length > 0 ? refused : decisions;
  const latest = relevant.reduce((a, b) => (b.resetTime > a.resetTime ? b : a));
  return {
    allowed: refused.length === 0,
    remaining: Math.min(...decisions.map((d) => d.remaining)),
    resetTime: latest.resetTime,
    retryAfter: Math.max(...decisions.map((d) => d.retryAfter)),
    ...(decisions.some((d) => d.degraded) ? { degraded: true } : {}),
  };
}

/** The 429 of every limit: the spec's German wait message and Retry-After. */
export function rateLimitedError(retryAfter: number): AppError {
  return new AppError(ERRORS.rate_limited, {
    message: rateLimitMessage(retryAfter),
    retryAfter,
  });
}

/** One budget an action draws on: a rule and the subject it counts for. */
export type RateBudget = readonly [rule: RateRule, subject: string];

/**
 * Runs `action` only within every budget, each charged one hit first (so hits sent at once are
 * counted in order). Past any budget the action does not run: the others get their hit back and
 * the answer is 429 with the German wait time. An action that fails did not happen either, so
 * it gives every hit back (e.g. an invitation to a taken address sends no mail).
 */
export async function withinLimits<T>(
  limiter: Pick<RateLimiter, 'consume' | 'release'>,
  budgets: readonly RateBudget[],
  action: () => Promise<T>,
): Promise<T> {
  const decisions = await Promise.all(
    budgets.map(([rule, subject]) => limiter.consume(rule, subject)),
  );
  const decision = combineDecisions(decisions);
  if (!decision.allowed) {
    await giveBack(
      limiter,
      budgets.filter((_, index) => decisions[index]!.allowed),
    );
    throw rateLimitedError(decision.retryAfter);
  }
  try {
    return await action();
  } catch (error) {
    await giveBack(limiter, budgets);
    throw error;
  }
}

async function giveBack(
  limiter: Pick<RateLimiter, 'release'>,
  budgets: readonly RateBudget[],
): Promise<void> {
  for (const [rule, subject] of budgets) await limiter.release(rule, subject);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared PostgreSQL-backed limiter; any feature may define its own RateRule. */
    rateLimiter: RateLimiter;
  }
}

export function registerRateLimiter(app: FastifyInstance): void {
  app.decorate('rateLimiter', new RateLimiter(app.deps.database, app.deps.clock, app.log));
}

/**
 * An onRequest hook counting each request against `rule` per client address (kept only as a
 * keyed hash); over the limit it answers 429 with the spec's German wait message. With `when`
 * (as a preHandler, which sees the validated body) only the requests it picks are counted.
 */
export function limitPerClientAddress(
  app: FastifyInstance,
  rule: RateRule,
  when?: (request: FastifyRequest) => boolean,
) {
  return async (request: FastifyRequest): Promise<void> => {
    if (when && !when(request)) return;
    const subject = hashIdentifier(app.deps.config.sessionSecret, `ip:${request.ip}`);
    const decision = await app.rateLimiter.consume(rule, subject);
    if (!decision.allowed) throw rateLimitedError(decision.retryAfter);
  };
}
