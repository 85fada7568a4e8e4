import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { RateLimiter } from '../../http/rate-limit';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';

/**
 * What guest mails need (receipts, replies, the feedback dialog's address, pay-later links): the
 * database, the clock, mail and the config values below.
 */
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

/** The context of a guest-mail request, from the app's dependencies. */
export function receiptContext(
  app: Pick<FastifyInstance, 'deps' | 'rateLimiter'>,
  log: ReceiptContext['log'],
): ReceiptContext {
  return {
    database: app.deps.database,
    clock: app.deps.clock,
    config: app.deps.config,
    mailer: app.deps.mailer,
    rateLimiter: app.rateLimiter,
    log,
  };
}
