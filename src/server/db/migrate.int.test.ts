import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import type { Database } from './connect';
import { loadMigrations, MigrationError, migrate } from './migrate';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The SQLSTATE of a failed statement, wherever the driver put it. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  }
  return undefined;
}

async function businessId(): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    "INSERT INTO businesses (name) VALUES ('Testbetrieb') RETURNING id",
  );
  return row!.id;
}

describe('migrations', () => {
  it('records every migration once and re-running applies nothing', async () => {
    const rows = await database.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toEqual(loadMigrations().map((m) => m.name));
    expect(await migrate(database)).toEqual([]);
  });

  it('refuses a migration whose file changed after it was applied', async () => {
    const [first, ...rest] = loadMigrations();
    const changed = { ...first!, checksum: 'different' };
    await expect(migrate(database, [changed, ...rest])).rejects.toBeInstanceOf(MigrationError);
  });

  it('leaves nothing behind when a migration fails', async () => {
    const broken = [
      ...loadMigrations(),
      { name: '9998_half.sql', sql: 'CREATE TABLE half_done (id int);', checksum: 'a' },
      { name: '9999_broken.sql', sql: 'CREATE TABLE broken (id nonsense_type);', checksum: 'b' },
    ];
    await expect(migrate(database, broken)).rejects.toThrow();
    const tables = await database.query(
      "SELECT 1 FROM information_schema.tables WHERE table_name IN ('half_done', 'broken')",
    );
    expect(tables).toEqual([]);
    const recorded = await database.query("SELECT 1 FROM schema_migrations WHERE name LIKE '999%'");
    expect(recorded).toEqual([]);
  });
});

describe('schema constraints', () => {
  it('rejects a tip of zero or negative cents', async () => {
    const id = await businessId();
    expect(
      await sqlState(
        database.query('INSERT INTO tips (business_id, amount_cents) VALUES ($1, 0)', [id]),
      ),
    ).toBe('23514');
    expect(
      await sqlState(
        database.query('INSERT INTO tips (business_id, amount_cents) VALUES ($1, -5)', [id]),
      ),
    ).toBe('23514');
  });

  it('rejects unknown roles, statuses, types and target types', async () => {
    const id = await businessId();
    const [user] = await database.query<{ id: string }>(
      "INSERT INTO users (email) VALUES ('check@example.com') RETURNING id",
    );
    expect(
      await sqlState(
        database.query("INSERT INTO profiles (id, email, role) VALUES ($1, 'x@y.z', 'root')", [
          user!.id,
        ]),
      ),
    ).toBe('23514');
    expect(
      await sqlState(
        database.query(
          "INSERT INTO tips (business_id, amount_cents, status) VALUES ($1, 100, 'stolen')",
          [id],
        ),
      ),
    ).toBe('23514');
    const entrypoint = (type: string, targetType: string) =>
      database.query(
        'INSERT INTO payment_entrypoints (business_id, uid, type, target_id, target_type) VALUES ($1, $2, $3, $1, $4)',
        [id, `uid-${type}-${targetType}`, type, targetType],
      );
    expect(await sqlState(entrypoint('kiosk', 'user'))).toBe('23514');
    expect(await sqlState(entrypoint('person', 'planet'))).toBe('23514');
  });

  it('keeps payment point uids unique', async () => {
    const id = await businessId();
    const insert = () =>
      database.query(
        "INSERT INTO payment_entrypoints (business_id, uid, type, target_id, target_type) VALUES ($1, 'aio-unique-test', 'object', $1, 'tenant')",
        [id],
      );
    await insert();
    expect(await sqlState(insert())).toBe('23505');
  });

  it('stores a webhook event only once per provider event id', async () => {
    const insert = () =>
      database.query(
        "INSERT INTO webhook_events (provider, event_id, type, payload) VALUES ('stripe', 'evt_1', 'checkout.session.completed', '{}')",
      );
    await insert();
    expect(await sqlState(insert())).toBe('23505');
  });

  it('has the indexes the spec queries need', async () => {
    const rows = await database.query<{ indexname: string }>(
      'SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()',
    );
    const names = rows.map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        'tips_employee_created_idx',
        'tips_payment_intent_id_idx',
        'payment_entrypoints_uid_key',
        'admin_audit_log_created_at_idx',
      ]),
    );
  });

  it('gives every foreign key an index', async () => {
    const missing = await database.query<{ table_name: string; column_name: string }>(`
      SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema()
        AND NOT EXISTS (
          SELECT 1 FROM pg_index i
          WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
        )`);
    expect(missing).toEqual([]);
  });
});
