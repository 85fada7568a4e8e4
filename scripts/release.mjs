#!/usr/bin/env node
// The release's steps on a clean copy, as the container image runs them (Dockerfile): install,
// build, prune to production dependencies, start in production, wait for /readyz, create the
// first operator, stop. `npm test` runs it when TEST_DATABASE_URL names a PostgreSQL server
// (production runs on PostgreSQL only, decision 0523). Prints one line per step with its time
// and, at the end, the production dependency count and the time from the production install to
// /readyz. Usage: node scripts/release.mjs [--keep]   (--keep leaves the copy for a look)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.RELEASE_DATABASE_URL;
if (!serverUrl) {
  process.stderr.write(
    'release: TEST_DATABASE_URL (ein PostgreSQL-Server) fehlt; die Produktion läuft nur auf PostgreSQL.\n',
  );
  process.exit(2);
}
const keep = process.argv.includes('--keep');
const copy = mkdtempSync(path.join(tmpdir(), 'trinkgeld-release-'));
const database = `release_${randomBytes(5).toString('hex')}`;
const timings = [];

function timed(name, action) {
  const started = Date.now();
  const result = action();
  const seconds = (Date.now() - started) / 1000;
  timings.push([name, seconds]);
  process.stdout.write(`✓ ${name} (${seconds.toFixed(1)} s)\n`);
  return result;
}

/** A step the Dockerfile mirrors: a command in the copy that must succeed. */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: copy,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

async function withAdmin(action) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await action(client);
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(url, child, output, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no /readyz 200 within ${timeoutMs / 1000} s:\n${output()}`);
}

let server;
try {
  // 1. A clean copy: the committed files only, as a release archive or `COPY . .` has them.
  timed('copy', () =>
    execFileSync('sh', ['-c', `git -C "${root}" archive HEAD | tar -x -C "${copy}"`]),
  );
  // 2. Build: every dependency, then the build output.
  timed('npm ci', () => run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline']));
  timed('npm run build', () => run('npm', ['run', 'build']));
  // 3. Prune to what production runs.
  const installedAt = Date.now();
  timed('npm prune --omit=dev', () =>
    run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund']),
  );
  const productionPackages =
    new Set(run('npm', ['ls', '--omit=dev', '--all', '--parseable']).trim().split('\n')).size - 1;

  // 4. Start in production on a new PostgreSQL database; /readyz says when it takes traffic.
  await withAdmin((client) => client.query(`CREATE DATABASE "${database}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    MAIL_TRANSPORT: 'log',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
  };
  let output = '';
  const startedAt = Date.now();
  server = spawn('node', ['dist/server/main.mjs'], {
    cwd: copy,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  await waitReady(`http://127.0.0.1:${port}/readyz`, server, () => output);
  const readyAt = Date.now();
  timings.push(['start → /readyz', (readyAt - startedAt) / 1000]);
  process.stdout.write(`✓ start → /readyz (${((readyAt - startedAt) / 1000).toFixed(1)} s)\n`);
  if (!output.includes('Trinkgeld läuft auf')) throw new Error(`no start line:\n${output}`);

  // 5. The first operator, as the operator guide says.
  const created = timed('npm run admin:create', () =>
    run(
      'npm',
      [
        'run',
        '--silent',
        'admin:create',
        '--',
        '--email',
        'betrieb@release.example',
        '--name',
        'Release Test',
      ],
      env,
    ),
  );
  if (!/\/employee\/password\?token=/.test(created)) throw new Error(`no link:\n${created}`);

  // 6. Stop: SIGTERM reaches node, which exits 0 within its grace time.
  const stopping = Date.now();
  const exited = new Promise((resolve) => server.on('exit', resolve));
  server.kill('SIGTERM');
  const code = await exited;
  process.stdout.write(`✓ stop (${((Date.now() - stopping) / 1000).toFixed(1)} s)\n`);
  if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${output}`);
  process.stdout.write(
    `release ok: ${productionPackages} production packages; from the production install (prune) to /readyz ${((readyAt - installedAt) / 1000).toFixed(1)} s\n`,
  );
} catch (error) {
  process.stderr.write(`release failed: ${error instanceof Error ? error.message : error}\n`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await withAdmin((client) =>
    client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  ).catch(() => {});
  if (!keep) rmSync(copy, { recursive: true, force: true });
  else process.stdout.write(`copy kept at ${copy}\n`);
}
