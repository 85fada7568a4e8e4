import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/support/database';
import { type Database, openDatabase } from './connect';

/**
 * Decision 0286: the PostgreSQL pool plans each kept-prepared statement once (a generic plan)
 * instead of re-planning it for every call's values; `plans: 'auto'` keeps PostgreSQL's default.
 */
describe.skipIf(testEngine() !== 'postgres')('plans of the statements kept prepared', () => {
  const url = process.env.TEST_DATABASE_URL!;
  // A parameterised text of its own, so no other test has made it prepared on this connection.
  const text = `SELECT relname FROM pg_class WHERE oid = $1::oid /* plan-cache ${Date.now()} */`;

  async function plansOf(database: Database): Promise<{ generic: number; custom: number }> {
    for (let run = 0; run < 10; run += 1) {
      expect(await database.query<{ relname: string }>(text, [1259])).toEqual([
        { relname: 'pg_class' },
      ]);
    }
    const rows = await database.query<{ generic: string; custom: string }>(
      `SELECT generic_plans::text AS generic, custom_plans::text AS custom
       FROM pg_prepared_statements WHERE statement = '${text.replaceAll("'", "''")}'`,
    );
    expect(rows).toHaveLength(1);
    return { generic: Number(rows[0]!.generic), custom: Number(rows[0]!.custom) };
  }

  it('runs a statement sent often with one generic plan, never planning it per call', async () => {
    const database = await openDatabase({ url, poolSize: 1 });
    try {
      const [mode] = await database.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
      expect(mode!.plan_cache_mode).toBe('force_generic_plan');
      // Named from its third call on (decision 0282): eight runs of the prepared statement.
      expect(await plansOf(database)).toEqual({ generic: 8, custom: 0 });
    } finally {
      await database.close();
    }
  });

  it("keeps PostgreSQL's own choice with plans: 'auto'", async () => {
    const database = await openDatabase({ url, poolSize: 1, plans: 'auto' });
    try {
      const [mode] = await database.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
      expect(mode!.plan_cache_mode).toBe('auto');
      // PostgreSQL plans the first five runs for their values before it weighs a generic plan.
      expect((await plansOf(database)).custom).toBeGreaterThanOrEqual(5);
    } finally {
      await database.close();
    }
  });
});
