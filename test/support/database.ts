import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type Database, openDatabase, quoteIdent } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/seed/seed';
import { ManualClock } from '../../src/server/lib/clock';
import { loadSnapshot } from './global-setup';

export type TestEngine = 'pglite' | 'postgres';

const secondConnections = new WeakMap<Database, () => Promise<Database>>();

/**
 * What a second server instance would open: on PostgreSQL a new pool on the same schema; on
 * PGlite (one process, one embedded database) the same handle, shared like instances would.
 * Closing the returned handle never closes the original.
 */
export async function connectAgain(database: Database): Promise<Database> {
  const open = secondConnections.get(database);
  if (open) return open();
  return { ...database, close: async () => {} };
}

export function testEngine(): TestEngine {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/** The moment the demo seed of this test run happened; seeded tips are relative to it. */
export function seededAt(): Date {
  return new Date(inject('seededAt'));
}

export interface TestDatabaseOptions {
  /** Start with the demo data (default false: migrated and empty). */
  seeded?: boolean;
}

/**
 * A fresh database for one test file: PGlite loaded from the migrated (or seeded) snapshot, or
 * a new schema of its own in the PostgreSQL named by TEST_DATABASE_URL, dropped on close.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  if (testEngine() === 'pglite') {
    const snapshot = inject(options.seeded ? 'seededSnapshot' : 'migratedSnapshot');
    return openDatabase({ loadDataDir: loadSnapshot(snapshot) });
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL suite');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.exec(`CREATE SCHEMA ${quoteIdent(schema)}`);
  await admin.close();

  const database = await openDatabase({ url, searchPath: schema, poolSize: 5 });
  await migrate(database);
  if (options.seeded) {
    await seedDemoData(database, new ManualClock(seededAt()));
  }
  const close = database.close.bind(database);
  secondConnections.set(database, () => openDatabase({ url, searchPath: schema, poolSize: 2 }));
  return Object.assign(database, {
    async close() {
      await close();
      const cleanup = await openDatabase({ url, poolSize: 1 });
      await cleanup.exec(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await cleanup.close();
    },
  });
}
