#!/usr/bin/env node
// The release's steps on a clean copy, as the container image runs them (Dockerfile, one list of
// steps in scripts/release-steps.mjs): install, build, then in a runtime folder the build output
// and the production dependencies only (`npm ci --omit=dev`), start there in production, wait for
// /readyz, create the first operator, stop. `npm test` runs it when TEST_DATABASE_URL names a PostgreSQL
// server (production runs on PostgreSQL only, decisions 0523, 0526). Prints one line per step
// with its time and, at the end, the production dependency count and the time from the
// production install to /readyz. Usage: node scripts/release.mjs [--keep]   (--keep leaves the
// copy for a look; --from-checkout: the build stage is this checkout, as `npm test` made it)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  BUILD_STEPS,
  PRODUCTION_INSTALL,
  RUNTIME_ENV,
  RUNTIME_PATHS,
  START,
} from './release-steps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.RELEASE_DATABASE_URL;
if (!serverUrl) {
  process.stderr.write(
    'release: TEST_DATABASE_URL (ein PostgreSQL-Server) fehlt; die Produktion läuft nur auf PostgreSQL.\n',
  );
  process.exit(2);
}
const keep = process.argv.includes('--keep');
// `npm test` on a fresh clone has made the build stage itself (`npm ci`, then `npm run build` as
// its build step): from this checkout only the runtime stage runs (decision 0526).
const fromCheckout = process.argv.includes('--from-checkout');
const copy = mkdtempSync(path.join(tmpdir(), 'trinkgeld-release-'));
// The runtime stage's folder: only RUNTIME_PATHS from the build, as `COPY --from=build` has them.
const runtime = path.join(copy, 'runtime');
const build = fromCheckout ? root : path.join(copy, 'build');
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

/** A step the Dockerfile mirrors: a command in `cwd` that must succeed. */
function run(cwd, [command, ...args], env = {}) {
  // The build stage has no NODE_ENV (npm would leave out the build tools); the runtime sets it.
  const { NODE_ENV: _, ...inherited } = process.env;
  const result = spawnSync(command, args, {
    cwd,
    env: { ...inherited, ...env },
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

/** Whether the child's output shows `text` within `timeoutMs`, waiting on its output events. */
function outputShows(child, output, text, timeoutMs = 10_000) {
  if (output().includes(text)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (shown) => {
      clearTimeout(timer);
      child.stdout.off('data', check);
      child.stderr.off('data', check);
      child.off('exit', exited);
      resolve(shown);
    };
    // Runs after the listener that appends the chunk to the output (added earlier).
    const check = () => {
      if (output().includes(text)) done(true);
    };
    const exited = () => done(output().includes(text));
    const timer = setTimeout(() => done(output().includes(text)), timeoutMs);
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.on('exit', exited);
  });
}

let server;
try {
  if (fromCheckout) {
    const missing = RUNTIME_PATHS.filter((entry) => !existsSync(path.join(build, entry)));
    if (missing.length > 0) throw new Error(`build stage incomplete: ${missing.join(', ')}`);
    process.stdout.write(
      `✓ build stage: this checkout (${BUILD_STEPS.map((step) => step.join(' ')).join(', ')})\n`,
    );
  } else {
    // 1. A clean copy: the committed files only, as a release archive or `COPY . .` has them.
    timed('copy', () =>
      execFileSync('sh', [
        '-c',
        `mkdir "${build}" && git -C "${root}" archive HEAD | tar -x -C "${build}"`,
      ]),
    );
    // 2. Build stage: every dependency, then the build output.
    for (const step of BUILD_STEPS) timed(step.join(' '), () => run(build, step));
  }
  // 3. Runtime stage: the build output and the files the server reads, then the production
  // dependencies only, so nothing else can be used by accident.
  timed('runtime copy', () => {
    for (const entry of RUNTIME_PATHS) {
      cpSync(path.join(build, entry), path.join(runtime, entry), { recursive: true });
    }
  });
  const installedAt = Date.now();
  timed(PRODUCTION_INSTALL.join(' '), () => run(runtime, PRODUCTION_INSTALL));
  const listing = Date.now();
  const productionList = run(runtime, ['npm', 'ls', '--omit=dev', '--all', '--parseable'])
    .trim()
    .split('\n');
  const productionPackages = new Set(productionList).size - 1;
  const buildTools = ['vite', 'tailwindcss', 'esbuild', 'tsx', 'workbox-build'].filter(
    (name) =>
      existsSync(path.join(runtime, 'node_modules', name)) ||
      productionList.some((line) => line.endsWith(`/node_modules/${name}`)),
  );
  if (buildTools.length > 0) throw new Error(`build tools in production: ${buildTools.join(', ')}`);
  // The listing is the script's check, not a step of the image: left out of the time to /readyz.
  const listed = Date.now() - listing;
  process.stdout.write(`✓ npm ls --omit=dev (${(listed / 1000).toFixed(1)} s)\n`);

  // 4. Start in production on a new PostgreSQL database; /readyz says when it takes traffic.
  await withAdmin((client) => client.query(`CREATE DATABASE "${database}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const port = await freePort();
  const env = {
    ...RUNTIME_ENV,
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
  server = spawn(START[0], START.slice(1), {
    cwd: runtime,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  await waitReady(`http://127.0.0.1:${port}/readyz`, server, () => output);
  const readyAt = Date.now();
  timings.push(['start → /readyz', (readyAt - startedAt) / 1000]);
  process.stdout.write(`✓ start → /readyz (${((readyAt - startedAt) / 1000).toFixed(1)} s)\n`);
  // The server prints its start line after it listens, so /readyz may answer before the line
  // has come through the pipe: wait for it (bounded) rather than read the output at once.
  if (!(await outputShows(server, () => output, 'Trinkgeld läuft auf'))) {
    throw new Error(`no start line:\n${output}`);
  }

  // 5. The first operator, as the operator guide says.
  const created = timed('npm run admin:create', () =>
    run(
      runtime,
      [
        'npm',
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
    `release ok: ${productionPackages} production packages; from npm ci --omit=dev to /readyz ${((readyAt - installedAt - listed) / 1000).toFixed(1)} s\n`,
  );
} catch (error) {
  process.stderr.write(`release failed: ${error instanceof Error ? error.message : error}\n`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await withAdmin((client) =>
    client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  ).catch(() => {});
  if (!keep) {
    const removing = Date.now();
    rmSync(copy, { recursive: true, force: true });
    process.stdout.write(`✓ cleanup (${((Date.now() - removing) / 1000).toFixed(1)} s)\n`);
  } else process.stdout.write(`copy kept at ${copy}\n`);
}
