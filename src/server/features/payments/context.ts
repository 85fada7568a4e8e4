import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { type PaymentProviders, paymentProvidersFor } from './provider';

/** What payment and tip services need: the app's dependencies plus its payment providers. */
export interface PaymentContext {
  database: Database;
  clock: Clock;
  config: Config;
  providers: PaymentProviders;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}

export function paymentContext(deps: AppDeps, log: PaymentContext['log']): PaymentContext {
  return {
    database: deps.database,
    clock: deps.clock,
    config: deps.config,
    providers: paymentProvidersFor(deps),
    log,
  };
}
