import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { type Database, quoteIdent, type RawRunner } from './connect';
import { applyMigrations, loadMigrations, type Migration } from './migrate';
import { recordBackupRun } from './backup-runs';

/**
 * Logical backups of the application's schema (decision 0403): every table's rows read in one
 * REPEATABLE READ READ ONLY transaction, so the file is one consistent snapshot while payments
 * go on (on PGlite the transaction holds the single connection, so writers wait for it). The
 * same code serves PGlite and PostgreSQL; a file from one restores into the other.
 *
 * File: gzip of JSON lines, written 0600. Line 1 is the header (format, version, migrations,
 * tables with columns and row counts, sequences, tip total), then per table `{"table": name}`
 * followed by one JSON array of column texts per row, then
 * `{"end": true, "rows": n, "sha256": …, "signature": …}`: the SHA-256 of every byte before the
 * end line, and an HMAC of it under a key derived from the session secret (decision 0435).
 * Values travel as PostgreSQL's own text form (what COPY uses), so every type comes back exactly.
 *
 * Nothing in a file is trusted before the whole of it is checked, and not even then as SQL: a
 * restore names tables, columns, types and sequences only as the schema its migrations made
 * has them, and refuses a header that differs before it writes a row.
 */
export const BACKUP_FORMAT = 'trinkgeld-backup';
export const BACKUP_VERSION = 2;
/** Format 1 had no checksum and no signature: restored only when the operator says so. */
const UNCHECKED_VERSION = 1;
/** The command-line switch that restores a file no accepted secret signed (decision 0435). */
export const SKIP_SIGNATURE_CHECK = '--skip-signature-check';

export interface BackupColumn {
  name: string;
  /** format_type() of the column; a restore compares it with the target's and casts by that. */
  type: string;
}

export interface BackupTable {
  name: string;
  columns: BackupColumn[];
  rows: number;
}

const columnSchema = z.object({ name: z.string(), type: z.string() });
const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** schema_migrations of the snapshot: the schema version of the data. */
  migrations: z.array(z.object({ name: z.string(), checksum: z.string() })),
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(columnSchema),
      rows: z.number().int().nonnegative(),
    }),
  ),
  sequences: z.array(
    z.object({ name: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  /** Checked again after a restore. */
  totals: z.object({ tipAmountCents: z.string().regex(/^-?\d+$/) }),
});

export type BackupHeader = z.infer<typeof headerSchema>;

const endSchema = z.object({
  end: z.literal(true),
  rows: z.number().int().nonnegative(),
  /** Format 2 on: hex SHA-256 of everything before the end line, and its signature. */
  sha256: z.string().optional(),
  signature: z.string().optional(),
});

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  tipAmountCents: string;
  /** Every table's row count in the snapshot. */
  counts: Record<string, number>;
  migration: string;
}

/** A refusal or a broken file, with a German message for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * The signature of a file's checksum: HMAC-SHA256 under a key derived from the session secret
 * for this use alone (as `lib/seal.ts` derives its keys), so only a holder of the secret can
 * sign a file the restore takes.
 */
function signatureOf(secret: string, sha256: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'trinkgeld', 'backup-signature:v1', 32));
  return createHmac('sha256', key).update(sha256).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Rows fetched per round trip while dumping (images are large rows). */
const FETCH_ROWS = 200;
/** A restore inserts this many rows, or this much text, per statement. */
const INSERT_ROWS = 500;
const INSERT_CHARS = 8 * 1024 * 1024;

/** Settings that make the text form of every value unambiguous on both ends. */
const TEXT_SETTINGS = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  'SET LOCAL extra_float_digits = 3',
  "SET LOCAL bytea_output = 'hex'",
];

async function settings(run: RawRunner): Promise<void> {
  for (const statement of TEXT_SETTINGS) await run(statement, []);
}

/** Tables, columns and sequences of the current schema, as the catalog has them. */
interface SchemaShape {
  tables: { name: string; columns: BackupColumn[] }[];
  sequences: string[];
}

/**
 * The application's tables (schema_migrations travels in the header) with their insertable
 * columns, and its sequences: what a backup writes, and on restore the only source of names.
 */
async function readSchema(run: RawRunner): Promise<SchemaShape> {
  const tables = await run<{ name: string; oid: number | string }>(
    `SELECT c.relname AS name, c.oid::int8 AS oid
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> 'schema_migrations'
      ORDER BY c.relname`,
    [],
  );
  const shape: SchemaShape = { tables: [], sequences: [] };
  for (const table of tables) {
    // Generated columns are computed again by the target; they cannot be inserted.
    const columns = await run<BackupColumn>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
         FROM pg_attribute a
        WHERE a.attrelid = $1::int8::oid AND a.attnum > 0 AND NOT a.attisdropped
          AND a.attgenerated = ''
        ORDER BY a.attnum`,
      [Number(table.oid)],
    );
    shape.tables.push({ name: table.name, columns });
  }
  const sequences = await run<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY c.relname`,
    [],
  );
  shape.sequences = sequences.map((sequence) => sequence.name);
  return shape;
}

async function tipTotal(run: RawRunner): Promise<string> {
  const [row] = await run<{ total: string | number }>(
    'SELECT coalesce(sum(amount_cents), 0)::text AS total FROM tips',
    [],
  );
  return String(row!.total);
}

async function countRows(run: RawRunner, table: string): Promise<number> {
  const [row] = await run<{ n: string | number }>(
    `SELECT count(*)::int8::text AS n FROM ${quoteIdent(table)}`,
    [],
  );
  return Number(row!.n);
}

export interface WriteOptions {
  /** The server's session secret (SESSION_SECRET or DATA_DIR/session-secret): signs the file. */
  secret: string;
  now?: () => Date;
}

/**
 * Writes a consistent, signed backup of `database` to `file` (through `file.partial`, renamed at
 * the end, so a crash never leaves a file that looks complete), readable by the server's user
 * only. Refuses to overwrite.
 */
export async function writeBackup(
  database: Database,
  file: string,
  { secret, now = () => new Date() }: WriteOptions,
): Promise<BackupSummary> {
  if (existsSync(file)) {
    throw new BackupError(
      `${file} existiert bereits. Eine Sicherung überschreibt keine Datei: anderen Namen wählen.`,
    );
  }
  const partial = `${file}.partial`;
  const gzip = createGzip();
  // 0600 at creation (the umask only takes bits away): password hashes and sealed secrets.
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const finished = once(out, 'close');
  gzip.pipe(out);
  const checksum = createHash('sha256');
  const write = async (line: string, checked = true) => {
    const text = `${line}\n`;
    if (checked) checksum.update(text);
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    const summary = await database.rawTransaction(async (run) => {
      // First statement of the transaction: the snapshot every later read sees.
      await run('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY', []);
      await settings(run);
      const migrations = await run<{ name: string; checksum: string }>(
        'SELECT name, checksum FROM schema_migrations ORDER BY name',
        [],
      );
      const schema = await readSchema(run);
      const tables: BackupTable[] = [];
      for (const table of schema.tables) {
        tables.push({ ...table, rows: await countRows(run, table.name) });
      }
      const sequences = [];
      for (const name of schema.sequences) {
        // Sequences are not transactional: the value read may be ahead of the snapshot's rows,
        // never behind, so restored ids never collide.
        const [value] = await run<{ last_value: string; is_called: boolean }>(
          `SELECT last_value::text AS last_value, is_called FROM ${quoteIdent(name)}`,
          [],
        );
        sequences.push({ name, lastValue: value!.last_value, isCalled: value!.is_called });
      }
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now().toISOString(),
        engine: database.engine,
        migrations,
        tables,
        sequences,
        totals: { tipAmountCents: await tipTotal(run) },
      };
      await write(JSON.stringify(header));

      let total = 0;
      for (const table of tables) {
        await write(JSON.stringify({ table: table.name }));
        const texts = table.columns.map((column) => `${quoteIdent(column.name)}::text`);
        await run(
          `DECLARE backup_rows NO SCROLL CURSOR FOR
             SELECT to_json(ARRAY[${texts.join(', ')}]::text[])::text AS line
               FROM ${quoteIdent(table.name)}`,
          [],
        );
        let written = 0;
        for (;;) {
          const rows = await run<{ line: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`, []);
          for (const row of rows) await write(row.line);
          written += rows.length;
          if (rows.length < FETCH_ROWS) break;
        }
        await run('CLOSE backup_rows', []);
        if (written !== table.rows) {
          throw new BackupError(
            `Tabelle ${table.name}: ${written} Zeilen gelesen, ${table.rows} gezählt.`,
          );
        }
        total += written;
      }
      const sha256 = checksum.digest('hex');
      await write(
        JSON.stringify({ end: true, rows: total, sha256, signature: signatureOf(secret, sha256) }),
        false,
      );
      return {
        file,
        tables: tables.length,
        rows: total,
        tipAmountCents: header.totals.tipAmountCents,
        counts: Object.fromEntries(tables.map((table) => [table.name, table.rows])),
        migration: migrations.at(-1)?.name ?? '',
      };
    });
    gzip.end();
    await finished;
    renameSync(partial, file);
    try {
      await recordBackupRun(database.db, {
        finishedAt: now(),
        bytes: statSync(file).size,
        fileName: path.basename(file),
        migration: summary.migration,
        rows: summary.rows,
      });
    } catch {
      // The file is complete and checked either way; a database whose schema predates the
      // record (a newer command against an older server) only misses the status line.
    }
    return summary;
  } catch (error) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

type BackupEnd = z.infer<typeof endSchema>;

type BackupLine =
  { kind: 'row'; text: string } | { kind: 'table'; name: string } | { kind: 'end'; end: BackupEnd };

const NEWLINE = 0x0a;
/** Longer than any row this application writes (an image of the largest size, as hex). */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

function unreadable(file: string, error: unknown): BackupError {
  if (error instanceof BackupError) return error;
  const { code = '', message } = error as NodeJS.ErrnoException;
  return new BackupError(
    code.startsWith('Z_')
      ? `Die Datei ${file} ist keine lesbare Sicherung: sie ist abgeschnitten oder beschädigt (${message}). Nichts wiederhergestellt.`
      : `Die Datei ${file} lässt sich nicht lesen (${message}).`,
  );
}

/**
 * The file's lines as bytes, decompressed and split at "\n" only (no UTF-8 sequence holds that
 * byte), so they hash exactly as written. A cut or damaged file ends in a BackupError, never in
 * an unhandled stream error.
 */
async function* readBackupLines(file: string): AsyncGenerator<Buffer> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        pending.push(chunk.subarray(start, end));
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        start = end + 1;
      }
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) {
        throw new BackupError(`Die Datei ${file} hat eine Zeile über 64 MiB: keine Sicherung.`);
      }
    }
  } catch (error) {
    throw unreadable(file, error);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function parseLine(line: string): BackupLine {
  if (line.startsWith('[')) return { kind: 'row', text: line };
  const value = parseJson(line) as { table?: unknown } | undefined;
  if (typeof value?.table === 'string') return { kind: 'table', name: value.table };
  const end = endSchema.safeParse(value);
  if (end.success) return { kind: 'end', end: end.data };
  throw new BackupError('Die Sicherung enthält eine unbekannte Zeile.');
}

function checkHeader(line: string): BackupHeader {
  const value = parseJson(line) as { format?: unknown; version?: unknown } | undefined;
  if (value?.format !== BACKUP_FORMAT || typeof value.version !== 'number') {
    throw new BackupError('Die Datei ist keine Trinkgeld-Sicherung.');
  }
  if (value.version > BACKUP_VERSION) {
    throw new BackupError(
      `Die Sicherung hat das Format ${value.version}; diese Version liest nur bis ${BACKUP_VERSION}. ` +
        'Stellen Sie sie mit der Trinkgeld-Version wieder her, die sie geschrieben hat.',
    );
  }
  const header = headerSchema.safeParse(value);
  if (!header.success || header.data.version < UNCHECKED_VERSION) {
    throw new BackupError('Der Kopf der Sicherung ist unvollständig oder beschädigt.');
  }
  return header.data;
}

export interface VerifyOptions {
  /** The server's session secrets, current first (decision 0402): one must have signed the file. */
  secrets: readonly string[];
  /**
   * The operator takes a file none of them signed, or one of format 1 without a checksum
   * (`--skip-signature-check`); the checksum of a newer file is checked all the same.
   */
  skipSignatureCheck?: boolean;
}

/** A file read whole and found complete, unchanged and (unless skipped) signed by this server. */
export interface VerifiedBackup {
  file: string;
  header: BackupHeader;
  /** The checksum the restore's own read must come to again (format 1 has none). */
  sha256: string | undefined;
}

const INCOMPLETE = 'Die Sicherung ist unvollständig (ihr Ende fehlt); nichts geändert.';

/**
 * Reads the whole file once before anything is written anywhere: a cut, damaged or altered file,
 * one signed by none of `secrets`, and one of an unknown format are refused in German.
 */
export async function verifyBackup(file: string, options: VerifyOptions): Promise<VerifiedBackup> {
  const checksum = createHash('sha256');
  let header: BackupHeader | undefined;
  let last: Buffer | undefined;
  for await (const line of readBackupLines(file)) {
    // The end line carries the checksum of everything before it.
    if (last === undefined) header = checkHeader(line.toString('utf8'));
    else checksum.update(last).update('\n');
    last = line;
  }
  if (!header || !last) throw new BackupError(`Die Datei ${file} ist leer.`);
  const end = endSchema.safeParse(parseJson(last.toString('utf8')));
  if (!end.success) throw new BackupError(INCOMPLETE);

  if (header.version === UNCHECKED_VERSION) {
    if (!options.skipSignatureCheck) {
      throw new BackupError(
        'Die Sicherung hat das ältere Format 1 ohne Prüfsumme und Signatur: ob sie vollständig und ' +
          'unverändert ist, lässt sich nicht prüfen. Schreiben Sie mit dieser Version eine neue ' +
          `Sicherung; eine Datei im Format 1, deren Herkunft Sie kennen, nimmt ${SKIP_SIGNATURE_CHECK}.`,
      );
    }
    return { file, header, sha256: undefined };
  }
  const sha256 = checksum.digest('hex');
  if (!sameHex(end.data.sha256 ?? '', sha256)) {
    throw new BackupError(
      'Die Prüfsumme der Sicherung stimmt nicht: die Datei wurde nach dem Schreiben verändert ' +
        'oder ist beschädigt. Nichts wiederhergestellt.',
    );
  }
  const signature = end.data.signature ?? '';
  const signed = options.secrets.some((secret) => sameHex(signatureOf(secret, sha256), signature));
  if (!signed && !options.skipSignatureCheck) {
    throw new BackupError(
      options.secrets.length === 0
        ? 'Kein Sitzungsschlüssel, um die Signatur der Sicherung zu prüfen: setzen Sie SESSION_SECRET ' +
            'wie beim Server, der sie schrieb, oder legen Sie dessen aufbewahrten Schlüssel vorher nach ' +
            `DATA_DIR/session-secret. Nur wenn Sie wissen, woher die Datei stammt: ${SKIP_SIGNATURE_CHECK}.`
        : 'Die Sicherung ist mit keinem Sitzungsschlüssel dieses Servers signiert: sie wurde mit einem ' +
            'anderen SESSION_SECRET geschrieben oder nach dem Schreiben verändert. Geben Sie den ' +
            'Schlüssel des Servers an, der sie schrieb (SESSION_SECRET oder SESSION_SECRET_PREVIOUS); ' +
            `nur wenn Sie wissen, woher die Datei stammt: ${SKIP_SIGNATURE_CHECK}.`,
    );
  }
  return { file, header, sha256 };
}

/**
 * The migrations to apply before loading: exactly those of the backup, so its rows fit the
 * schema; a later start applies the rest. A backup from a newer schema is refused.
 */
export function migrationsFor(header: BackupHeader, known = loadMigrations()): Migration[] {
  const byName = new Map(known.map((migration) => [migration.name, migration]));
  const needed: Migration[] = [];
  for (const { name, checksum } of header.migrations) {
    const migration = byName.get(name);
    if (!migration) {
      throw new BackupError(
        `Die Sicherung stammt von einem neueren Datenbankschema (Migration ${name} ist dieser ` +
          'Version unbekannt). Installieren Sie zuerst die Trinkgeld-Version, die sie geschrieben hat.',
      );
    }
    if (migration.checksum !== checksum) {
      throw new BackupError(
        `Migration ${name} der Sicherung unterscheidet sich von dieser Version; Wiederherstellung abgelehnt.`,
      );
    }
    needed.push(migration);
  }
  return needed;
}

/** Refuses a target that already holds any table: a restore never overwrites data. */
export async function assertEmptyTarget(database: Database): Promise<void> {
  const rows = await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      ORDER BY c.relname LIMIT 5`,
  );
  if (rows.length > 0) {
    throw new BackupError(
      `Das Ziel ist nicht leer (Tabellen: ${rows.map((row) => row.name).join(', ')}). ` +
        'Eine Wiederherstellung überschreibt nie vorhandene Daten: nehmen Sie eine leere Datenbank ' +
        'oder ein leeres Datenverzeichnis.',
    );
  }
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  tipAmountCents: string;
  migration: string;
  createdAt: string;
}

/**
 * Foreign keys checked at the end of the load instead of at each row, so the order of the tables
 * in the file does not matter. Changing a constraint needs only ownership of the table (the
 * restoring role made them a moment ago), unlike `session_replication_role`, which needs a
 * superuser and which a hosted database's application role does not get. Returns the keys to
 * put back as they were.
 */
async function deferForeignKeys(run: RawRunner): Promise<{ table: string; name: string }[]> {
  const keys = await run<{ table: string; name: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND NOT c.condeferrable AND n.nspname = current_schema()
      ORDER BY 1, 2`,
    [],
  );
  for (const key of keys) {
    await run(
      `ALTER TABLE ${key.table} ALTER CONSTRAINT ${quoteIdent(key.name)} DEFERRABLE INITIALLY DEFERRED`,
      [],
    );
  }
  await run('SET CONSTRAINTS ALL DEFERRED', []);
  return keys;
}

/** Checks every deferred key now (a broken reference fails the restore) and puts them back. */
async function checkForeignKeys(
  run: RawRunner,
  keys: readonly { table: string; name: string }[],
): Promise<void> {
  await run('SET CONSTRAINTS ALL IMMEDIATE', []);
  for (const key of keys) {
    await run(
      `ALTER TABLE ${key.table} ALTER CONSTRAINT ${quoteIdent(key.name)} NOT DEFERRABLE`,
      [],
    );
  }
}

async function isSuperuser(run: RawRunner): Promise<boolean> {
  const [row] = await run<{ superuser: boolean }>(
    'SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user',
    [],
  );
  return row?.superuser === true;
}

/** User triggers on or off for every table (derived rows come from the backup, not from them). */
async function switchTriggers(run: RawRunner, tables: readonly string[], on: boolean) {
  for (const table of tables) {
    await run(`ALTER TABLE ${quoteIdent(table)} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER USER`, []);
  }
}

/**
 * What differs between the header and the schema the backup's migrations just made: tables,
 * their columns in order with their types, sequences and the migrations themselves. A file whose
 * header differs in anything is refused before a row is written.
 */
function schemaDifferences(
  header: BackupHeader,
  schema: SchemaShape,
  applied: readonly { name: string; checksum: string }[],
): string[] {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((value, index) => value === b[index]);
  const differences: string[] = [];
  const migration = (entry: { name: string; checksum: string }) =>
    `${entry.name} ${entry.checksum}`;
  if (!same(header.migrations.map(migration), applied.map(migration))) {
    differences.push('Migrationen');
  }
  const fileNames = header.tables.map((table) => table.name);
  const targetNames = schema.tables.map((table) => table.name);
  if (!same([...fileNames].sort(), [...targetNames].sort())) {
    const unmatched = [
      ...fileNames.filter((name) => !targetNames.includes(name)),
      ...targetNames.filter((name) => !fileNames.includes(name)),
    ];
    differences.push(`Tabellen ${unmatched.join(', ')}`.trim());
  }
  const targetTables = new Map(schema.tables.map((table) => [table.name, table]));
  for (const table of header.tables) {
    const target = targetTables.get(table.name);
    if (!target) continue;
    const names = (columns: readonly BackupColumn[]) => columns.map((column) => column.name);
    if (!same(names(table.columns), names(target.columns))) {
      differences.push(`Spalten der Tabelle ${table.name}`);
      continue;
    }
    table.columns.forEach((column, index) => {
      if (column.type !== target.columns[index]!.type) {
        differences.push(`Typ der Spalte ${table.name}.${column.name}`);
      }
    });
  }
  if (
    !same(
      header.sequences.map((sequence) => sequence.name),
      schema.sequences,
    )
  ) {
    differences.push('Sequenzen');
  }
  return differences;
}

/**
 * Restores a verified backup into the empty `database`: the backup's migrations, then every row
 * with the tables' own triggers off and foreign keys not checked row by row (a superuser:
 * `session_replication_role = replica`; any other role: keys deferred and checked once at the
 * end), so derived tables keep their saved rows and the order of tables does not matter; then the
 * sequences. All of it in one transaction, checked against the header's counts and tip total
 * before the commit. Tables, columns, types and sequences are named as the migrated schema has
 * them (decision 0435); the file supplies values only, as JSON data.
 */
export async function restoreBackup(
  database: Database,
  backup: VerifiedBackup,
): Promise<RestoreSummary> {
  const { header } = backup;
  const migrations = migrationsFor(header);
  await assertEmptyTarget(database);

  return database.rawTransaction(async (run) => {
    // In the same transaction as the rows: a failed restore leaves the target empty.
    await applyMigrations(run, migrations);
    await settings(run);
    const schema = await readSchema(run);
    const applied = await run<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations ORDER BY name',
      [],
    );
    const differences = schemaDifferences(header, schema, applied);
    if (differences.length > 0) {
      throw new BackupError(
        `Die Sicherung passt nicht zum Datenbankschema ihrer Migrationen (${differences.slice(0, 5).join('; ')}` +
          `${differences.length > 5 ? `; ${differences.length - 5} weitere` : ''}); nichts wiederhergestellt.`,
      );
    }
    // A superuser (the embedded database always is) switches triggers and keys off in one
    // setting, as pg_restore does; any other role changes the tables it owns, one by one.
    const tableNames = schema.tables.map((table) => table.name);
    const superuser = await isSuperuser(run);
    if (superuser) await run('SET LOCAL session_replication_role = replica', []);
    else await switchTriggers(run, tableNames, false);
    const deferredKeys = superuser ? [] : await deferForeignKeys(run);
    // Migrations may leave rows of their own; the backup's rows replace them.
    if (tableNames.length > 0) {
      await run(`TRUNCATE ${tableNames.map((name) => quoteIdent(name)).join(', ')}`, []);
    }

    const tables = new Map(schema.tables.map((table) => [table.name, table]));
    let current: (typeof schema.tables)[number] | undefined;
    let batch: string[] = [];
    let batchChars = 0;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const columns = current.columns.map((column) => quoteIdent(column.name)).join(', ');
      const values = current.columns
        .map((column, index) => `(r ->> ${index})::${column.type}`)
        .join(', ');
      await run(
        `INSERT INTO ${quoteIdent(current.name)} (${columns}) OVERRIDING SYSTEM VALUE
           SELECT ${values} FROM json_array_elements($1::json) AS e(r)`,
        [`[${batch.join(',')}]`],
      );
      batch = [];
      batchChars = 0;
    };

    // Read a second time (the rows were not kept in memory), so checked a second time: a file
    // changed since it was verified does not commit.
    const checksum = createHash('sha256');
    let first = true;
    let ended = false;
    for await (const bytes of readBackupLines(backup.file)) {
      if (ended) throw new BackupError('Die Sicherung hat Zeilen nach ihrem Ende.');
      const line = first ? undefined : parseLine(bytes.toString('utf8'));
      if (line?.kind === 'end') {
        await flush();
        ended = true;
        continue;
      }
      checksum.update(bytes).update('\n');
      if (first) {
        first = false;
      } else if (line?.kind === 'row') {
        if (!current) throw new BackupError('Die Sicherung hat Zeilen ohne Tabelle.');
        batch.push(line.text);
        batchChars += line.text.length;
        if (batch.length >= INSERT_ROWS || batchChars >= INSERT_CHARS) await flush();
      } else if (line?.kind === 'table') {
        await flush();
        current = tables.get(line.name);
        if (!current) throw new BackupError(`Die Tabelle ${line.name} gibt es im Schema nicht.`);
      }
    }
    if (!ended) throw new BackupError(INCOMPLETE);
    if (backup.sha256 !== undefined && checksum.digest('hex') !== backup.sha256) {
      throw new BackupError(
        `Die Datei ${backup.file} hat sich während der Wiederherstellung verändert; nichts geändert.`,
      );
    }
    if (!superuser) {
      await checkForeignKeys(run, deferredKeys);
      await switchTriggers(run, tableNames, true);
    }

    const saved = new Map(header.sequences.map((sequence) => [sequence.name, sequence]));
    for (const name of schema.sequences) {
      const sequence = saved.get(name)!;
      await run('SELECT setval($1::regclass, $2::int8, $3::boolean)', [
        quoteIdent(name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }

    // Checked against the database itself, not the lines read: what is committed is complete.
    const expected = new Map(header.tables.map((table) => [table.name, table.rows]));
    let rows = 0;
    for (const name of tableNames) {
      const count = await countRows(run, name);
      if (count !== expected.get(name)) {
        throw new BackupError(
          `Tabelle ${name}: ${count} Zeilen wiederhergestellt, ${expected.get(name)} gesichert; nichts geändert.`,
        );
      }
      rows += count;
    }
    const total = await tipTotal(run);
    if (total !== header.totals.tipAmountCents) {
      throw new BackupError(
        `Summe der Trinkgelder ${total} statt ${header.totals.tipAmountCents} Cent; nichts geändert.`,
      );
    }
    return {
      tables: tableNames.length,
      rows,
      tipAmountCents: total,
      migration: header.migrations.at(-1)?.name ?? '',
      createdAt: header.createdAt,
    };
  });
}
