import { inArray } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { users } from '../db/schema';

/**
 * Whether an empty database gets the demo data at start. The embedded database is seeded for a
 * quick look in development and test; in production demo logins (with the published password
 * `demo1234`) are never created unless SEED_DEMO=1 asks for them explicitly.
 */
export function shouldSeedDemo(
  config: Pick<Config, 'nodeEnv' | 'databaseUrl' | 'seedDemo'>,
): boolean {
  if (config.seedDemo) return true;
  if (config.nodeEnv === 'production') return false;
  return !config.databaseUrl;
}

/** The demo accounts that exist in this database (their password is public). */
export async function existingDemoLogins(
  database: Database,
  emails: readonly string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await database.db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, [...emails]));
  return rows.map((row) => row.email).sort();
}
