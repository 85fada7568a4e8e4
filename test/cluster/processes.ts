import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { watchExit } from '../support/child-exit';
import { freePort } from '../../bench/support/port';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Where nginx lives: PATH, or Debian's /usr/sbin (not on PATH for every user). */
function findNginx(): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin']) {
    if (dir && existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  }
  return null;
}

/**
 * nginx for the cluster test: found, or installed from Debian's package the
 * way .ci/run installs Chromium; where that is impossible, one clear line and null.
 */
export function ensureNginx(out: (line: string) => void): string | null {
  const found = findNginx();
  if (found) return found;
  const root = process.getuid?.() === 0;
  const apt = existsSync('/usr/bin/apt-get');
  if (!root || !apt) {
    out(
      'FAIL: nginx fehlt. Bitte installieren: sudo apt-get update && sudo apt-get install -y nginx',
    );
    return null;
  }
  out('Installing nginx (Debian package)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  const install =
    update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'ignore', env })
      : update;
  const installed = install.status === 0 ? findNginx() : null;
  if (!installed) {
    out('FAIL: nginx konnte nicht installiert werden (apt-get install -y nginx)');
  }
  return installed;
}

export { freePort };

/** Polls `url` until it answers 200, or fails after `timeoutMs`. */
export async function waitUntilReady(url: string, timeoutMs: number, exited: () => boolean) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`${url}: the process ended before it was ready`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms`);
}

export interface StopResult {
  /** From SIGTERM to the process's exit. */
  ms: number;
  /** The exit code (null when a signal ended it). */
  code: number | null;
  /** It did not end in time and was killed. */
  killed: boolean;
}

/** One server process (`src/server/main.ts`), as an operator would start it. */
export class Instance {
  private child: ChildProcess | undefined;
  private exitedFlag = false;
  private exitPromise: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && !this.exitedFlag;
  }

  start(): void {
    this.exitedFlag = false;
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.exitPromise = new Promise((resolve) => {
      child.once('exit', () => {
        this.exitedFlag = true;
        resolve();
      });
    });
    this.child = child;
  }

  ready(timeoutMs = 90_000): Promise<void> {
    return waitUntilReady(`${this.url}/readyz`, timeoutMs, () => this.exitedFlag);
  }

  /** A crash: no graceful shutdown, in-flight requests are cut off. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGKILL');
    await this.exitPromise;
  }

  /**
   * Graceful shutdown (what a rolling restart sends), SIGKILL if it does not end in time. Answers
   * how long the process took from SIGTERM to its exit, and how it ended.
   */
  async stop(timeoutMs = 15_000): Promise<StopResult | null> {
    if (!this.running) return null;
    const child = this.child!;
    const sentAt = performance.now();
    child.kill('SIGTERM');
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    await this.exitPromise;
    clearTimeout(timer);
    return {
      ms: performance.now() - sentAt,
      code: child.exitCode,
      killed,
    };
  }

  logTail(lines = 20): string {
    try {
      return readFileSync(this.logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

export interface NginxSite {
  port: number;
  upstreams: number[];
}

/**
 * nginx from the Debian package, unprivileged and self-contained: config, pid, logs and temp
 * files all in `dir`, in the foreground so the process is ours to end.
 */
export class Nginx {
  private child: ChildProcess | undefined;
  private exitPromise: Promise<void> = Promise.resolve();
  private drained: number | null = null;

  constructor(
    private readonly dir: string,
    private readonly sites: NginxSite[],
    private readonly binary = 'nginx',
  ) {}

  config(): string {
    const d = this.dir;
    const upstreams = this.sites
      .map(
        (site, index) => `
  upstream app${index} {
${site.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s${port === this.drained ? ' down' : ''};`).join('\n')}
    keepalive 32;
  }`,
      )
      .join('\n');
    const servers = this.sites
      .map(
        (site, index) => `
  server {
    listen 127.0.0.1:${site.port};
    location / {
      proxy_pass http://app${index};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
    }
    location = /api/employee/stream {
      proxy_pass http://app${index};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }`,
      )
      .join('\n');
    return `worker_processes 1;
pid ${d}/nginx.pid;
error_log ${d}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${d}/client_body;
  proxy_temp_path ${d}/proxy;
  fastcgi_temp_path ${d}/fastcgi;
  uwsgi_temp_path ${d}/uwsgi;
  scgi_temp_path ${d}/scgi;
${upstreams}
${servers}
}
`;
  }

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const conf = path.join(this.dir, 'nginx.conf');
    writeFileSync(conf, this.config());
    const log = createWriteStream(path.join(this.dir, 'nginx.out'));
    const child = spawn(this.binary, ['-c', conf, '-p', this.dir, '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const exit = watchExit(child);
    this.exitPromise = exit.ended;
    this.child = child;
    for (const site of this.sites) {
      // Any answer (even 502) means nginx listens.
      const deadline = Date.now() + 10_000;
      for (;;) {
        if (exit.hasEnded()) throw new Error(`nginx ended: ${this.errorLog()}`);
        const up = await fetch(`http://127.0.0.1:${site.port}/healthz`).then(
          () => true,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error('nginx did not start listening');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /**
   * Takes the instance on `port` out of rotation (null: back in) and reloads nginx: new requests
   * go elsewhere while the old workers finish what they have in flight.
   */
  async drain(port: number | null): Promise<void> {
    this.drained = port;
    writeFileSync(path.join(this.dir, 'nginx.conf'), this.config());
    this.child?.kill('SIGHUP');
    // The reload is asynchronous; old workers finish their requests, new ones use the new list.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }

  errorLog(): string {
    try {
      return readFileSync(path.join(this.dir, 'error.log'), 'utf8')
        .trim()
        .split('\n')
        .slice(-10)
        .join('\n');
    } catch {
      return '';
    }
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    // SIGQUIT is nginx's graceful stop; the timer covers a worker that hangs on.
    this.child.kill('SIGQUIT');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 5_000);
    await this.exitPromise;
    clearTimeout(timer);
  }
}
