import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  FACTORY_PASSWORD,
} from '../../../../test/support/factories';

let t: TestApp;
let adminEmail: string;
let ownerEmail: string;
let employeeEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  const hotel = await createBusiness(t.database.db, { employees: 1 });
  // The platform admin keeps a home business, as the demo's does (decision 0100).
  adminEmail = (await createPlatformAdmin(t.database.db, { businessId: hotel.id })).email;
  ownerEmail = hotel.owner.email;
  employeeEmail = hotel.employees[0]!.email;
});
afterAll(async () => {
  await t.close();
});

interface AuditRow {
  action: string;
  target_type: string;
  target_id: string | null;
  payload: Record<string, unknown>;
  admin_id: string | null;
  business_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date;
}

async function auditRows(email: string): Promise<AuditRow[]> {
  return t.database.query<AuditRow>(
    `SELECT a.* FROM admin_audit_log a JOIN profiles p ON p.id = a.admin_id
     WHERE p.email = $1 ORDER BY a.created_at, a.action`,
    [email],
  );
}

async function passwordSignIn(email: string): Promise<string> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'user-agent': 'Vitest-Browser/1.0' },
    payload: { email, password: FACTORY_PASSWORD },
    remoteAddress: '192.0.2.10',
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'trinkgeld_session')!;
  return `${cookie.name}=${cookie.value}`;
}

const post = (url: string, cookie: string, payload: object = {}) =>
  t.inject({
    method: 'POST',
    url,
    headers: { cookie, 'user-agent': 'Vitest-Browser/1.0' },
    payload,
    remoteAddress: '192.0.2.10',
  });

describe('audit rows of an admin session (spec §7 Audit)', () => {
  it('records login, extension, navigation, timeout and logout for admin and owner', async () => {
    for (const email of [adminEmail, ownerEmail]) {
      const first = await passwordSignIn(email);
      t.clock.advance(60_000);
      expect((await post('/api/auth/session/extend', first)).statusCode).toBe(200);
      const extendedAt = t.clock.now().toISOString();
      t.clock.advance(1_000);
      const navigation = await post('/api/audit/navigation', first, {
        destination: '/admin/qr-codes',
        from: '/admin/dashboard',
      });
      expect(navigation.statusCode).toBe(204);
      t.clock.advance(15 * 60_000);
      // The browser's timer ran out together with the server's: still recorded.
      expect((await post('/api/auth/session/timeout', first)).statusCode).toBe(204);
      t.clock.advance(1_000);

      const second = await passwordSignIn(email);
      t.clock.advance(1_000);
      expect((await post('/api/auth/sign-out', second)).statusCode).toBe(204);

      const rows = await auditRows(email);
      expect(rows.map((row) => row.action)).toEqual([
        'admin_login',
        'session_extended',
        'admin_navigation',
        'session_timeout',
        'admin_login',
        'admin_logout',
      ]);
      const [login, extended, navigated, timeout, , logout] = rows;
      expect(login).toMatchObject({
        target_type: 'security',
        payload: { method: 'password' },
        ip_address: '192.0.2.10',
        user_agent: 'Vitest-Browser/1.0',
      });
      expect(login!.business_id).toBeTruthy();
      expect(extended).toMatchObject({
        target_type: 'security',
        payload: { extended_at: extendedAt },
      });
      expect(navigated).toMatchObject({
        target_type: 'page',
        target_id: '/admin/qr-codes',
        payload: { destination: '/admin/qr-codes', from: '/admin/dashboard' },
      });
      expect(timeout).toMatchObject({
        target_type: 'security',
        payload: { timeout_duration: 900, warning_duration: 120 },
      });
      expect(logout).toMatchObject({ target_type: 'security', payload: { reason: 'sign_out' } });
    }
  });

  it('ends the session on timeout', async () => {
    const cookie = await passwordSignIn(adminEmail);
    await post('/api/auth/session/timeout', cookie);
    const after = await t.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('writes nothing for employees, and refuses their navigation reports', async () => {
    const cookie = await passwordSignIn(employeeEmail);
    expect((await post('/api/auth/session/extend', cookie)).statusCode).toBe(200);
    const navigation = await post('/api/audit/navigation', cookie, {
      destination: '/admin/dashboard',
    });
    expect(navigation.statusCode).toBe(403);
    expect((await post('/api/auth/session/timeout', cookie)).statusCode).toBe(204);
    expect(await auditRows(employeeEmail)).toEqual([]);
  });

  it('validates the navigation destination and needs a session', async () => {
    const cookie = await signIn(t, adminEmail);
    const bad = await post('/api/audit/navigation', cookie, { destination: 'https://evil/x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unbekannte Admin-Seite.');
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/audit/navigation',
      payload: { destination: '/admin/dashboard' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
