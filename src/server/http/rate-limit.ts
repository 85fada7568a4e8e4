import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimitMessage } from '../../shared/domain/auth';
import { ERRORS } from '../../shared/domain/errors';
import type { Database } from '../db/connect';
import { hashIdentifier } from '../features/auth/tokens';
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
   * the database (issue 15, finding 2). Only for rules whose count nothing but `reset` lowers:
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

export class RateLimiter {
  /** Bucket key -> end of the window in which it is refused (rules with `cacheDenials`). */
  private readonly denied = new Map<string, Date>();
  private held = 0;

  constructor(
    private readonly database: Pick<Database, 'query'>,
    private readonly clock: Clock,
    private readonly log: RateLimitLogger,
  ) {}

  /** Counts one hit against `rule` for `subject` and says whether it is within the limit. */
  async consume(rule: RateRule, subject: string): Promise<RateDecision> {
    const cached = this.cachedDenial(rule, subject);
    if (cached) return cached;
    const now = this.clock.now();
    const windowEnd = new Date(now.getTime() + rule.windowMs);
    try {
      const [row] = await this.database.query<{ hits: number; reset_at: Date | string }>(
        `INSERT INTO rate_limit_buckets AS b (key, hits, window_started_at, reset_at)
         VALUES ($1, 1, $2::timestamptz, $3::timestamptz)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN b.reset_at <= $2::timestamptz THEN 1 ELSE LEAST(b.hits + 1, $4::int) END,
           window_started_at = CASE WHEN b.reset_at <= $2::timestamptz
             THEN $2::timestamptz ELSE b.window_started_at END,
           reset_at = CASE WHEN b.reset_at <= $2::timestamptz
             THEN $3::timestamptz ELSE b.reset_at END
         RETURNING hits, reset_at`,
        [bucketKey(rule, subject), now.toISOString(), windowEnd.toISOString(), rule.limit + 1],
      );
      const decision = decide(rule, row!.hits, new Date(row!.reset_at), now, 'consumed');
      if (!decision.allowed && rule.cacheDenials) this.rememberDenial(rule, subject, decision);
      return decision;
    } catch (error) {
      return this.failOpen(rule, now, error);
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

function bucketKey(rule: RateRule, subject: string): string {
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
 * keyed hash); over the limit it answers 429 with the spec's German wait message.
 */
export function limitPerClientAddress(app: FastifyInstance, rule: RateRule) {
  return async (request: FastifyRequest): Promise<void> => {
    const subject = hashIdentifier(app.deps.config.sessionSecret, `ip:${request.ip}`);
    const decision = await app.rateLimiter.consume(rule, subject);
    if (!decision.allowed) {
      throw new AppError(ERRORS.rate_limited, {
        message: rateLimitMessage(decision.retryAfter),
        retryAfter: decision.retryAfter,
      });
    }
  };
}
