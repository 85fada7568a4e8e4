import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/connect';
import { budget, line } from './support/harness';
import { freePort } from './support/port';

/**
 * Start-up: `npm start` on an existing embedded database is ready (answers
 * /healthz) within 3 s, without rebuilding a current web build; the server's resident memory
 * at idle on PostgreSQL stays <= 250 MB.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const READY_BUDGET_MS = 3_000;
const IDLE_RSS_BUDGET_MB = 250;

interface Started {
  child: ChildProcess;
  origin: string;
  readyMs: number;
  output: string;
}

/** Runs `command` in a process group of its own and waits until /healthz answers 200. */
async function start(command: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = began + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (performance.now() > deadline) throw new Error(`server not ready in time:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy)
      return {
        child,
        origin: `http://127.0.0.1:${port}`,
        readyMs: performance.now() - began,
        output,
      };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** Resident memory of the server: the node process running main.ts in the group. */
function serverRssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trinkgeld-bench-start-'));
  try {
    // The first start creates, migrates and seeds the embedded database; the measured one reuses it.
    const first = await start(['npm', 'start'], { DATA_DIR: dataDir });
    await stop(first.child);
    line('first start (creates and seeds the database)', `${(first.readyMs / 1000).toFixed(1)} s`);
    const times: number[] = [];
    let rebuilt = false;
    for (let i = 0; i < 3; i += 1) {
      const again = await start(['npm', 'start'], { DATA_DIR: dataDir });
      await stop(again.child);
      times.push(again.readyMs);
      // Both the web app and the server bundle must be found current.
      rebuilt ||= (again.output.match(/kein Build nötig/g) ?? []).length < 2;
    }
    const best = Math.min(...times);
    line('npm start on the existing database', times.map((ms) => `${ms.toFixed(0)} ms`).join(', '));
    budget(
      'npm start ready (existing embedded database, best of 3)',
      `${best.toFixed(0)} ms${rebuilt ? ', rebuilt the web app or the server' : ', no rebuild'}`,
      best <= READY_BUDGET_MS && !rebuilt,
      `<= ${READY_BUDGET_MS} ms, no rebuild`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const url = process.env.DATABASE_URL;
  if (!url) {
    line('idle RSS on PostgreSQL', 'not measured: DATABASE_URL is not set');
    return;
  }
  const schema = `bench_start_${Date.now().toString(36)}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  try {
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    // The server process as `npm start` runs it (no npm in between), so its memory is the one read.
    const server = await start([process.execPath, 'dist/server/main.mjs'], {
      DATABASE_URL: withSchema.toString(),
      SEED_DEMO: '1',
    });
    try {
      for (const page of [
        '/',
        '/t/aio-anna-schneider-4k7p',
        '/api/guest/codes/aio-anna-schneider-4k7p',
      ]) {
        await (await fetch(`${server.origin}${page}`)).arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const rss = serverRssMb(server.child);
      budget(
        'idle RSS on PostgreSQL',
        `${rss.toFixed(0)} MB`,
        rss <= IDLE_RSS_BUDGET_MB,
        `<= ${IDLE_RSS_BUDGET_MB} MB`,
      );
    } finally {
      await stop(server.child);
    }
  } finally {
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}
