import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBackupLines } from '../../../test/support/backup-files';
import { BACKUP_FORMAT, BACKUP_VERSION } from '../db/backup';
import { runBackup, runRestore } from './backup-command';

/** The refusals of `npm run backup` and `npm run restore` that need no database (decision 0403). */
const folder = mkdtempSync(path.join(tmpdir(), 'trinkgeld-backup-command-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function run(command: typeof runBackup, argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command({
    argv,
    // The embedded database is the demo's and development's (production needs PostgreSQL, 0523).
    env: { NODE_ENV: 'development', MAIL_TRANSPORT: 'log', ...env },
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function dataDirWithDatabase(name: string): string {
  const dataDir = path.join(folder, name);
  mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '18\n');
  return dataDir;
}

const SECRET = 'backup-command-test-secret-long-enough-0123';

/** An empty backup signed with `secret`, as the server with that session secret writes it. */
function backupFile(name: string, header: object, secret = SECRET): string {
  return writeBackupLines(
    path.join(folder, name),
    [JSON.stringify(header), '{"end":true,"rows":0}'],
    { secret },
  );
}

const header = {
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  createdAt: new Date().toISOString(),
  engine: 'pglite',
  migrations: [],
  tables: [],
  sequences: [],
  totals: { tipAmountCents: '0' },
};

describe('npm run backup', () => {
  it('leaves an embedded database alone that a running process holds, and says what to do', async () => {
    const dataDir = dataDirWithDatabase('held');
    // This test process is running: as far as the lock says, it holds the database.
    writeFileSync(`${path.join(dataDir, 'pglite')}.lock`, String(process.pid));
    const result = await run(runBackup, [path.join(folder, 'held.backup')], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `Die eingebettete Datenbank wird von PID ${process.pid} benutzt. Beenden Sie den Server und ` +
        'versuchen Sie es erneut; im laufenden Betrieb sichert npm run backup nur PostgreSQL ' +
        '(DATABASE_URL), auf dem Trinkgeld in der Produktion läuft.',
    );
    expect(existsSync(path.join(folder, 'held.backup'))).toBe(false);
  });

  it('refuses a missing database, an existing file and a wrong call', async () => {
    const empty = await run(runBackup, [path.join(folder, 'x.backup')], {
      DATA_DIR: path.join(folder, 'nothing-here'),
    });
    expect(empty.code).toBe(1);
    expect(empty.err).toContain('DATA_DIR: keine eingebettete Datenbank unter');

    const existing = backupFile('existing.backup', header);
    const again = await run(runBackup, [existing], { DATA_DIR: dataDirWithDatabase('d1') });
    expect(again.code).toBe(1);
    expect(again.err).toContain('existiert bereits');

    const usage = await run(runBackup, ['a', 'b'], {});
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Aufruf: npm run backup -- <Datei>');
  });
});

describe('npm run restore', () => {
  it('refuses a DATA_DIR that already holds a database', async () => {
    const file = backupFile('ok.backup', header);
    const result = await run(runRestore, [file], {
      DATA_DIR: dataDirWithDatabase('full'),
      SESSION_SECRET: SECRET,
    });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /^Wiederherstellung abgelehnt: DATA_DIR enthält bereits eine Datenbank/,
    );
  });

  it('checks the signature with the secret the server keeps, and skips it only when told', async () => {
    const dataDir = dataDirWithDatabase('kept-secret');
    const file = backupFile('kept.backup', header);
    const unsigned = await run(runRestore, [file], { DATA_DIR: dataDir });
    expect(unsigned.code).toBe(1);
    expect(unsigned.err).toContain(
      'Wiederherstellung abgelehnt: Kein Sitzungsschlüssel, um die Signatur der Sicherung zu prüfen',
    );
    // The operator put the kept secret back first, as the guide says.
    writeFileSync(path.join(dataDir, 'session-secret'), `${SECRET}\n`);
    const kept = await run(runRestore, [file], { DATA_DIR: dataDir });
    expect(kept.err).toMatch(/^Wiederherstellung abgelehnt: DATA_DIR enthält bereits/);

    const foreign = backupFile('foreign.backup', header, 'another-servers-secret-long-enough-0123');
    const refused = await run(runRestore, [foreign], { DATA_DIR: dataDir });
    expect(refused.err).toContain('mit keinem Sitzungsschlüssel dieses Servers signiert');
    expect(refused.err).toContain('--skip-signature-check');
    const told = await run(runRestore, ['--skip-signature-check', foreign], { DATA_DIR: dataDir });
    expect(told.err).toMatch(/^Wiederherstellung abgelehnt: DATA_DIR enthält bereits/);
  });

  it('refuses a newer format and a file that is no backup before touching the target', async () => {
    const target = path.join(folder, 'untouched');
    const newer = backupFile('newer.backup', { ...header, version: BACKUP_VERSION + 1 });
    const result = await run(runRestore, [newer], { DATA_DIR: target });
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `Die Sicherung hat das Format ${BACKUP_VERSION + 1}; diese Version liest nur bis ${BACKUP_VERSION}.`,
    );

    const other = path.join(folder, 'other.backup');
    writeFileSync(other, gzipSync('{"hello":"world"}\n'));
    const foreign = await run(runRestore, [other], { DATA_DIR: target });
    expect(foreign.err).toContain('Die Datei ist keine Trinkgeld-Sicherung.');
    const plain = path.join(folder, 'plain.txt');
    writeFileSync(plain, 'not gzip');
    expect((await run(runRestore, [plain], { DATA_DIR: target })).err).toContain(
      'ist keine lesbare Sicherung',
    );
    // Neither created the data directory nor a session secret.
    expect(() => mkdirSync(target)).not.toThrow();
  });
});
