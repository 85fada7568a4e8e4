import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { signIn } from '../../../test/support/auth';
import { backupLines, editHeader, rewriteBackup } from '../../../test/support/backup-files';
import { testEngine } from '../../../test/support/database';
import { createBusiness, createTip, type FactoryBusiness } from '../../../test/support/factories';
import { guestHeaders, newGuestSessionId } from '../../../test/support/guest';
import { payoutContext, runManualPayoutBatch } from '../features/payouts/batches';
import {
  BackupError,
  type BackupSummary,
  restoreBackup,
  type VerifyOptions,
  verifyBackup,
  writeBackup,
} from './backup';
import { type Database, openDatabase, quoteIdent } from './connect';
import { migrate } from './migrate';

/**
 * Backups that restore (decision 0403): a database with tips, a payout, images and
 * audit rows is backed up while guests keep paying, restored into an empty target, and every
 * table's row count and the sum of all tips equal the snapshot the backup took.
 */

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
const folder = mkdtempSync(path.join(tmpdir(), 'trinkgeld-backup-'));
const cleanups: (() => Promise<void>)[] = [];
let emptyPglite: Blob | undefined;

/** The server's session secret: it signs every backup (decision 0435). */
const SECRET = 'backup-test-secret-that-is-long-enough-0123456789';
const backup = (database: Database, file: string) =>
  writeBackup(database, file, { secret: SECRET });
/** What `npm run restore` does: the whole file checked first, then loaded. */
const restore = async (target: Database, file: string, options: Partial<VerifyOptions> = {}) =>
  restoreBackup(target, await verifyBackup(file, { secrets: [SECRET], ...options }));

/** An empty target like an operator's: a new data directory, or a new PostgreSQL schema. */
async function emptyTarget(): Promise<Database> {
  if (testEngine() === 'pglite') {
    // The first is a data directory on disk; later ones start from its empty state in memory,
    // which spares a second initdb (seconds on this machine).
    const database = emptyPglite
      ? await openDatabase({ loadDataDir: emptyPglite })
      : await openDatabase({
          dataDir: path.join(mkdtempSync(path.join(folder, 'data-')), 'pglite'),
        });
    emptyPglite ??= await database.dump!();
    cleanups.push(() => database.close());
    return database;
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `restore_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.exec(`CREATE SCHEMA ${quoteIdent(schema)}`);
  await admin.close();
  const database = await openDatabase({ url, searchPath: schema, poolSize: 3 });
  cleanups.push(async () => {
    await database.close();
    const drop = await openDatabase({ url, poolSize: 1 });
    await drop.exec(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await drop.close();
  });
  return database;
}

/** Every table of the current schema (information_schema), with its row count. */
async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name <> 'schema_migrations' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${quoteIdent(name)}`,
    );
    counts[name] = row!.n;
  }
  return counts;
}

async function tipSum(database: Database): Promise<string> {
  const [row] = await database.query<{ total: string }>(
    'SELECT coalesce(sum(amount_cents), 0)::text AS total FROM tips',
  );
  return row!.total;
}

/** The rows of a backup file per table, sorted: two backups of equal data compare equal. */
function rowsOf(file: string): Record<string, string[]> {
  const tables: Record<string, string[]> = {};
  let current = '';
  for (const line of backupLines(file).slice(1)) {
    if (line.startsWith('[')) tables[current]!.push(line);
    else if ('table' in JSON.parse(line)) tables[(current = JSON.parse(line).table)] = [];
  }
  for (const rows of Object.values(tables)) rows.sort();
  return tables;
}

let guestNumber = 0;

/** A guest pays a tip on the demo checkout (each from an address of their own, as in a bar). */
async function payTip(code: string, amountCents: number, app: TestApp = t): Promise<void> {
  guestNumber += 1;
  const remoteAddress = `198.51.${Math.floor(guestNumber / 250) % 250}.${guestNumber % 250}`;
  const start = await app.inject({
    method: 'POST',
    url: '/api/guest/tips',
    headers: guestHeaders(app),
    remoteAddress,
    payload: {
      amountCents,
      platformFee: false,
      paymentMethod: 'stripe',
      guestSessionId: newGuestSessionId(),
      code,
    },
  });
  if (start.statusCode !== 201) throw new Error(`start failed: ${start.statusCode} ${start.body}`);
  const paid = await app.inject({
    method: 'POST',
    url: new URL(start.json().checkoutUrl).pathname,
    headers: { ...guestHeaders(app), 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
    payload: 'action=pay',
  });
  if (paid.statusCode >= 400) throw new Error(`pay failed: ${paid.statusCode} ${paid.body}`);
}

/** Waits until `done()` holds, failing after 20 s instead of hanging. */
async function until(done: () => boolean, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!done()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: 20_000, interval: 20 },
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hotel = await createBusiness(db, { employees: 2, points: ['person', 'team', 'object'] });
  cafe = await createBusiness(db, { employees: 1, points: ['person'] });
  for (const [index, business] of [hotel, cafe].entries()) {
    for (let n = 0; n < 6; n += 1) {
      await createTip(db, {
        businessId: business.id,
        employeeId: business.employees[n % business.employees.length]!.id,
        amountCents: 150 + n * 37 + index,
        guestMessage: n === 0 ? 'Danke für „alles“ – 😊\nZeile zwei' : null,
        feedbackEmoji: n === 1 ? 'clap' : null,
      });
    }
    // An image with every byte value, and audit rows with nested payloads.
    await t.database.query(
      `INSERT INTO media (business_id, owner_user_id, content_type, byte_size, width, height, sha256, data)
       VALUES ($1, $2, 'image/png', 256, 16, 16, 'abc', $3)`,
      [business.id, business.owner.id, new Uint8Array(Array.from({ length: 256 }, (_, i) => i))],
    );
    await t.database.query(
      `INSERT INTO admin_audit_log (admin_id, business_id, action, target_type, target_id, payload)
       VALUES ($1, $2::uuid, 'payout_batch_run', 'business', $2::text, $3::jsonb)`,
      [business.owner.id, business.id, JSON.stringify({ nested: { list: [1, 'zwei', null] } })],
    );
  }
  // Guests pay through the real flow, and one payout batch runs for the hotel.
  await payTip(hotel.points[0]!.uid, 500);
  await payTip(hotel.points[1]!.uid, 777);
  await runManualPayoutBatch(payoutContext(t.app.deps, t.app.log), { businessId: hotel.id });
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('backup and restore', { timeout: 60_000 }, () => {
  let summary: BackupSummary;
  const file = path.join(folder, 'trinkgeld.backup');

  it('takes a consistent backup while guests keep paying', async () => {
    let stop = false;
    let paid = 0;
    const failures: unknown[] = [];
    const guest = async (code: string) => {
      while (!stop && failures.length === 0) {
        await payTip(code, 100 + (paid % 50)).then(
          () => (paid += 1),
          (error: unknown) => failures.push(error),
        );
      }
    };
    const guests = [guest(hotel.points[2]!.uid), guest(cafe.points[0]!.uid)];
    try {
      await until(() => paid >= 3 || failures.length > 0, 'the first payments');
      const paidBefore = paid;
      summary = await backup(t.database, file);
      const paidDuring = paid;
      await until(() => paid >= paidDuring + 2 || failures.length > 0, 'payments after it');
      expect(paid).toBeGreaterThan(paidBefore);
      expect(summary.counts.tips).toBeGreaterThanOrEqual(12 + 2 + paidBefore);
    } finally {
      stop = true;
      await Promise.all(guests);
    }
    expect(failures).toEqual([]);
    // Password hashes and sealed secrets: for the server's user only, whatever the umask.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Payments went on before and after the snapshot: the live database is ahead of it.
    const live = await tableCounts(t.database);
    expect(Object.keys(summary.counts).sort()).toEqual(Object.keys(live));
    for (const [table, count] of Object.entries(summary.counts)) {
      expect(live[table], table).toBeGreaterThanOrEqual(count);
    }
    expect(live.tips).toBeGreaterThan(summary.counts.tips!);
    for (const table of ['payouts', 'media', 'admin_audit_log', 'tip_day_totals']) {
      expect(summary.counts[table], table).toBeGreaterThan(0);
    }
  });

  // A new data directory, a restore, a second backup and a server start: minutes on a busy machine.
  it(
    'restores into an empty target with every count and the tip sum equal to the snapshot',
    {
      timeout: 180_000,
    },
    async () => {
      const target = await emptyTarget();
      const restored = await restore(target, file);
      expect(restored.rows).toBe(summary.rows);

      expect(await tableCounts(target)).toEqual(summary.counts);
      expect(await tipSum(target)).toBe(summary.tipAmountCents);
      expect(Number(summary.tipAmountCents)).toBeGreaterThan(0);

      // Byte for byte: a backup of the restored database holds the same rows.
      const again = path.join(folder, 'again.backup');
      await backup(target, again);
      expect(rowsOf(again)).toEqual(rowsOf(file));

      // The server starts on it: migrations are complete, people sign in, guests pay.
      expect(await migrate(target)).toEqual([]);
      const restoredApp = await createTestApp({ database: target, clock: t.clock });
      try {
        const cookie = await signIn(restoredApp, hotel.owner.email);
        const me = await restoredApp.inject({
          method: 'GET',
          url: '/api/profiles/me',
          headers: { cookie },
        });
        expect(me.statusCode).toBe(200);
        await payTip(cafe.points[0]!.uid, 300, restoredApp);
        expect(await tipSum(target)).toBe(String(Number(summary.tipAmountCents) + 300));
        // The identity column continues after the restored ids.
        await target.query("INSERT INTO analytics_events (name) VALUES ('tip_page_loaded')");
      } finally {
        await restoredApp.close();
      }
    },
  );

  it('refuses a target that is not empty and changes nothing there', async () => {
    const before = await tableCounts(t.database);
    await expect(restore(t.database, file)).rejects.toThrow(/Das Ziel ist nicht leer \(Tabellen: /);
    expect(await tableCounts(t.database)).toEqual(before);
  });

  it('refuses a backup of a newer schema, and a cut-off file leaves the target empty', async () => {
    const newer = rewriteBackup(
      file,
      path.join(folder, 'newer.backup'),
      editHeader((header) => {
        header.migrations.push({ name: '9999_from_the_future.sql', checksum: 'x' });
      }),
      { secret: SECRET },
    );
    const target = await emptyTarget();
    const refused = restore(target, newer);
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(
      /neueren Datenbankschema \(Migration 9999_from_the_future/,
    );

    const cut = rewriteBackup(
      file,
      path.join(folder, 'cut.backup'),
      (lines) => lines.splice(Math.floor(lines.length / 2)),
      'as-is',
    );
    await expect(restore(target, cut)).rejects.toThrow(/unvollständig/);
    expect(await tableCounts(target)).toEqual({});
  });
});

/**
 * A call that leaves a trace no rollback removes (a sequence outside the target's schema): had
 * SQL from the file run, it would show.
 */
async function callProbe(target: Database) {
  const schema = `probe_${randomBytes(4).toString('hex')}`;
  await target.exec(`CREATE SCHEMA ${schema}; CREATE SEQUENCE ${schema}.calls`);
  if (testEngine() === 'postgres') {
    cleanups.push(() => target.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
  }
  return {
    call: `nextval('${schema}.calls')`,
    async called() {
      const [row] = await target.query<{ called: boolean }>(
        `SELECT is_called AS called FROM ${schema}.calls`,
      );
      return row!.called;
    },
  };
}

/** Changes one column of the first row of `table` in the backup's lines. */
function changeFirstRow(lines: string[], table: string, column: string, value: string): void {
  const header = JSON.parse(lines[0]!) as {
    tables: { name: string; columns: { name: string }[] }[];
  };
  const index = header.tables
    .find((entry) => entry.name === table)!
    .columns.findIndex((entry) => entry.name === column);
  const start = lines.indexOf(JSON.stringify({ table }));
  const row = JSON.parse(lines[start + 1]!) as (string | null)[];
  row[index] = value;
  lines[start + 1] = JSON.stringify(row);
}

describe('only a checked file is restored', { timeout: 60_000 }, () => {
  const signed = path.join(folder, 'signed.backup');
  let signedSummary: BackupSummary;
  beforeAll(async () => {
    signedSummary = await backup(t.database, signed);
  });

  it('refuses a column type altered in the header before any row is written, and never runs it', async () => {
    const target = await emptyTarget();
    const probe = await callProbe(target);
    const inject = editHeader((header) => {
      const businesses = header.tables.find((table) => table.name === 'businesses')!;
      const name = businesses.columns.find((column) => column.name === 'name')!;
      name.type = `text || ${probe.call}::text || pg_read_file('/etc/hostname')`;
    });
    // Edited after it was written: its checksum no longer fits.
    const edited = rewriteBackup(signed, path.join(folder, 'edited-type.backup'), inject, 'as-is');
    await expect(restore(target, edited)).rejects.toThrow(/Prüfsumme der Sicherung stimmt nicht/);
    // Even signed with the server's own secret: types come from the schema the migrations make.
    const resigned = rewriteBackup(signed, path.join(folder, 'resigned-type.backup'), inject, {
      secret: SECRET,
    });
    const refused = restore(target, resigned);
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(
      /passt nicht zum Datenbankschema ihrer Migrationen \(Typ der Spalte businesses\.name\)/,
    );
    expect(await tableCounts(target)).toEqual({});
    expect(await probe.called()).toBe(false);
  });

  // Both are refused by verifyBackup, which reads the file before a target is opened.
  it('refuses a row changed after writing (a password hash), also with a recomputed checksum', async () => {
    const swapHash = (lines: string[]) =>
      changeFirstRow(lines, 'users', 'password_hash', 'scrypt$15$8$1$attacker$attacker');
    const edited = rewriteBackup(
      signed,
      path.join(folder, 'edited-hash.backup'),
      swapHash,
      'as-is',
    );
    await expect(verifyBackup(edited, { secrets: [SECRET] })).rejects.toThrow(
      /Prüfsumme der Sicherung stimmt nicht/,
    );
    const summed = rewriteBackup(
      signed,
      path.join(folder, 'summed-hash.backup'),
      swapHash,
      'checksum',
    );
    await expect(verifyBackup(summed, { secrets: [SECRET] })).rejects.toThrow(
      /mit keinem Sitzungsschlüssel dieses Servers signiert/,
    );
  });

  it('refuses a byte-truncated file with a German message', async () => {
    const bytes = readFileSync(signed);
    const cut = path.join(folder, 'cut-bytes.backup');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const refused = verifyBackup(cut, { secrets: [SECRET] });
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(
      `Die Datei ${cut} ist keine lesbare Sicherung: sie ist abgeschnitten oder beschädigt`,
    );
  });

  it('takes a file signed with a previous secret; one signed with another only when told to', async () => {
    const other = 'another-servers-secret-that-is-long-enough-0123';
    const foreign = rewriteBackup(signed, path.join(folder, 'foreign.backup'), () => {}, {
      secret: other,
    });
    await expect(verifyBackup(foreign, { secrets: [SECRET] })).rejects.toThrow(
      /mit keinem Sitzungsschlüssel dieses Servers signiert.*--skip-signature-check/,
    );
    await expect(verifyBackup(foreign, { secrets: [] })).rejects.toThrow(
      /Kein Sitzungsschlüssel, um die Signatur der Sicherung zu prüfen/,
    );
    // During a rotation the old secret is still accepted (decision 0402).
    const rotated = await verifyBackup(foreign, { secrets: [SECRET, other] });
    expect(rotated.header.tables.length).toBe(signedSummary.tables);
    const told = await verifyBackup(foreign, { secrets: [SECRET], skipSignatureCheck: true });
    expect(told.header.totals.tipAmountCents).toBe(signedSummary.tipAmountCents);
  });

  it('restores a file of format 1 (no checksum) only when told to skip the signature check', async () => {
    const older = rewriteBackup(
      signed,
      path.join(folder, 'format-1.backup'),
      (lines) => {
        editHeader((header) => {
          header.version = 1;
        })(lines);
        const { end, rows } = JSON.parse(lines.at(-1)!);
        lines[lines.length - 1] = JSON.stringify({ end, rows });
      },
      'as-is',
    );
    const target = await emptyTarget();
    await expect(restore(target, older)).rejects.toThrow(
      /Die Sicherung hat das ältere Format 1 ohne Prüfsumme und Signatur/,
    );
    expect(await tableCounts(target)).toEqual({});
    const restored = await restore(target, older, { skipSignatureCheck: true });
    expect(restored.rows).toBe(signedSummary.rows);
    expect(await tableCounts(target)).toEqual(signedSummary.counts);
  });
});
