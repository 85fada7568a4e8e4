import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import type { Database } from './connect';
import * as schema from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('Drizzle schema', () => {
  it('matches the tables and columns the migrations create', async () => {
    const rows = await database.query<{
      table_name: string;
      column_name: string;
      is_nullable: 'YES' | 'NO';
    }>(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'`,
    );
    const inDatabase = new Map<string, 'YES' | 'NO'>();
    for (const row of rows) inDatabase.set(`${row.table_name}.${row.column_name}`, row.is_nullable);

    const inCode = new Map<string, 'YES' | 'NO'>();
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      const table = getTableName(value);
      for (const column of Object.values(getTableColumns(value))) {
        inCode.set(`${table}.${column.name}`, column.notNull ? 'NO' : 'YES');
      }
    }
    expect([...inCode.entries()].sort()).toEqual([...inDatabase.entries()].sort());
  });
});
