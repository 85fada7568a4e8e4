import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';

/** What the integration feature needs from the app: nothing more. */
export interface IntegrationContext {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    'aioApiUrl' | 'aioApiToken' | 'aioSyncSecret' | 'aioTenantId' | 'publicOrigin'
  >;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}
