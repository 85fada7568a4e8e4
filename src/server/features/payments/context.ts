import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';
import { type Metrics, noMetrics } from '../metrics/metrics';
import { type PaymentProviders, paymentProvidersFor } from './provider';

/** What the payment feature takes from the app to build its context and providers. */
export interface PaymentDeps {
  database: Database;
  clock: Clock;
  config: Config;
  /** Absent (tools, tests without an app): nothing is counted. */
  metrics?: Metrics | undefined;
  /** The app's mailer, for subscribers that write to people (the owners' dunning mails). */
  mailer?: Mailer | undefined;
}

/** What payment and tip services need: the app's dependencies plus its payment providers. */
export interface PaymentContext {
  database: Database;
  clock: Clock;
  config: Config;
  providers: PaymentProviders;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
  /** Tip, webhook and payout figures of the app (decision 0400). */
  metrics: Metrics;
  /** Absent outside the app (tools): a subscriber that must write mail refuses the event. */
  mailer: Mailer | null;
}

export function paymentContext(deps: PaymentDeps, log: PaymentContext['log']): PaymentContext {
  return {
    database: deps.database,
    clock: deps.clock,
    config: deps.config,
    providers: paymentProvidersFor(deps),
    log,
    metrics: deps.metrics ?? noMetrics,
    mailer: deps.mailer ?? null,
  };
}
