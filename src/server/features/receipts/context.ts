import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { RateLimiter } from '../../http/rate-limit';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';

/** What receipts and replies need: the database, the clock, mail and the config values below. */
export interface ReceiptContext {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'publicOrigin' | 'sessionSecret' | 'sessionSecretPrevious'>;
  mailer: Mailer;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** The guest's private thank-you link: the secret rides in the fragment, never in server logs. */
export function privateThankYouLink(origin: string, tipId: string, token: string): string {
  return `${origin}/thank-you?tipId=${tipId}#token=${token}`;
}
