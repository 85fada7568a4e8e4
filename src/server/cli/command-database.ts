import type { Config } from '../config';
import { type Database, openDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { openOptionsOf } from '../db/options';

/**
 * The server's database for an operator command (admin:create, admin:reset-two-factor): the same
 * one a server start opens (DATABASE_URL, else PGlite under DATA_DIR), migrated under the same
 * advisory lock. Null when it cannot be opened; the German reason is written to `err`.
 */
export async function openCommandDatabase(
  config: Config,
  err: (text: string) => void,
): Promise<Database | null> {
  let database: Database | undefined;
  try {
    database = await openDatabase(openOptionsOf(config));
    await database.ping();
  } catch (error) {
    await database?.close().catch(() => {});
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    err(
      config.databaseUrl
        ? `DATABASE_URL: Datenbank nicht erreichbar (${reason})`
        : `DATA_DIR: eingebettete Datenbank unter ${config.dataDir} lässt sich nicht öffnen (${reason})`,
    );
    return null;
  }
  try {
    await migrate(database);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}
