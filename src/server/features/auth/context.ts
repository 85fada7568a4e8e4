import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { RateLimiter } from '../../http/rate-limit';
import type { AfterAnswer } from '../../http/after-answer';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';

/** What sign-in, sessions and magic links need from the app (not the whole of it). */
export interface AuthDeps {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
}

/** The auth actions' context: the app's parts plus the rate limiter of the sign-in budgets. */
export interface AuthContext extends AuthDeps {
  limiter: RateLimiter;
}

/** Magic links also send their mail after the answer (decision 0450). */
export interface MagicLinkContext extends AuthContext {
  afterAnswer: Pick<AfterAnswer, 'later'>;
}

/** What opening a session needs: the clock and the few settings it reads. */
export interface SessionOpeningContext {
  clock: Clock;
  config: Pick<Config, 'sessionSecret' | 'contactEmail' | 'nodeEnv'>;
}

export function authContext(deps: AuthDeps, limiter: RateLimiter): AuthContext {
  return {
    config: deps.config,
    database: deps.database,
    clock: deps.clock,
    mailer: deps.mailer,
    limiter,
  };
}
