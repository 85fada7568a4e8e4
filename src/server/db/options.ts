import path from 'node:path';
import type { Config } from '../config';
import type { OpenOptions } from './connect';

/**
 * How the server, `npm run seed` and `npm run admin:create` open the database of a config: one
 * place, so a command run behind PgBouncer uses the same pool mode and LISTEN address as the
 * server (decision 0401).
 */
export function openOptionsOf(
  config: Pick<Config, 'databaseUrl' | 'databaseListenUrl' | 'databasePoolMode' | 'dataDir'>,
): OpenOptions {
  if (!config.databaseUrl) return { dataDir: path.join(config.dataDir, 'pglite') };
  return {
    url: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    poolMode: config.databasePoolMode,
  };
}
