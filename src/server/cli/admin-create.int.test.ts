import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/support/app';
import { commandArgs } from '../../../test/support/command';
import { freshDatabase, type FreshDatabase } from '../../../test/support/fresh-database';
import { createBusiness, type FactoryBusiness } from '../../../test/support/factories';
import type { Database } from '../db/connect';
import { migrate } from '../db/migrate';
import { hashToken } from '../features/auth/tokens';
import { ManualClock } from '../lib/clock';
import { projectRoot } from '../lib/project-root';

/**
 * `npm run admin:create` as an operator runs it: a real process with the server's environment
 * against a fresh, empty database — embedded PGlite under DATA_DIR on the int-pglite project (in
 * development: production needs PostgreSQL), a new PostgreSQL database through DATABASE_URL with
 * NODE_ENV=production on int-postgres.
 */
const ORIGIN = 'https://trinkgeld.example.com';
const SESSION_SECRET = 'admin-create-test-secret-that-is-long-enough-0123';
const ADMIN_EMAIL = 'chefin@example.de';
const PASSWORD = 'Nordsee im Oktober 1987';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin:create -- <args>`'s command, from its sources (test/support/command.ts), with
 * only the environment an operator would set.
 */
function adminCreate(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, commandArgs('admin:create', args), {
      cwd: projectRoot(),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        // Production runs on PostgreSQL only (decision 0523); on PGlite the same run in development.
        NODE_ENV: env.DATABASE_URL ? 'production' : 'development',
        PUBLIC_ORIGIN: ORIGIN,
        SESSION_SECRET,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What a run might have changed: accounts, roles, passwords, links, audit rows. */
async function snapshot(database: Database) {
  return database.query(
    `SELECT u.email, u.password_hash, u.email_verified_at, p.role, p.business_id, p.full_name,
            (SELECT count(*)::int FROM auth_tokens t WHERE t.user_id = u.id) AS tokens,
            (SELECT count(*)::int FROM admin_audit_log) AS audit_rows
       FROM users u LEFT JOIN profiles p ON p.id = u.id ORDER BY u.email`,
  );
}

let fresh: FreshDatabase;
let hotel: FactoryBusiness;
let link = '';

beforeAll(async () => {
  fresh = await freshDatabase('admin-create');
});
afterAll(async () => {
  await fresh?.drop();
});

async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await fresh.open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe('npm run admin:create on an empty production database', { timeout: 120_000 }, () => {
  it('starts from a database in which nobody can sign in: no default account', async () => {
    await withDatabase(async (database) => {
      await migrate(database);
      expect(await database.query('SELECT email FROM users')).toEqual([]);
    });
  });

  it('creates the platform admin without a business and prints one single-use link', async () => {
    const before = Date.now();
    const run = await adminCreate(
      ['--email', '  Chefin@Example.DE ', '--name', 'Maria Schulz'],
      fresh.env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Plattform-Administrator angelegt: ${ADMIN_EMAIL} (Maria Schulz)`);
    const links = run.stdout.match(/https:\/\/\S+/g) ?? [];
    expect(links.filter((found) => found.includes('token='))).toHaveLength(1);
    link = links.find((found) => found.includes('token='))!;
    expect(link).toMatch(
      /^https:\/\/trinkgeld\.example\.com\/employee\/password\?token=[A-Za-z0-9_-]{43}$/,
    );

    await withDatabase(async (database) => {
      const [admin] = await snapshot(database);
      expect(admin).toMatchObject({
        email: ADMIN_EMAIL,
        password_hash: null,
        role: 'admin',
        business_id: null,
        full_name: 'Maria Schulz',
        tokens: 1,
        audit_rows: 1,
      });
      const token = new URL(link).searchParams.get('token')!;
      const [stored] = await database.query<{ purpose: string; expires_at: Date }>(
        'SELECT purpose, expires_at FROM auth_tokens WHERE token_hash = $1',
        [hashToken(token)],
      );
      expect(stored!.purpose).toBe('password_reset');
      const expires = new Date(stored!.expires_at).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 24 * 60 * 60_000 - 1_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);
      const [audit] = await database.query<{ action: string; payload: object }>(
        'SELECT action, payload FROM admin_audit_log',
      );
      expect(audit).toEqual({
        action: 'platform_admin_create',
        payload: { method: 'cli', email: ADMIN_EMAIL, role: 'admin' },
      });
    });
  });

  it('sets the password through the link once; then the admin signs in with it', async () => {
    await withDatabase(async (database) => {
      const t = await createTestApp({ database, clock: new ManualClock(new Date()) });
      try {
        const token = new URL(link).searchParams.get('token')!;
        const check = await t.inject({
          method: 'POST',
          url: '/api/auth/password-link/check',
          payload: { token },
        });
        expect(check.json()).toEqual({ email: ADMIN_EMAIL });
        const set = await t.inject({
          method: 'POST',
          url: '/api/auth/password-link',
          payload: { token, password: PASSWORD },
        });
        expect(set.statusCode).toBe(204);
        const again = await t.inject({
          method: 'POST',
          url: '/api/auth/password-link',
          payload: { token, password: 'Ein ganz anderes Passwort' },
        });
        expect(again.statusCode).toBe(400);

        const signIn = await t.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: ADMIN_EMAIL, password: PASSWORD },
        });
        expect(signIn.statusCode).toBe(200);
        expect(signIn.json().user.email).toBe(ADMIN_EMAIL);

        // People of a business, for the refusals below.
        hotel = await createBusiness(database.db, { employees: 1 });
      } finally {
        await t.close();
      }
    });
  });

  it('run twice for the same address it says so and changes nothing', async () => {
    const before = await withDatabase(snapshot);
    const run = await adminCreate(['--email', 'CHEFIN@example.de'], fresh.env);
    expect(run.code).toBe(3);
    expect(run.stdout).not.toContain('token=');
    expect(run.stderr).toContain(
      `${ADMIN_EMAIL} ist bereits Plattform-Administrator. Nichts geändert, kein neuer Link.`,
    );
    expect(await withDatabase(snapshot)).toEqual(before);
  });

  it('refuses the address of an employee or an owner, changing nothing', async () => {
    const before = await withDatabase(snapshot);
    const employee = await adminCreate(['--email', hotel.employees[0]!.email], fresh.env);
    expect(employee.code).toBe(1);
    expect(employee.stdout).toBe('');
    expect(employee.stderr).toContain(
      `${hotel.employees[0]!.email} gehört zu einem bestehenden Konto mit der Rolle Mitarbeiter (employee). Abgelehnt, nichts geändert`,
    );
    const owner = await adminCreate(['--email', hotel.owner.email], fresh.env);
    expect(owner.code).toBe(1);
    expect(owner.stderr).toContain('mit der Rolle Geschäftsinhaber (business_owner)');
    expect(await withDatabase(snapshot)).toEqual(before);
  });

  it('answers a missing or malformed address with its usage', async () => {
    const run = await adminCreate(['--email', 'kein-at-zeichen'], fresh.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(run.stderr).toContain('Aufruf: npm run admin:create -- --email');
  });
});
