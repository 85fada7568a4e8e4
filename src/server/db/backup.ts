import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { type Database, quoteIdent, type RawRunner } from './connect';
import { applyMigrations, loadMigrations, type Migration } from './migrate';

/**
 * Logical backups of the application's schema (decision 0403): every table's rows read in one
 * REPEATABLE READ READ ONLY transaction, so the file is one consistent snapshot while payments
 * go on (on PGlite the transaction holds the single connection, so writers wait for it). The
 * same code serves PGlite and PostgreSQL; a file from one restores into the other.
 *
 * File: gzip of JSON lines. Line 1 is the header (format, version, migrations, tables with
 * columns and row counts, sequences, tip total), then per table `{"table": name}` followed by
 * one JSON array of column texts per row, then `{"end": true, "rows": n}`. Values travel as
 * PostgreSQL's own text form (what COPY uses), so every type comes back exactly.
 */
export const BACKUP_FORMAT = 'trinkgeld-backup';
export const BACKUP_VERSION = 1;

export interface BackupColumn {
  name: string;
  /** format_type() of the column, used to cast the text back on restore. */
  type: string;
}

export interface BackupTable {
  name: string;
  columns: BackupColumn[];
  rows: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: Database['engine'];
  /** schema_migrations of the snapshot: the schema version of the data. */
  migrations: { name: string; checksum: string }[];
  tables: BackupTable[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** Checked again after a restore. */
  totals: { tipAmountCents: string };
}

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

/** The application's tables in the current schema (schema_migrations travels in the header). */
async function listTables(run: RawRunner): Promise<{ name: string; oid: number }[]> {
  const rows = await run<{ name: string; oid: number | string }>(
    `SELECT c.relname AS name, c.oid::int8 AS oid
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> 'schema_migrations'
      ORDER BY c.relname`,
    [],
  );
  return rows.map((row) => ({ name: row.name, oid: Number(row.oid) }));
}

async function listColumns(run: RawRunner, oid: number): Promise<BackupColumn[]> {
  // Generated columns are computed again by the target; they cannot be inserted.
  return run<BackupColumn>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a
      WHERE a.attrelid = $1::int8::oid AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [oid],
  );
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

/**
 * Writes a consistent backup of `database` to `file` (through `file.partial`, renamed at the
 * end, so a crash never leaves a file that looks complete). Refuses to overwrite.
 */
export async function writeBackup(
  database: Database,
  file: string,
  now: () => Date = () => new Date(),
): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial, { flags: 'wx' });
  const finished = once(out, 'close');
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
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
      const tables: BackupTable[] = [];
      for (const table of await listTables(run)) {
        tables.push({
          name: table.name,
          columns: await listColumns(run, table.oid),
          rows: await countRows(run, table.name),
        });
      }
      const sequences = [];
      for (const { name } of await run<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY c.relname`,
        [],
      )) {
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
      await write(JSON.stringify({ end: true, rows: total }));
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
    return summary;
  } catch (error) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

type BackupLine =
  { kind: 'row'; text: string } | { kind: 'table'; name: string } | { kind: 'end'; rows: number };

async function* readBackupLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line.length > 0) yield line;
    }
  } catch (error) {
    throw new BackupError(
      `Die Datei ${file} ist keine lesbare Sicherung (${(error as Error).message}).`,
    );
  }
}

function parseLine(line: string): BackupLine {
  if (line.startsWith('[')) return { kind: 'row', text: line };
  const value = JSON.parse(line) as { table?: string; end?: boolean; rows?: number };
  if (typeof value.table === 'string') return { kind: 'table', name: value.table };
  if (value.end === true) return { kind: 'end', rows: Number(value.rows) };
  throw new BackupError('Die Sicherung enthält eine unbekannte Zeile.');
}

/** Reads and checks the header only. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of readBackupLines(file)) {
    return checkHeader(line);
  }
  throw new BackupError(`Die Datei ${file} ist leer.`);
}

function checkHeader(line: string): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(line) as BackupHeader;
  } catch {
    throw new BackupError('Die Datei ist keine Trinkgeld-Sicherung.');
  }
  if (header?.format !== BACKUP_FORMAT) {
    throw new BackupError('Die Datei ist keine Trinkgeld-Sicherung.');
  }
  if (typeof header.version !== 'number' || header.version > BACKUP_VERSION) {
    throw new BackupError(
      `Die Sicherung hat das Format ${header.version}; diese Version liest nur bis ${BACKUP_VERSION}. ` +
        'Stellen Sie sie mit der Trinkgeld-Version wieder her, die sie geschrieben hat.',
    );
  }
  return header;
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
 * Restores `file` into the empty `database`: the backup's migrations, then every row with the
 * tables' own triggers off and foreign keys not checked row by row (a superuser:
 * `session_replication_role = replica`; any other role: keys deferred and checked once at the
 * end), so derived tables keep their saved rows and the order of tables does not matter; then the
 * sequences. All of it in one transaction, checked against the header's counts and tip total
 * before the commit.
 */
export async function restoreBackup(database: Database, file: string): Promise<RestoreSummary> {
  const header = await readBackupHeader(file);
  const migrations = migrationsFor(header);
  await assertEmptyTarget(database);

  return database.rawTransaction(async (run) => {
    // In the same transaction as the rows: a failed restore leaves the target empty.
    await applyMigrations(run, migrations);
    await settings(run);
    const present = new Set((await listTables(run)).map((table) => table.name));
    const expected = new Set(header.tables.map((table) => table.name));
    const differs = [...present, ...expected].filter(
      (name) => !present.has(name) || !expected.has(name),
    );
    if (differs.length > 0) {
      throw new BackupError(
        `Die Tabellen nach den Migrationen passen nicht zur Sicherung (${[...new Set(differs)].join(', ')}).`,
      );
    }
    // A superuser (the embedded database always is) switches triggers and keys off in one
    // setting, as pg_restore does; any other role changes the tables it owns, one by one.
    const tableNames = header.tables.map((table) => table.name);
    const superuser = await isSuperuser(run);
    if (superuser) await run('SET LOCAL session_replication_role = replica', []);
    else await switchTriggers(run, tableNames, false);
    const deferredKeys = superuser ? [] : await deferForeignKeys(run);
    // Migrations may leave rows of their own; the backup's rows replace them.
    if (header.tables.length > 0) {
      await run(`TRUNCATE ${header.tables.map((table) => quoteIdent(table.name)).join(', ')}`, []);
    }

    const tables = new Map(header.tables.map((table) => [table.name, table]));
    const loaded = new Map<string, number>();
    let current: BackupTable | undefined;
    let batch: string[] = [];
    let batchChars = 0;
    let ended: number | undefined;
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
      loaded.set(current.name, (loaded.get(current.name) ?? 0) + batch.length);
      batch = [];
      batchChars = 0;
    };

    let first = true;
    for await (const text of readBackupLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (ended !== undefined) throw new BackupError('Die Sicherung hat Zeilen nach ihrem Ende.');
      const line = parseLine(text);
      if (line.kind === 'row') {
        if (!current) throw new BackupError('Die Sicherung hat Zeilen ohne Tabelle.');
        batch.push(line.text);
        batchChars += line.text.length;
        if (batch.length >= INSERT_ROWS || batchChars >= INSERT_CHARS) await flush();
      } else if (line.kind === 'table') {
        await flush();
        current = tables.get(line.name);
        if (!current) throw new BackupError(`Die Sicherung nennt die Tabelle ${line.name} nicht.`);
      } else {
        await flush();
        ended = line.rows;
      }
    }
    if (ended === undefined) {
      throw new BackupError('Die Sicherung ist unvollständig (ihr Ende fehlt); nichts geändert.');
    }
    if (!superuser) {
      await checkForeignKeys(run, deferredKeys);
      await switchTriggers(run, tableNames, true);
    }

    for (const sequence of header.sequences) {
      await run('SELECT setval($1::regclass, $2::int8, $3::boolean)', [
        quoteIdent(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }

    // Checked against the database itself, not the lines read: what is committed is complete.
    let rows = 0;
    for (const table of header.tables) {
      const count = await countRows(run, table.name);
      if (count !== table.rows) {
        throw new BackupError(
          `Tabelle ${table.name}: ${count} Zeilen wiederhergestellt, ${table.rows} gesichert; nichts geändert.`,
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
      tables: header.tables.length,
      rows,
      tipAmountCents: total,
      migration: header.migrations.at(-1)?.name ?? '',
      createdAt: header.createdAt,
    };
  });
}
