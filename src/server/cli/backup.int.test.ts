import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandArgs } from '../../../test/support/command';
import { testEngine } from '../../../test/support/database';
import { createBusiness, createTip, type FactoryBusiness } from '../../../test/support/factories';
import { verifyBackup } from '../db/backup';
import { RESTORE_USAGE } from './backup-command';
import { type Database, openDatabase, quoteIdent } from '../db/connect';
import { migrate } from '../db/migrate';
import { projectRoot } from '../lib/project-root';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (decision 0403): real
 * processes with only the server's environment. On int-postgres a production server runs and
 * guests pay while the backup runs (decision 0523); on int-pglite (the demo's and development's
 * database) the backup is refused while a server holds it and read directly after its stop.
 */
const folder = mkdtempSync(path.join(tmpdir(), 'trinkgeld-backup-cli-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(folder, { recursive: true, force: true });
});

interface Target {
  env: Record<string, string>;
  open(): Promise<Database>;
}

/** An empty database as an operator would make it: a new DATA_DIR or a new PostgreSQL database. */
async function emptyTarget(): Promise<Target> {
  if (testEngine() === 'pglite') {
    const dataDir = mkdtempSync(path.join(folder, 'data-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `backup_cli_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ url: serverUrl, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${quoteIdent(name)}`);
  await admin.close();
  cleanups.push(async () => {
    const drop = await openDatabase({ url: serverUrl, poolSize: 1 });
    await drop.exec(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await drop.close();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
  };
}

const SESSION_SECRET = 'backup-cli-test-secret-that-is-long-enough-0123';
const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? tmpdir(),
  // Production runs on PostgreSQL only (decision 0523); the embedded database is development's.
  NODE_ENV: testEngine() === 'pglite' ? 'development' : 'production',
  SESSION_SECRET,
  MAIL_TRANSPORT: 'log',
  LOG_LEVEL: 'warn',
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>`'s command, from its sources (test/support/command.ts). */
function npmRun(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, commandArgs(script, args), {
      cwd: projectRoot(),
      env: { ...baseEnv(), ...env },
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Files and folders under `dir` (itself included) open to their group or others. */
function sharedFiles(dir: string): string[] {
  return ['', ...readdirSync(dir, { recursive: true, encoding: 'utf8' })].filter(
    (name) => (lstatSync(path.join(dir, name)).mode & 0o077) !== 0,
  );
}

/** The server as `npm start` runs it (from its sources). */
async function startServerProcess(
  env: Record<string, string>,
): Promise<ChildProcess & { output: () => string }> {
  const child = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot(),
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    const seen = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Trinkgeld läuft auf')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return Object.assign(child, { output: () => output });
}

async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function counts(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name <> 'schema_migrations' ORDER BY table_name`,
  );
  const result: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${quoteIdent(name)}`,
    );
    result[name] = row!.n;
  }
  return result;
}

/** A guest pays on the running server over HTTP. */
async function payOver(origin: string, code: string, cents: number): Promise<void> {
  const started = await fetch(`${origin}/api/guest/tips`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      code,
      amountCents: cents,
      platformFee: false,
      paymentMethod: 'stripe',
      guestSessionId: randomBytes(16).toString('base64url'),
    }),
  });
  if (started.status !== 201) throw new Error(`start ${started.status}: ${await started.text()}`);
  const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
  const paid = await fetch(`${origin}${new URL(checkoutUrl).pathname}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  if (paid.status >= 400) throw new Error(`pay ${paid.status}`);
}

// Five npm runs, a server start and two new databases: minutes when the machine is busy.
describe('npm run backup / npm run restore', { timeout: 300_000 }, () => {
  it('backs up (on PostgreSQL while guests pay), restores, refuses to overwrite', async () => {
    const source = await emptyTarget();
    let hotel: FactoryBusiness;
    {
      const database = await source.open();
      await migrate(database);
      hotel = await createBusiness(database.db, { employees: 2, points: ['person'] });
      for (let n = 0; n < 5; n += 1) {
        await createTip(database.db, {
          businessId: hotel.id,
          employeeId: hotel.employees[n % 2]!.id,
          amountCents: 200 + n,
        });
      }
      await database.close();
    }
    const file = path.join(folder, 'nightly.trinkgeld-backup');

    let backup: Run;
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = { ...source.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: origin };
    if (testEngine() === 'pglite') {
      // As an older install left it: the server tightens it at start and says so.
      chmodSync(source.env.DATA_DIR!, 0o755);
      const server = await startServerProcess(env);
      cleanups.push(() => stopServerProcess(server));
      expect(server.output()).toContain(
        `DATA_DIR ${source.env.DATA_DIR} war für andere Benutzer zugänglich (0755); auf 0700 eingeschränkt`,
      );
      // The server holds the embedded database: the backup says so and leaves it alone.
      const held = await npmRun('backup', [file], source.env);
      expect(held.code).toBe(1);
      expect(held.stderr).toMatch(/^Die eingebettete Datenbank wird von PID \d+ benutzt\. Beenden/);
      expect(existsSync(file)).toBe(false);
      await stopServerProcess(server);
      backup = await npmRun('backup', [file], source.env);
      expect(statSync(source.env.DATA_DIR!).mode & 0o777).toBe(0o700);
      expect(sharedFiles(source.env.DATA_DIR!)).toEqual([]);
    } else {
      // Production on PostgreSQL: guests keep paying while the backup is taken.
      const server = await startServerProcess(env);
      cleanups.push(() => stopServerProcess(server));
      let stop = false;
      let paidDuring = 0;
      const guest = (async () => {
        while (!stop) {
          await payOver(origin, hotel.points[0]!.uid, 300);
          paidDuring += 1;
        }
      })();
      try {
        backup = await npmRun('backup', [file], source.env);
      } finally {
        stop = true;
        await guest;
        await stopServerProcess(server);
      }
      expect(paidDuring).toBeGreaterThan(0);
    }
    expect(backup.stdout).toMatch(/^Sicherung geschrieben: /);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(file);
    expect(backup.stdout).toMatch(/Trinkgelder insgesamt [\d.,]+\s€/);
    // Password hashes and sealed secrets: for the server's user alone.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const { header } = await verifyBackup(file, { secrets: [SESSION_SECRET] });
    const target = await emptyTarget();
    const restore = await npmRun('restore', [file], target.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Wiederhergestellt: ${file}`);

    // A second restore onto it is refused and changes nothing.
    const again = await npmRun('restore', [file], target.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Wiederherstellung abgelehnt: /);
    expect(again.stderr).toMatch(/DATA_DIR enthält bereits eine Datenbank|Das Ziel ist nicht leer/);

    // A file cut short is refused in German: no stack trace, the target as it was.
    const bytes = readFileSync(file);
    const cut = path.join(folder, 'cut.trinkgeld-backup');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cutRestore = await npmRun('restore', [cut], target.env);
    expect(cutRestore.code).toBe(1);
    expect(cutRestore.stderr).toMatch(
      /^Wiederherstellung abgelehnt: Die Datei .* ist keine lesbare Sicherung: sie ist abgeschnitten oder beschädigt \(unexpected end of file\)\. Nichts wiederhergestellt\.\n$/,
    );

    // An existing file is never overwritten by a backup.
    const clobber = await npmRun('backup', [file], source.env);
    expect(clobber.code).toBe(1);
    expect(clobber.stderr).toContain('existiert bereits');

    const restored = await target.open();
    try {
      const expected = Object.fromEntries(header.tables.map((table) => [table.name, table.rows]));
      expect(await counts(restored)).toEqual(expected);
      const [sum] = await restored.query<{ total: string }>(
        'SELECT coalesce(sum(amount_cents), 0)::text AS total FROM tips',
      );
      expect(sum!.total).toBe(header.totals.tipAmountCents);
      expect(expected.tips).toBeGreaterThanOrEqual(5);
      expect(await migrate(restored)).toEqual([]);
    } finally {
      await restored.close();
    }
    if (testEngine() === 'pglite')
      expect(existsSync(`${target.env.DATA_DIR}/pglite.lock`)).toBe(false);
  });

  it('answers without a file with its usage', async () => {
    const run = await npmRun('restore', [], { DATA_DIR: folder });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(RESTORE_USAGE);
  });
});
