import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createMailer } from '../features/mail/mailer';
import { resetOperatorTwoFactor } from '../features/two-factor/operator-reset';
import { type Clock, systemClock } from '../lib/clock';
import { commandEmailSchema } from './admin-create-args';
import { openCommandDatabase } from './command-database';

/** Exit codes of `npm run admin:reset-two-factor`. */
export const RESET_TWO_FACTOR_EXIT = { reset: 0, failed: 1, usage: 2 } as const;

export const RESET_TWO_FACTOR_USAGE =
  'Aufruf: npm run admin:reset-two-factor -- --email <E-Mail-Adresse des Plattform-Administrators>';

export interface ResetTwoFactorRun {
  argv: readonly string[];
  /** The server's environment: DATABASE_URL or DATA_DIR, SMTP_URL, PUBLIC_ORIGIN, NODE_ENV, ... */
  env?: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  clock?: Clock;
  /** Where a mail is printed when no SMTP server is configured (the demo's console outbox). */
  printMail?: (text: string) => void;
}

function emailOf(argv: readonly string[]): { email: string } | { problem: string } | 'help' {
  let values: { email?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { problem: `Unbekannte oder unvollständige Angabe (${detail}).` };
  }
  if (values.help) return 'help';
  const parsed = commandEmailSchema.safeParse(values.email);
  return parsed.success
    ? { email: parsed.data }
    : { problem: parsed.error.issues[0]?.message ?? RESET_TWO_FACTOR_USAGE };
}

/**
 * `npm run admin:reset-two-factor -- --email <address>`: a platform admin who lost phone and
 * recovery codes signs in with the password alone again and is asked to set up two-factor
 * sign-in anew. Audited, every session of the admin ends, and the admin is told by e-mail (so a
 * reset nobody asked for is noticed). Returns the exit code.
 */
export async function runResetTwoFactor(run: ResetTwoFactorRun): Promise<number> {
  const args = emailOf(run.argv);
  if (args === 'help') {
    run.out(RESET_TWO_FACTOR_USAGE);
    return RESET_TWO_FACTOR_EXIT.reset;
  }
  if ('problem' in args) {
    run.err(`${args.problem}\n${RESET_TWO_FACTOR_USAGE}`);
    return RESET_TWO_FACTOR_EXIT.usage;
  }

  let config;
  try {
    config = loadConfig(run.env ?? process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    run.err(error.message);
    return RESET_TWO_FACTOR_EXIT.failed;
  }
  const database = await openCommandDatabase(config, run.err);
  if (!database) return RESET_TWO_FACTOR_EXIT.failed;
  const clock = run.clock ?? systemClock;
  const mailer = createMailer({
    database,
    clock,
    smtpUrl: config.smtpUrl,
    transport: config.mailTransport,
    from: config.mailFrom,
    ...(run.printMail ? { print: run.printMail } : {}),
  });
  try {
    const result = await resetOperatorTwoFactor(
      { database, clock, mailer, publicOrigin: config.publicOrigin },
      args.email,
    );
    switch (result.outcome) {
      case 'unknown':
        run.err(`Kein Konto mit der Adresse ${args.email}. Nichts geändert.`);
        return RESET_TWO_FACTOR_EXIT.failed;
      case 'not_operator':
        run.err(
          `${args.email} ist kein Plattform-Administrator. Nichts geändert: Die Zwei-Faktor-Anmeldung ` +
            'von Inhabern und Mitarbeitern setzt der Inhaber oder der Plattform-Administrator unter ' +
            '„Mitarbeiter“ zurück.',
        );
        return RESET_TWO_FACTOR_EXIT.failed;
      case 'not_enabled':
        run.err(
          `Für ${args.email} ist keine Zwei-Faktor-Anmeldung eingeschaltet. Nichts geändert.`,
        );
        return RESET_TWO_FACTOR_EXIT.failed;
      case 'reset':
        break;
    }
    let told = `Eine Nachricht an ${args.email} wurde verschickt.`;
    try {
      await mailer.deliver(result.mailId);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      told = `Die Nachricht an ${args.email} konnte nicht verschickt werden (${reason}); sie liegt im E-Mail-Ausgang.`;
    }
    run.out(
      [
        `Zwei-Faktor-Anmeldung von ${args.email} zurückgesetzt; alle Sitzungen sind beendet.`,
        told,
        `Die Person meldet sich unter ${config.publicOrigin}/employee/login mit ihrem Passwort an ` +
          'und richtet die Zwei-Faktor-Anmeldung dann neu ein. Das Protokoll vermerkt den Befehl.',
      ].join('\n'),
    );
    return RESET_TWO_FACTOR_EXIT.reset;
  } finally {
    mailer.close();
    await database.close();
  }
}
