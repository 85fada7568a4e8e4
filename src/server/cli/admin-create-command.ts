import { ROLE_LABELS } from '../../shared/domain/roles';
import { ConfigError, loadConfig } from '../config';
import { openCommandDatabase } from './command-database';
import { createPlatformAdmin } from '../features/platform-admin/service';
import { type Clock, systemClock } from '../lib/clock';
import { ADMIN_CREATE_USAGE, parseAdminCreateArgs } from './admin-create-args';
import { BUSINESS_TIME_ZONE } from '../../shared/domain/constants';

/** Exit codes of `npm run admin:create` (decision 0310). */
export const ADMIN_CREATE_EXIT = {
  created: 0,
  /** Refused (the address belongs to someone else) or the database/configuration failed. */
  failed: 1,
  usage: 2,
  /** The address is already a platform admin's: nothing changed. */
  alreadyAdmin: 3,
} as const;

export interface AdminCreateRun {
  argv: readonly string[];
  /** The server's environment: DATABASE_URL or DATA_DIR, PUBLIC_ORIGIN, NODE_ENV, ... */
  env?: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  clock?: Clock;
}

const berlinTime = (at: Date) =>
  at.toLocaleString('de-DE', {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/**
 * `npm run admin:create -- --email <address> [--name "<full name>"]`: reads the server's
 * configuration, opens the same database (embedded PGlite under DATA_DIR, or DATABASE_URL),
 * applies the migrations under their advisory lock like a server start, and creates the
 * platform admin with one printed single-use set-password link. Returns the exit code.
 */
export async function runAdminCreate(run: AdminCreateRun): Promise<number> {
  const args = parseAdminCreateArgs(run.argv);
  if (args.ok === 'help') {
    run.out(ADMIN_CREATE_USAGE);
    return ADMIN_CREATE_EXIT.created;
  }
  if (!args.ok) {
    run.err(`${args.problem}\n${ADMIN_CREATE_USAGE}`);
    return ADMIN_CREATE_EXIT.usage;
  }

  let config;
  try {
    // It prints its link and sends no e-mail: no mail server needed (decision 0334).
    config = loadConfig(run.env ?? process.env, { sendsMail: false });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    run.err(error.message);
    return ADMIN_CREATE_EXIT.failed;
  }

  const database = await openCommandDatabase(config, run.err);
  if (!database) return ADMIN_CREATE_EXIT.failed;

  try {
    const result = await createPlatformAdmin(
      { database, clock: run.clock ?? systemClock, publicOrigin: config.publicOrigin },
      { email: args.email, fullName: args.fullName },
    );
    const loginPage = `${config.publicOrigin}/employee/login`;
    if ('outcome' in result) {
      run.out(
        [
          `Plattform-Administrator angelegt: ${args.email}${args.fullName ? ` (${args.fullName})` : ''}`,
          `Einmaliger Link zum Festlegen des Passworts, gültig bis ${berlinTime(result.expiresAt)} (24 Stunden):`,
          result.link,
          `Geben Sie den Link nur dieser Person. Danach meldet sie sich unter ${loginPage} an.`,
        ].join('\n'),
      );
      return ADMIN_CREATE_EXIT.created;
    }
    if (result.action === 'already_admin') {
      run.err(
        `${args.email} ist bereits Plattform-Administrator. Nichts geändert, kein neuer Link.\n` +
          `Ein neues Passwort gibt es über „Passwort vergessen?“ auf ${loginPage}.`,
      );
      return ADMIN_CREATE_EXIT.alreadyAdmin;
    }
    run.err(
      `${args.email} gehört zu einem bestehenden Konto mit der Rolle ${ROLE_LABELS[result.role]} (${result.role}). ` +
        'Abgelehnt, nichts geändert: Wählen Sie für den Plattform-Administrator eine eigene E-Mail-Adresse.',
    );
    return ADMIN_CREATE_EXIT.failed;
  } finally {
    await database.close();
  }
}
