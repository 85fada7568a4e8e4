import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import { verifyPassword } from '../features/auth/password';
import { brandingFormValues, brandingUpdateSchema } from '../../shared/api/branding';
import { presentAdminBranding } from '../features/branding/presenter';
import { buildReport } from '../features/reports/service';
import type { Database } from '../db/connect';
import { branding as brandingTable, businesses } from '../db/schema';
import { eq } from 'drizzle-orm';
import {
  DEMO_BUSINESS_NAME,
  DEMO_LEGACY_QR_CODE,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  SECOND_BUSINESS_NAME,
} from './seed';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
});
afterAll(async () => {
  await database.close();
});

describe('demo data', () => {
  it('saves every seeded branding unchanged through the branding form’s own validation', async () => {
    const rows = await database.db
      .select({ business: { id: businesses.id, name: businesses.name }, branding: brandingTable })
      .from(businesses)
      .leftJoin(brandingTable, eq(brandingTable.businessId, businesses.id));
    expect(rows.map((row) => row.business.name).sort()).toEqual(
      [SECOND_BUSINESS_NAME, DEMO_BUSINESS_NAME].sort(),
    );
    for (const row of rows) {
      const unchanged = brandingFormValues(presentAdminBranding(row.branding, row.business));
      const result = brandingUpdateSchema.safeParse(unchanged);
      expect(
        result.success ? [] : result.error.issues.map((issue) => issue.message),
        row.business.name,
      ).toEqual([]);
    }
  });

  it('has two businesses and the fixed logins with the demo password', async () => {
    expect(
      (await database.query<{ name: string }>('SELECT name FROM businesses ORDER BY name')).map(
        (b) => b.name,
      ),
    ).toEqual([SECOND_BUSINESS_NAME, DEMO_BUSINESS_NAME]);
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
    expect(employees).toHaveLength(6);
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

  it('gives the café its own owner, two employees, three points and tips of its own', async () => {
    const [cafe] = await database.query<{ id: string }>(
      'SELECT id FROM businesses WHERE name = $1',
      [SECOND_BUSINESS_NAME],
    );
    const people = await database.query<{ email: string; role: string }>(
      'SELECT email, role FROM profiles WHERE business_id = $1 ORDER BY email',
      [cafe!.id],
    );
    expect(people).toEqual([
      { email: 'inhaber2@demo.local', role: 'business_owner' },
      { email: 'lena@demo.local', role: 'employee' },
      { email: 'tom@demo.local', role: 'employee' },
    ]);
    const points = await database.query<{ type: string; uid: string }>(
      'SELECT type, uid FROM payment_entrypoints WHERE business_id = $1 AND active ORDER BY uid',
      [cafe!.id],
    );
    expect(points.map((p) => p.type).sort()).toEqual(['object', 'person', 'person']);
    expect(points.every((p) => !p.uid.startsWith('aio-'))).toBe(true);
    // Every tip through a café point is booked on the café, never on the hotel.
    const misplaced = await database.query(
      `SELECT t.id FROM tips t JOIN payment_entrypoints e ON e.id = t.entrypoint_id
       WHERE t.business_id <> e.business_id`,
    );
    expect(misplaced).toEqual([]);
    const [count] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tips WHERE business_id = $1',
      [cafe!.id],
    );
    expect(count!.n).toBeGreaterThan(20);
  });

  it('writes the tip page visits behind its tips: every paid tip was a visit, most visits were not', async () => {
    for (const name of [DEMO_BUSINESS_NAME, SECOND_BUSINESS_NAME]) {
      const [span] = await database.query<{ id: string; from: string; to: string }>(
        `SELECT b.id,
                to_char(min(t.created_at AT TIME ZONE 'Europe/Berlin'), 'YYYY-MM-DD') AS from,
                to_char(max(t.created_at AT TIME ZONE 'Europe/Berlin'), 'YYYY-MM-DD') AS to
         FROM businesses b JOIN tips t ON t.business_id = b.id WHERE b.name = $1 GROUP BY b.id`,
        [name],
      );
      const { qr } = await buildReport(database, span!.id, { from: span!.from, to: span!.to });
      expect(qr.paidTips, name).toBeGreaterThan(100);
      expect(qr.visitsWithTip, name).toBe(qr.paidTips);
      expect(qr.visits, name).toBeGreaterThan(qr.paidTips);
      expect(qr.conversion, name).toBeGreaterThan(0.3);
      expect(qr.conversion, name).toBeLessThan(0.7);
    }
  });

  it('gives some staff a demo payout account and Ben none, so both sides of payouts show (decision 0477)', async () => {
    const rows = await database.query<{ email: string; status: string; enabled: boolean }>(
      `SELECT email, stripe_account_status AS status, payouts_enabled AS enabled
       FROM profiles WHERE role = 'employee' ORDER BY email`,
    );
    const ready = rows.filter((row) => row.status === 'enabled' && row.enabled).map((r) => r.email);
    expect(ready).toEqual([
      'anna@demo.local',
      'clara@demo.local',
      'david@demo.local',
      'lena@demo.local',
    ]);
    expect(rows.find((row) => row.email === 'ben@demo.local')).toMatchObject({
      status: 'none',
      enabled: false,
    });
  });

  it('pays out nobody without a payout account: Ben’s tips and shares all wait for his account', async () => {
    const [ben] = await database.query<{ payouts: number; direct: number; shares: number }>(
      `SELECT
         (SELECT count(*)::int FROM payouts WHERE employee_id = p.id) AS payouts,
         (SELECT count(*)::int FROM tips WHERE employee_id = p.id
            AND (status = 'completed' OR payout_id IS NOT NULL)) AS direct,
         (SELECT count(*)::int FROM tip_allocations WHERE profile_id = p.id
            AND payout_id IS NOT NULL) AS shares
       FROM profiles p WHERE p.email = 'ben@demo.local'`,
    );
    expect(ben).toEqual({ payouts: 0, direct: 0, shares: 0 });
    // The others' weeks of payouts are still there to show.
    const [paid] = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payouts WHERE status = 'paid'",
    );
    expect(paid!.n).toBeGreaterThan(5);
  });

  it('carries every seeded payout in a weekly batch of its business, as the owner lists them', async () => {
    const orphans = await database.query(`
      SELECT p.id FROM payouts p LEFT JOIN payout_batches b ON b.id = p.batch_id
      WHERE b.id IS NULL OR b.business_id <> p.business_id`);
    expect(orphans).toEqual([]);
    const [batches] = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payout_batches WHERE trigger = 'schedule'",
    );
    expect(batches!.n).toBeGreaterThanOrEqual(2);
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

  it('pays out nothing without a transfer: every paid-out tip and share is carried by a paid payout', async () => {
    const direct = await database.query(`
      SELECT t.id FROM tips t LEFT JOIN payouts p ON p.id = t.payout_id
      WHERE t.status = 'completed' AND t.employee_id IS NOT NULL
        AND (p.id IS NULL OR p.status <> 'paid' OR p.provider_transfer_id IS NULL
             OR t.stripe_transfer_id IS DISTINCT FROM p.provider_transfer_id
             OR t.processed_at IS NULL)`);
    expect(direct).toEqual([]);
    const shares = await database.query(`
      SELECT a.id FROM tip_allocations a JOIN tips t ON t.id = a.tip_id
      LEFT JOIN payouts p ON p.id = a.payout_id
      WHERE t.status = 'completed' AND a.amount_cents > 0
        AND (p.id IS NULL OR p.status <> 'paid' OR p.provider_transfer_id IS NULL
             OR p.processed_at IS NULL OR t.processed_at IS NULL)`);
    expect(shares).toEqual([]);
  });

  it('keeps the pool to money nobody has received: no tip without a recipient is paid out', async () => {
    const unreceived = await database.query(`
      SELECT t.id FROM tips t
      WHERE t.status = 'completed' AND t.employee_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM tip_allocations a WHERE a.tip_id = t.id)`);
    expect(unreceived).toEqual([]);
    const [pool] = await database.query<{ n: number }>(`
      SELECT count(*)::int AS n FROM tips t
      WHERE t.status = 'pending' AND t.employee_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM tip_allocations a WHERE a.tip_id = t.id)`);
    expect(pool!.n).toBeGreaterThan(0);
  });

  it('makes every payout exactly the sum of what it carries', async () => {
    const rows = await database.query(`
      SELECT p.id FROM payouts p
      WHERE p.amount_cents <>
        coalesce((SELECT sum(t.amount_cents) FROM tips t WHERE t.payout_id = p.id), 0)
        + coalesce((SELECT sum(a.amount_cents) FROM tip_allocations a WHERE a.payout_id = p.id), 0)`);
    expect(rows).toEqual([]);
  });
});
