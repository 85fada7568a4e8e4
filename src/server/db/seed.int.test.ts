import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import { verifyPassword } from '../features/auth/password';
import type { Database } from './connect';
import { DEMO_LEGACY_QR_CODE, DEMO_LOGINS, DEMO_PASSWORD } from './seed';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
});
afterAll(async () => {
  await database.close();
});

describe('demo data', () => {
  it('has one business and the six fixed logins with the demo password', async () => {
    expect(await database.query('SELECT id FROM businesses')).toHaveLength(1);
    const users = await database.query<{ email: string; password_hash: string; role: string }>(
      'SELECT u.email, u.password_hash, p.role FROM users u JOIN profiles p ON p.id = u.id ORDER BY u.email',
    );
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_LOGINS.map((l) => l.email).sort());
    for (const login of DEMO_LOGINS) {
      expect(users.find((u) => u.email === login.email)?.role).toBe(login.role);
    }
    expect(await verifyPassword(DEMO_PASSWORD, users[0]!.password_hash)).toBe(true);
  });

  it('gives every employee a full profile with a thank-you message', async () => {
    const employees = await database.query<Record<string, string | null>>(
      "SELECT full_name, job_title, thank_you_message FROM profiles WHERE role = 'employee'",
    );
    expect(employees).toHaveLength(4);
    for (const employee of employees) {
      expect(employee.full_name).toBeTruthy();
      expect(employee.job_title).toBeTruthy();
      expect(employee.thank_you_message).toBeTruthy();
    }
  });

  it('has the ten demo payment points: 4 person, 3 object, 3 team, all aio-', async () => {
    const rows = await database.query<{ type: string; n: number }>(
      "SELECT type, count(*)::int AS n FROM payment_entrypoints WHERE uid LIKE 'aio-%' AND active AND origin = 'trinkgeld' GROUP BY type",
    );
    expect(Object.fromEntries(rows.map((r) => [r.type, r.n]))).toEqual({
      person: 4,
      object: 3,
      team: 3,
    });
  });

  it('has one active legacy QR code', async () => {
    const rows = await database.query('SELECT 1 FROM qr_codes WHERE code = $1 AND is_active', [
      DEMO_LEGACY_QR_CODE,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('has weeks of paid and pending tips, some with guest messages', async () => {
    const [stats] = await database.query<Record<string, number>>(`
      SELECT
        count(*) FILTER (WHERE status = 'completed')::int AS completed,
        count(*) FILTER (WHERE status = 'pending')::int AS pending,
        count(*) FILTER (WHERE guest_message IS NOT NULL)::int AS with_message,
        (extract(epoch FROM max(created_at) - min(created_at)) / 86400)::int AS span_days
      FROM tips`);
    expect(stats!.completed).toBeGreaterThan(50);
    expect(stats!.pending).toBeGreaterThan(10);
    expect(stats!.with_message).toBeGreaterThan(10);
    expect(stats!.span_days).toBeGreaterThanOrEqual(21);
  });

  it('splits every paid team tip exactly to the cent', async () => {
    const mismatches = await database.query(`
      SELECT t.id FROM tips t JOIN tip_allocations a ON a.tip_id = t.id
      WHERE t.tip_source = 'team'
      GROUP BY t.id, t.amount_cents HAVING sum(a.amount_cents) <> t.amount_cents`);
    expect(mismatches).toEqual([]);
  });

  it('references a paid-out transfer on every completed tip', async () => {
    const rows = await database.query(
      "SELECT id FROM tips WHERE status = 'completed' AND (stripe_transfer_id IS NULL OR processed_at IS NULL)",
    );
    expect(rows).toEqual([]);
  });
});
