/**
 * `npm run test:faults`: a second process pays tips against the server on
 * 127.0.0.1 while PostgreSQL is restarted and the server is killed (SIGKILL) and shut down
 * gracefully (SIGTERM), each time started again. Then it counts: requests sent, acknowledged,
 * errors by status, tips in the database, duplicates and lost acknowledged tips (both must be 0).
 *
 * It never touches the machine's shared PostgreSQL: it creates a throwaway cluster of its own
 * (initdb into a temporary directory, as the `postgres` OS user, listening on 127.0.0.1 on a free
 * port) and removes it at the end.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../bench/support/port';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PayerReport } from './faults-payer';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const ROOT = path.resolve(import.meta.dirname, '..');
/** Seconds of paying between two faults. */
const PHASE_MS = Number(process.env.FAULTS_PHASE_SECONDS ?? 8) * 1000;
/** How long PostgreSQL stays down during its restart. */
const OUTAGE_MS = 4_000;
const READY_TIMEOUT_MS = 90_000;

const log = (message: string) => process.stdout.write(`[faults] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a PostgreSQL binary as the `postgres` OS user (initdb refuses root). */
function asPostgres(binary: string, args: string[]): void {
  const command = [path.join(PG_BIN, binary), ...args];
  const runAs =
    process.getuid?.() === 0
      ? ['runuser', ['-u', 'postgres', '--', ...command]]
      : [command[0]!, command.slice(1)];
  execFileSync(runAs[0] as string, runAs[1] as string[], { stdio: 'pipe' });
}

class ThrowawayPostgres {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-faults-'));
  readonly data = path.join(this.dir, 'data');
  port = 0;

  async init(): Promise<void> {
    if (process.getuid?.() === 0) chownSync(this.dir, ...this.postgresIds());
    this.port = await freePort();
    asPostgres('initdb', [
      '-D',
      this.data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    this.start();
    const admin = new pg.Client({ connectionString: this.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE trinkgeld');
    await admin.end();
  }

  private postgresIds(): [number, number] {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    return [id('-u'), id('-g')];
  }

  url(database = 'trinkgeld'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    asPostgres('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'postgres.log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${this.port} -c unix_socket_directories=${this.dir} -c fsync=off`,
      'start',
    ]);
  }

  stop(): void {
    asPostgres('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  remove(): void {
    try {
      this.stop();
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The server as production runs it: `node --import tsx src/server/main.ts` with env config. */
class ServerProcess {
  child: ChildProcess | undefined;
  /** Exits we did not cause (a crash) and their codes. */
  readonly unexpectedExits: (number | null)[] = [];
  readonly logFile: string;
  private expectingExit = false;

  constructor(
    private readonly env: Record<string, string>,
    dir: string,
  ) {
    this.logFile = path.join(dir, 'server.log');
  }

  get url(): string {
    return this.env.PUBLIC_ORIGIN!;
  }

  async start(): Promise<void> {
    const out = createWriteStream(this.logFile, { flags: 'a' });
    this.expectingExit = false;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.once('exit', (code) => {
      if (!this.expectingExit) this.unexpectedExits.push(code);
    });
    this.child = child;
    await waitReady(this.url);
  }

  /** Stops the process with `signal`; resolves with its exit code. */
  async stop(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    this.expectingExit = true;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill(signal);
    return exited;
  }

  log(): string {
    return readFileSync(this.logFile, 'utf8');
  }
}

async function waitReady(url: string): Promise<void> {
  const until = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < until) {
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`server at ${url} not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/** What a guest and the readiness probe see while the database is down. */
async function probeOutage(url: string) {
  const guest = await fetch(`${url}/api/guest/codes/aio-anna-schneider-4k7p`, {
    signal: AbortSignal.timeout(5_000),
  }).catch(() => undefined);
  const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(
    () => undefined,
  );
  const body = guest ? await guest.text() : '';
  return {
    guestStatus: guest?.status ?? 0,
    retryAfter: guest?.headers.get('retry-after') ?? null,
    german: /vorübergehend|später|nicht erreichbar|nicht verfügbar/i.test(body),
    readyStatus: ready?.status ?? 0,
  };
}

function startPayer(url: string): { child: ChildProcess; report: Promise<PayerReport> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/faults-payer.ts'], {
    cwd: ROOT,
    env: { ...process.env, FAULTS_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const report = new Promise<PayerReport>((resolve, reject) => {
    child.once('exit', (code) => {
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '') as PayerReport);
      } catch {
        reject(new Error(`payer exited with ${code} without a report`));
      }
    });
  });
  return { child, report };
}

async function count(database: ThrowawayPostgres, report: PayerReport) {
  const client = new pg.Client({ connectionString: database.url() });
  await client.connect();
  try {
    const tipsOfRun = await client.query<{ id: string; status: string; guest: string }>(
      `SELECT t.id, t.status, s.guest_session_id AS guest
       FROM tips t JOIN payment_sessions s ON s.tip_id = t.id
       WHERE s.guest_session_id = ANY($1::text[])`,
      [report.guestSessionIds],
    );
    const paid = tipsOfRun.rows.filter(
      (row) => !['initiated', 'failed', 'expired', 'cancelled'].includes(row.status),
    );
    const byId = new Map(tipsOfRun.rows.map((row) => [row.id, row]));
    const lost = report.acknowledged.filter((id) => {
      const row = byId.get(id);
      return !row || ['initiated', 'failed', 'expired', 'cancelled'].includes(row.status);
    });
    // Counted twice: more than one `payment_success` for a tip, or two paid tips for one guest
    // payment (one guest session id each).
    const doubleCounted = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM (
         SELECT tip_id FROM analytics_events
         WHERE name = 'payment_success' AND tip_id = ANY($1::uuid[])
         GROUP BY tip_id HAVING count(*) > 1) d`,
      [tipsOfRun.rows.map((row) => row.id)],
    );
    const perGuest = new Map<string, number>();
    for (const row of paid) perGuest.set(row.guest, (perGuest.get(row.guest) ?? 0) + 1);
    const twicePaid = [...perGuest.values()].filter((n) => n > 1).length;
    return {
      tipsStarted: tipsOfRun.rows.length,
      tipsPaid: paid.length,
      duplicates: Number(doubleCounted.rows[0]!.n) + twicePaid,
      lost,
    };
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const database = new ThrowawayPostgres();
  let server: ServerProcess | undefined;
  let payer: ReturnType<typeof startPayer> | undefined;
  const checks: [string, boolean][] = [];
  try {
    await database.init();
    log(`throwaway PostgreSQL on 127.0.0.1:${database.port} (${database.dir})`);
    const port = await freePort();
    server = new ServerProcess(
      {
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        DATABASE_URL: database.url(),
        SESSION_SECRET: randomBytes(32).toString('hex'),
        PAYMENT_PROVIDER: 'demo',
        DEMO_FAILURE_RATE: '0',
        TRUST_PROXY: '127.0.0.1',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
      },
      database.dir,
    );
    await server.start();
    log(`server on ${server.url}; a second process starts paying`);
    payer = startPayer(server.url);
    await sleep(PHASE_MS);

    log('PostgreSQL stops (restart) ...');
    database.stop();
    await sleep(1_000);
    const outage = await probeOutage(server.url);
    log(
      `during the outage: guest lookup ${outage.guestStatus} (Retry-After ${outage.retryAfter}), /readyz ${outage.readyStatus}`,
    );
    checks.push([
      'outage answers 503 with Retry-After and a German message',
      outage.guestStatus === 503 && outage.retryAfter !== null && outage.german,
    ]);
    checks.push(['/readyz reports not ready during the outage', outage.readyStatus === 503]);
    await sleep(OUTAGE_MS);
    database.start();
    const recoveredAt = Date.now();
    await waitReady(server.url);
    log(`PostgreSQL back; server ready again by itself after ${Date.now() - recoveredAt} ms`);
    checks.push([
      'server survived the outage (no restart needed)',
      server.unexpectedExits.length === 0,
    ]);
    await sleep(PHASE_MS);

    log('server killed (SIGKILL) and started again ...');
    await server.stop('SIGKILL');
    await server.start();
    await sleep(PHASE_MS);

    log('server shut down gracefully (SIGTERM) and started again ...');
    const graceful = await server.stop('SIGTERM');
    checks.push(['graceful shutdown exits with 0', graceful === 0]);
    await server.start();
    await sleep(PHASE_MS);

    payer.child.kill('SIGTERM');
    const report = await payer.report;
    payer = undefined;
    const counted = await count(database, report);
    const serverLog = server.log();
    const unhandled = (serverLog.match(/unhandled error/g) ?? []).length;
    const outageWarnings = (serverLog.match(/"database unavailable"/g) ?? []).length;
    checks.push(['no crash of the server', server.unexpectedExits.length === 0]);
    checks.push(['no "unhandled error" in the server log', unhandled === 0]);
    checks.push(['503 answers carried Retry-After', report.outage503.withoutRetryAfter === 0]);
    checks.push(['some payments were acknowledged', report.acknowledged.length > 0]);
    checks.push(['duplicates = 0', counted.duplicates === 0]);
    checks.push(['lost acknowledged tips = 0', counted.lost.length === 0]);

    const errors = Object.entries(report.errors)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    process.stdout.write(
      [
        '',
        `requests sent:            ${report.sent}`,
        `acknowledged (paid):      ${report.acknowledged.length}`,
        `errors by status:         ${errors || 'none'}`,
        `503 with Retry-After:     ${report.outage503.withRetryAfter} (without: ${report.outage503.withoutRetryAfter})`,
        `tips in the database:     ${counted.tipsStarted} started, ${counted.tipsPaid} paid`,
        `duplicates:               ${counted.duplicates}`,
        `lost acknowledged tips:   ${counted.lost.length}${counted.lost.length ? ` (${counted.lost.slice(0, 5).join(', ')})` : ''}`,
        `outage warnings in log:   ${outageWarnings}; unhandled errors: ${unhandled}`,
        '',
        ...checks.map(([name, ok]) => `${ok ? 'PASS' : 'FAIL'}  ${name}`),
        '',
      ].join('\n'),
    );
    return checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    payer?.child.kill('SIGTERM');
    await server?.stop('SIGTERM').catch(() => null);
    database.remove();
    log('throwaway PostgreSQL stopped and removed');
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[faults] ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(2);
  },
);
