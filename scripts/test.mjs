#!/usr/bin/env node
// The one test command (npm test): build, typecheck, lint and format check (side by side), unit and
// component tests with the integration tests in one vitest run (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), the release's runtime
// stage beside them (scripts/release.mjs --from-checkout, also with TEST_DATABASE_URL), then browser
// journeys. It ends with one plain line "N passed, N failed" that totals every suite; checks count
// as one test each. One tier alone: `node scripts/test.mjs unit|int|e2e` (npm run test:unit,
// test:int, test:e2e): its tests only, with the same closing line; e2e builds the app first.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const TIERS = ['all', 'unit', 'int', 'e2e'];
const tier = process.argv[2] ?? 'all';
if (!TIERS.includes(tier)) {
  process.stderr.write(`Unknown tier "${tier}": use one of ${TIERS.join(', ')}.\n`);
  process.exit(2);
}
const runs = (name) => tier === 'all' || tier === name;

let passed = 0;
let failed = 0;
const timings = [];

function step(name, command, args, env = {}) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${name}\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1'),
      ...env,
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s`);
  return result.status === 0;
}

function check(name, command, args) {
  if (step(name, command, args)) passed += 1;
  else {
    failed += 1;
    process.stdout.write(`✗ ${name} failed\n`);
  }
}

function vitest(name, projects, extraArgs = [], env = {}) {
  const report = path.join(results, `vitest-${name}.json`);
  rmSync(report, { force: true });
  const ok = step(
    `vitest ${name} (${projects.join(', ')})`,
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extraArgs,
    ],
    env,
  );
  if (!existsSync(report)) {
    failed += 1;
    process.stdout.write(`✗ vitest ${name} produced no report\n`);
    return;
  }
  const data = JSON.parse(readFileSync(report, 'utf8'));
  passed += data.numPassedTests;
  failed += data.numFailedTests;
  // A file that failed to load counts too, even though it ran no tests.
  const brokenFiles = data.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  failed += brokenFiles;
  if (!ok && data.numFailedTests === 0 && brokenFiles === 0) failed += 1;
}

/**
 * Checks that each keep one core busy (tsc, eslint and prettier are single-threaded) run side by
 * side on a machine with more than one core; each one's output is printed whole when it ends, so
 * the log reads as if they had run one after the other. Each counts as one test.
 */
async function checksTogether(checks) {
  await Promise.all(
    checks.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, {
            cwd: root,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: {
              ...process.env,
              FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1'),
            },
          });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          let finished = false;
          const finish = (code) => {
            if (finished) return;
            finished = true;
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            timings.push(`${name}: ${seconds} s`);
            process.stdout.write(`\n▶ ${name} (${seconds} s, beside the other checks)\n`);
            process.stdout.write(Buffer.concat(output));
            if (code === 0) passed += 1;
            else {
              failed += 1;
              process.stdout.write(`✗ ${name} failed\n`);
            }
            resolve();
          };
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            finish(1);
          });
          child.on('close', finish);
        }),
    ),
  );
}

/**
 * The release's runtime stage (decision 0526) beside the checks and the unit and integration
 * tests: on this checkout, which `npm ci` and the build step above made exactly as the image's
 * build stage does, it copies the build output into a folder of its own, installs the production
 * dependencies only, starts there in production on PostgreSQL, creates the first operator and
 * stops. Awaited before the browser journeys, which keep the machine to themselves.
 * `npm run test:release` runs every step, the build stage included, on a copy made by git archive.
 */
function startRelease() {
  const log = path.join(results, 'release.log');
  const started = Date.now();
  if (!process.env.TEST_DATABASE_URL) {
    process.stdout.write(
      '\nℹ TEST_DATABASE_URL not set: the release check (scripts/release.mjs) is skipped.\n',
    );
    return async () => {};
  }
  process.stdout.write(`\n▶ release (scripts/release.mjs, in the background; log: ${log})\n`);
  const fd = openSync(log, 'w');
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/release.mjs'), '--from-checkout'],
    {
      cwd: root,
      stdio: ['ignore', fd, fd],
    },
  );
  closeSync(fd);
  const exited = new Promise((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(1));
  });
  return async () => {
    process.stdout.write('\n▶ release (scripts/release.mjs --from-checkout)\n');
    const code = await exited;
    process.stdout.write(readFileSync(log, 'utf8'));
    timings.push(`release: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (code === 0) passed += 1;
    else {
      failed += 1;
      process.stdout.write('✗ release failed\n');
    }
  };
}

// The build the image's build stage makes (`npm run build`: the web app, the server and its
// commands); the browser journeys and the release's runtime stage load it.
let built = false;
if (runs('e2e') || tier === 'all') {
  check('build', 'npm', ['run', '--silent', 'build']);
  built = failed === 0;
}
const release = tier === 'all' && built ? startRelease() : async () => {};

if (tier === 'all') {
  await checksTogether([
    { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
    { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
    { name: 'format', command: bin('prettier'), args: ['--check', '--log-level=warn', '.'] },
  ]);
}

/** The integration projects: PGlite always, PostgreSQL when TEST_DATABASE_URL names one. */
function integrationProjects() {
  if (process.env.TEST_DATABASE_URL) return ['int-pglite', 'int-postgres'];
  process.stdout.write('\nℹ TEST_DATABASE_URL not set: the PostgreSQL suite is skipped.\n');
  return ['int-pglite'];
}

// Pure logic and React components (happy-dom, decision 0530): seconds, no database. Integration
// tests on each engine. The whole suite runs them in one vitest run, so the database-bound files
// fill the workers while the last unit files finish instead of waiting for them.
if (tier === 'all') vitest('core', ['unit', 'component', ...integrationProjects()]);
if (tier === 'unit') vitest('unit', ['unit', 'component']);
if (tier === 'int') vitest('int', integrationProjects());

await release();

if (runs('e2e')) {
  const flakyReport = path.join(results, 'flaky-e2e.json');
  rmSync(flakyReport, { force: true });
  // Two browser files at a time: each has its own server, database and browser (decision 0302).
  vitest(
    'e2e',
    ['e2e'],
    ['--file-parallelism', '--max-workers=2', '--reporter=./test/support/flaky-reporter.ts'],
    {
      FLAKY_REPORT: flakyReport,
    },
  );
  if (existsSync(flakyReport)) {
    const flaky = JSON.parse(readFileSync(flakyReport, 'utf8'));
    process.stdout.write(`\nFlaky browser tests (passed only on their retry): ${flaky.length}\n`);
    for (const test of flaky) {
      process.stdout.write(`  ⚠ ${test.file} › ${test.name}\n`);
      for (const error of test.errors ?? []) {
        process.stdout.write(`${error.replace(/^/gm, '      ')}\n`);
      }
    }
  }
}

process.stdout.write(`\nTimings: ${timings.join(' · ')}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
