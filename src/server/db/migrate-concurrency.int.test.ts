import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/support/database';
import { type Database, openDatabase, quoteIdent } from './connect';
import { loadMigrations, migrate } from './migrate';

/**
 * Two instances deployed together both run the migrator at start (docs/deployment.md). The
 * advisory lock in `migrate` makes the second wait for the first and then find nothing to do.
 */
describe('migrations started by two instances at the same moment', () => {
  it('applies every migration exactly once', async () => {
    const { first, second, cleanup } = await twoFreshInstances();
    try {
      // A probe that would count twice (or fail) if it ran twice.
      const migrations = [
        ...loadMigrations(),
        {
          name: '9990_probe.sql',
          sql: 'CREATE TABLE migration_probe (n serial PRIMARY KEY); INSERT INTO migration_probe DEFAULT VALUES;',
          checksum: 'probe',
        },
      ];
      const [appliedByFirst, appliedBySecond] = await Promise.all([
        migrate(first, migrations),
        migrate(second, migrations),
      ]);

      const all = migrations.map((m) => m.name);
      expect([...appliedByFirst, ...appliedBySecond].sort()).toEqual([...all].sort());
      // One of them did all the work; the other waited on the lock and found nothing left.
      expect([appliedByFirst.length, appliedBySecond.length].sort((x, y) => x - y)).toEqual([
        0,
        all.length,
      ]);
      const recorded = await first.query<{ name: string; times: number }>(
        'SELECT name, count(*)::int AS times FROM schema_migrations GROUP BY name ORDER BY name',
      );
      expect(recorded.map((row) => row.name)).toEqual([...all].sort());
      expect(recorded.every((row) => row.times === 1)).toBe(true);
      const [probe] = await second.query<{ runs: number }>(
        'SELECT count(*)::int AS runs FROM migration_probe',
      );
      expect(probe!.runs).toBe(1);
    } finally {
      await cleanup();
    }
  }, 120_000);
});

/**
 * Two handles on one empty database: on PostgreSQL two pools on a fresh schema (two processes
 * would look the same to the server); on PGlite one embedded database shared by both.
 */
async function twoFreshInstances(): Promise<{
  first: Database;
  second: Database;
  cleanup: () => Promise<void>;
}> {
  if (testEngine() === 'pglite') {
    const database = await openDatabase({});
    return { first: database, second: database, cleanup: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL suite');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.exec(`CREATE SCHEMA ${quoteIdent(schema)}`);
  const first = await openDatabase({ url, searchPath: schema, poolSize: 2 });
  const second = await openDatabase({ url, searchPath: schema, poolSize: 2 });
  return {
    first,
    second,
    async cleanup() {
      await first.close();
      await second.close();
      await admin.exec(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await admin.close();
    },
  };
}
