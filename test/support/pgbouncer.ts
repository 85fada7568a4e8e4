import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { watchExit } from './child-exit';

/**
 * PgBouncer (Debian package `pgbouncer`) in front of a PostgreSQL database, in transaction
 * pooling, for the cluster test and `src/server/db/pgbouncer.int.test.ts` (decision 0401): its own
 * temp directory, ini and user list, listening on 127.0.0.1 only, in the foreground so the
 * process is ours to end.
 */

const NOBODY = 65534;

/** Where pgbouncer lives: PATH, or Debian's /usr/sbin (not on PATH for every user). */
export function findPgBouncer(): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin']) {
    if (dir && existsSync(path.join(dir, 'pgbouncer'))) return path.join(dir, 'pgbouncer');
  }
  return null;
}

/** Found, or installed with apt-get (as root, like .ci/run); null with one line saying why not. */
export function ensurePgBouncer(out: (line: string) => void): string | null {
  const found = findPgBouncer();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    out('FAIL: pgbouncer fehlt. Bitte installieren: sudo apt-get install -y pgbouncer');
    return null;
  }
  out('Installing pgbouncer (Debian package)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  const install =
    update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '-qq', 'pgbouncer'], { stdio: 'ignore', env })
      : update;
  const installed = install.status === 0 ? findPgBouncer() : null;
  if (!installed)
    out('FAIL: pgbouncer konnte nicht installiert werden (apt-get install -y pgbouncer)');
  return installed;
}

/** "1.18.0" from `pgbouncer --version`. */
export function pgBouncerVersion(binary: string): string {
  const text = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return /PgBouncer (\S+)/.exec(text)?.[1] ?? 'unknown';
}

export interface PgBouncerOptions {
  binary: string;
  /** The direct PostgreSQL URL of the database clients reach through PgBouncer. */
  target: string;
  port: number;
  /** The name clients use for it (default: the target's database name). */
  alias?: string;
  /** Run on each new server connection (a test's search_path; never a per-request setting). */
  connectQuery?: string;
  /** Server connections per database and user (PgBouncer's default_pool_size). */
  poolSize?: number;
}

/** An ini value in single quotes (PgBouncer's connection-string quoting). */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export class PgBouncer {
  private child: ChildProcess | undefined;
  private exitPromise: Promise<void> = Promise.resolve();
  readonly dir: string;
  readonly alias: string;
  private readonly target: URL;

  constructor(private readonly options: PgBouncerOptions) {
    this.target = new URL(options.target);
    this.alias = options.alias ?? decodeURIComponent(this.target.pathname.slice(1));
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'trinkgeld-pgbouncer-'));
  }

  get user(): string {
    return decodeURIComponent(this.target.username) || 'postgres';
  }

  /** What the instances get as DATABASE_URL. */
  get url(): string {
    const url = new URL(this.options.target);
    url.hostname = '127.0.0.1';
    url.port = String(this.options.port);
    url.pathname = `/${this.alias}`;
    return url.toString();
  }

  /** The configuration, as docs/deployment.md shows it. */
  ini(): string {
    const t = this.target;
    const server = [
      `host=${t.hostname}`,
      `port=${t.port || '5432'}`,
      `dbname=${decodeURIComponent(t.pathname.slice(1))}`,
      `user=${this.user}`,
      ...(t.password ? [`password=${quoted(decodeURIComponent(t.password))}`] : []),
      ...(this.options.connectQuery ? [`connect_query=${quoted(this.options.connectQuery)}`] : []),
    ].join(' ');
    return `[databases]
${this.alias} = ${server}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${this.options.port}
unix_socket_dir =
auth_type = trust
auth_file = ${this.dir}/userlist.txt
admin_users = ${this.user}
pool_mode = transaction
default_pool_size = ${this.options.poolSize ?? 20}
max_client_conn = 500
logfile = ${this.dir}/pgbouncer.log
pidfile = ${this.dir}/pgbouncer.pid
`;
  }

  async start(): Promise<void> {
    const ini = path.join(this.dir, 'pgbouncer.ini');
    writeFileSync(ini, this.ini());
    writeFileSync(path.join(this.dir, 'userlist.txt'), `"${this.user}" ""\n`);
    // PgBouncer refuses to run as root: as root it drops to nobody, who must own its files.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      for (const file of ['', 'pgbouncer.ini', 'userlist.txt']) {
        chownSync(path.join(this.dir, file), NOBODY, NOBODY);
      }
    }
    const child = spawn(this.options.binary, [...(asRoot ? ['-u', 'nobody'] : []), ini], {
      stdio: 'ignore',
    });
    const exit = watchExit(child);
    this.exitPromise = exit.ended;
    this.child = child;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (exit.hasEnded()) throw new Error(`pgbouncer ended: ${this.logTail()}`);
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1_000 });
      const ok = await client.connect().then(
        () => client.query('SELECT 1').then(() => true),
        () => false,
      );
      await client.end().catch(() => {});
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`pgbouncer not ready: ${this.logTail()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** PgBouncer's admin console (`SHOW STATS`, `SHOW POOLS`): rows of this database. */
  async show(what: 'STATS' | 'POOLS'): Promise<Record<string, unknown>[]> {
    const url = new URL(this.url);
    url.pathname = '/pgbouncer';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      // The console speaks the simple protocol only: a text without parameters.
      const result = await client.query(`SHOW ${what}`);
      return (result.rows as Record<string, unknown>[]).filter(
        (row) => row.database === this.alias,
      );
    } finally {
      await client.end().catch(() => {});
    }
  }

  logTail(lines = 10): string {
    try {
      const text = readFileSync(path.join(this.dir, 'pgbouncer.log'), 'utf8');
      return text.trim().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      // SIGTERM: PgBouncer's immediate shutdown; the timer covers one that hangs on.
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child?.kill('SIGKILL'), 5_000);
      await this.exitPromise;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
