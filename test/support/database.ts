import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/connect';
import { loadSnapshot } from './global-setup';
import { copyTemplate, dropDatabase, fileDatabaseName, urlOfDatabase } from './postgres-templates';

export type TestEngine = 'pglite' | 'postgres';

const secondConnections = new WeakMap<Database, () => Promise<Database>>();
const databaseUrls = new WeakMap<Database, string>();

/** The address of a test database on PostgreSQL, for a process or proxy of its own to reach it. */
export function testDatabaseUrl(database: Database): string {
  const url = databaseUrls.get(database);
  if (!url) throw new Error('only a PostgreSQL test database has an address');
  return url;
}

/**
 * What a second server instance would open: on PostgreSQL a new pool on the same database; on
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
 * on the PostgreSQL server named by TEST_DATABASE_URL a database of its own copied from the
 * run's migrated (or seeded) template, dropped on close.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  if (testEngine() === 'pglite') {
    const snapshot = inject(options.seeded ? 'seededSnapshot' : 'migratedSnapshot');
    return openDatabase({ loadDataDir: loadSnapshot(snapshot) });
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL suite');
  const template = inject(options.seeded ? 'postgresSeededTemplate' : 'postgresMigratedTemplate');
  const name = fileDatabaseName(inject('testRunPid'), randomBytes(6).toString('hex'));
  await copyTemplate(url, template, name);
  const fileUrl = urlOfDatabase(url, name);
  const database = await openDatabase({ url: fileUrl, poolSize: 5 });
  const close = database.close.bind(database);
  secondConnections.set(database, () => openDatabase({ url: fileUrl, poolSize: 2 }));
  databaseUrls.set(database, fileUrl);
  return Object.assign(database, {
    async close() {
      await close();
      await dropDatabase(url, name);
    },
  });
}
