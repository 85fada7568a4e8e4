import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createPlatformAdmin,
  createTwoFactor,
} from '../../../test/support/factories';
import { freshDatabase, type FreshDatabase } from '../../../test/support/fresh-database';
import type { Database } from '../db/connect';
import { migrate } from '../db/migrate';
import { adminAuditLog, authSessions, outboxEmails, userTwoFactor } from '../db/schema';
import { createSession } from '../features/auth/sessions';
import { ManualClock } from '../lib/clock';
import { RESET_TWO_FACTOR_EXIT, runResetTwoFactor } from './reset-two-factor-command';

/**
 * A sole platform admin who lost phone and recovery codes gets back in through
 * `npm run admin:reset-two-factor` on the server: audited, every session ended, and told by
 * e-mail. Run as the command runs, on a fresh database of the project's engine reached only
 * through the environment.
 */
const SESSION_SECRET = 'reset-two-factor-test-secret-long-enough-0123';
const ORIGIN = 'https://trinkgeld.example.com';

let fresh: FreshDatabase;
const clock = new ManualClock(new Date('2026-11-29T09:00:00Z'));

beforeEach(async () => {
  fresh = await freshDatabase('reset-two-factor');
});
afterEach(async () => {
  await fresh.drop();
});

/** Opens the fresh database, lets `work` fill it, and closes it again (PGlite has one owner). */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await fresh.open();
  try {
    await migrate(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const mails: string[] = [];
  const code = await runResetTwoFactor({
    argv,
    env: { NODE_ENV: 'development', PUBLIC_ORIGIN: ORIGIN, SESSION_SECRET, ...fresh.env },
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    clock,
    printMail: (text) => mails.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), mails };
}

// Each run opens and migrates the database, as the command does on a server.
describe('npm run admin:reset-two-factor', { timeout: 120_000 }, () => {
  it('resets the operator’s second factor, ends every session, audits it and mails the operator', async () => {
    const operator = await withDatabase(async (database) => {
      const admin = await createPlatformAdmin(database.db, {
        email: 'sabine@plattform.example',
        fullName: 'Sabine Hoffmann',
      });
      await createTwoFactor(database.db, { serverSecret: SESSION_SECRET, userId: admin.id });
      await createSession(database.db, { userId: admin.id, now: clock.now() });
      return admin;
    });

    const result = await run(['--email', ' Sabine@Plattform.example ']);
    expect(result.err).toBe('');
    expect(result.code).toBe(RESET_TWO_FACTOR_EXIT.reset);
    expect(result.out).toContain(
      'Zwei-Faktor-Anmeldung von sabine@plattform.example zurückgesetzt; alle Sitzungen sind beendet.',
    );

    await withDatabase(async (database) => {
      const db = database.db;
      expect(
        await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, operator.id)),
      ).toEqual([]);
      expect(
        await db.select().from(authSessions).where(eq(authSessions.userId, operator.id)),
      ).toEqual([]);
      const audit = await db
        .select({
          action: adminAuditLog.action,
          adminId: adminAuditLog.adminId,
          payload: adminAuditLog.payload,
        })
        .from(adminAuditLog);
      expect(audit).toEqual([
        {
          action: 'two_factor_reset',
          adminId: operator.id,
          payload: {
            personName: 'Sabine Hoffmann',
            email: 'sabine@plattform.example',
            method: 'cli',
          },
        },
      ]);
      const [mail] = await db
        .select({ to: outboxEmails.toAddress, subject: outboxEmails.subject })
        .from(outboxEmails);
      expect(mail!.to).toBe('sabine@plattform.example');
    });
    // Without SMTP it is the console outbox of development.
    expect(result.mails.join('\n')).toContain('sabine@plattform.example');
  });

  it('changes nothing for an owner, an unknown address, or an operator without a second factor', async () => {
    await withDatabase(async (database) => {
      const hotel = await createBusiness(database.db, { employees: 0 });
      await createTwoFactor(database.db, { serverSecret: SESSION_SECRET, userId: hotel.owner.id });
      await createPlatformAdmin(database.db, { email: 'ohne@plattform.example' });
      return hotel;
    }).then(async (hotel) => {
      const owner = await run(['--email', hotel.owner.email]);
      expect(owner.code).toBe(RESET_TWO_FACTOR_EXIT.failed);
      expect(owner.err).toContain('ist kein Plattform-Administrator. Nichts geändert');
      const unknown = await run(['--email', 'niemand@example.de']);
      expect(unknown.err).toBe('Kein Konto mit der Adresse niemand@example.de. Nichts geändert.');
      const without = await run(['--email', 'ohne@plattform.example']);
      expect(without.err).toContain('keine Zwei-Faktor-Anmeldung eingeschaltet');
      expect((await run(['--mail', 'x'])).code).toBe(RESET_TWO_FACTOR_EXIT.usage);
      await withDatabase(async (database) => {
        expect(await database.db.select().from(userTwoFactor)).toHaveLength(1);
        expect(await database.db.select().from(adminAuditLog)).toEqual([]);
      });
    });
  });
});
