import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { formatCents } from '../../shared/domain/money';
import { BUSINESS_TIME_ZONE } from '../../shared/domain/constants';
import { ConfigError, loadConfig, storedSessionSecret, type Config } from '../config';
import {
  BackupError,
  restoreBackup,
  SKIP_SIGNATURE_CHECK,
  type VerifiedBackup,
  verifyBackup,
  writeBackup,
} from '../db/backup';
import { type Database, openDatabase } from '../db/connect';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock';

/** Exit codes of `npm run backup` and `npm run restore` (decision 0403). */
export const BACKUP_EXIT = { done: 0, failed: 1, usage: 2 } as const;

export const BACKUP_USAGE = 'Aufruf: npm run backup -- <Datei>';
export const RESTORE_USAGE = `Aufruf: npm run restore -- [${SKIP_SIGNATURE_CHECK}] <Datei>`;

export interface BackupRun {
  argv: readonly string[];
  /** The server's environment: DATABASE_URL or DATA_DIR. */
  env?: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

// Neither command makes a session secret. Without this, loadConfig would create
// DATA_DIR/session-secret, and a restore into a new directory would then hold a fresh secret
// instead of the one the operator puts back from their copy (the secret is not part of a
// backup, decision 0403). The secret that signs and checks backups is read below instead.
const UNUSED_SECRET = 'backup-commands-make-no-secret-0123456789';

function configOf(run: BackupRun): Config | string {
  const env = run.env ?? process.env;
  try {
    return loadConfig(
      { ...env, SESSION_SECRET: env.SESSION_SECRET?.trim() ? env.SESSION_SECRET : UNUSED_SECRET },
      { sendsMail: false },
    );
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

/**
 * The server's session secrets, current first (decision 0402): SESSION_SECRET, else the one the
 * server keeps in DATA_DIR/session-secret, then SESSION_SECRET_PREVIOUS. Empty when there is
 * none: then nothing can be signed or checked (decision 0435).
 */
function sessionSecretsOf(config: Config): string[] {
  const current =
    config.sessionSecret === UNUSED_SECRET
      ? storedSessionSecret(config.dataDir)
      : config.sessionSecret;
  return current ? [current, ...config.sessionSecretPrevious] : [];
}

/** The one file argument, after the switches in `switches`; a number is the exit code. */
function fileArgument(
  run: BackupRun,
  usage: string,
  switches: readonly string[] = [],
): { file: string; switches: Set<string> } | number {
  const given = new Set(run.argv.filter((arg) => switches.includes(arg)));
  const [file, ...rest] = run.argv.filter((arg) => !switches.includes(arg));
  if (file === '--help' || file === '-h') {
    run.out(usage);
    return BACKUP_EXIT.done;
  }
  if (!file || rest.length > 0 || file.startsWith('-')) {
    run.err(`Bitte genau eine Datei angeben.\n${usage}`);
    return BACKUP_EXIT.usage;
  }
  return { file: path.resolve(file), switches: given };
}

const euros = (cents: string) => formatCents(Number(cents));
const berlinTime = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * `npm run backup -- <file>`: a consistent backup of the configured database, read directly.
 * PostgreSQL (DATABASE_URL, production) is backed up while the servers run and guests pay; the
 * embedded database of the demo and development only while no server holds it (decision 0523).
 */
export async function runBackup(run: BackupRun): Promise<number> {
  const argument = fileArgument(run, BACKUP_USAGE);
  if (typeof argument === 'number') return argument;
  const { file } = argument;
  const config = configOf(run);
  if (typeof config === 'string') {
    run.err(config);
    return BACKUP_EXIT.failed;
  }
  if (existsSync(file)) {
    run.err(
      `${file} existiert bereits. Eine Sicherung überschreibt keine Datei: anderen Namen wählen.`,
    );
    return BACKUP_EXIT.failed;
  }
  const dataDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    run.err(`DATA_DIR: keine eingebettete Datenbank unter ${dataDir}. Nichts gesichert.`);
    return BACKUP_EXIT.failed;
  }

  let summary;
  try {
    let database: Database | undefined;
    try {
      database = await openDatabase(
        config.databaseUrl ? { url: config.databaseUrl, poolSize: 2 } : { dataDir },
      );
      const [secret] = sessionSecretsOf(config);
      if (!secret) {
        throw new BackupError(
          'kein Sitzungsschlüssel, mit dem sie signiert wird. Setzen Sie SESSION_SECRET wie für den ' +
            `Server; ohne SESSION_SECRET gilt ${path.join(config.dataDir, 'session-secret')}, den ` +
            'der Server beim ersten Start anlegt.',
        );
      }
      summary = await writeBackup(database, file, { secret });
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
      run.err(
        `Die eingebettete Datenbank wird von PID ${error.pid} benutzt. Beenden Sie den Server und ` +
          'versuchen Sie es erneut; im laufenden Betrieb sichert npm run backup nur PostgreSQL ' +
          '(DATABASE_URL), auf dem Trinkgeld in der Produktion läuft.',
      );
      return BACKUP_EXIT.failed;
    } finally {
      await database?.close();
    }
  } catch (error) {
    if (!(error instanceof BackupError)) {
      run.err(`Sicherung fehlgeschlagen: ${reason(error)}`);
      return BACKUP_EXIT.failed;
    }
    run.err(`Sicherung fehlgeschlagen: ${error.message}`);
    return BACKUP_EXIT.failed;
  }

  run.out(
    [
      `Sicherung geschrieben: ${file}`,
      `Schema ${summary.migration}, ${summary.tables} Tabellen, ${summary.rows} Zeilen, ` +
        `Trinkgelder insgesamt ${euros(summary.tipAmountCents)}.`,
      'Bewahren Sie die Datei verschlüsselt und außerhalb dieses Rechners auf.',
      ...(config.databaseUrl || (run.env ?? process.env).SESSION_SECRET
        ? []
        : [
            `Der Sitzungsschlüssel ${path.join(config.dataDir, 'session-secret')} ist nicht in der ` +
              'Sicherung: einmal getrennt aufbewahren und vor dem Start wieder dorthin legen.',
          ]),
    ].join('\n'),
  );
  return BACKUP_EXIT.done;
}

/**
 * `npm run restore -- <file>`: into an empty PostgreSQL database (DATABASE_URL) or an empty
 * DATA_DIR; a target holding anything is refused and left as it was.
 */
export async function runRestore(run: BackupRun): Promise<number> {
  const argument = fileArgument(run, RESTORE_USAGE, [SKIP_SIGNATURE_CHECK]);
  if (typeof argument === 'number') return argument;
  const { file } = argument;
  const skipSignatureCheck = argument.switches.has(SKIP_SIGNATURE_CHECK);
  const config = configOf(run);
  if (typeof config === 'string') {
    run.err(config);
    return BACKUP_EXIT.failed;
  }
  const fail = (message: string) => {
    run.err(`Wiederherstellung abgelehnt: ${message}`);
    return BACKUP_EXIT.failed;
  };
  if (!existsSync(file)) return fail(`${file} gibt es nicht.`);
  let backup: VerifiedBackup;
  try {
    // A cut, altered, unsigned or newer file is refused before the target is touched.
    backup = await verifyBackup(file, { secrets: sessionSecretsOf(config), skipSignatureCheck });
  } catch (error) {
    return fail(reason(error));
  }

  const dataDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    return fail(
      `DATA_DIR enthält bereits eine Datenbank (${dataDir}). Eine Wiederherstellung überschreibt ` +
        'nie vorhandene Daten: wählen Sie ein leeres DATA_DIR.',
    );
  }
  let database: Database | undefined;
  let summary;
  try {
    database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl, poolSize: 2 } : { dataDir },
    );
    summary = await restoreBackup(database, backup);
  } catch (error) {
    await database?.close().catch(() => {});
    database = undefined;
    // The directory was empty or new: leave nothing half-made behind.
    if (!config.databaseUrl && !(error instanceof EmbeddedDatabaseBusyError)) {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return fail(reason(error));
  } finally {
    await database?.close();
  }
  run.out(
    [
      `Wiederhergestellt: ${file} (Sicherung vom ${berlinTime(summary.createdAt)})`,
      `Schema ${summary.migration}, ${summary.tables} Tabellen, ${summary.rows} Zeilen, ` +
        `Trinkgelder insgesamt ${euros(summary.tipAmountCents)}: alles wie gesichert.`,
      ...(skipSignatureCheck
        ? [
            `Die Signatur wurde nicht geprüft (${SKIP_SIGNATURE_CHECK}). Zwei-Faktor-Geheimnisse und ` +
              'Antwortadressen öffnet nur der Sitzungsschlüssel, mit dem sie gesichert wurden.',
          ]
        : []),
      'Starten Sie jetzt den Server (npm start); er ergänzt neuere Migrationen.',
    ].join('\n'),
  );
  return BACKUP_EXIT.done;
}
