#!/usr/bin/env node
// The one test command (npm test): typecheck, lint, format check, build, unit and component tests,
// integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then browser journeys.
// It ends with one plain line "N passed, N failed" that totals every suite; checks count as one
// test each. One tier alone: `node scripts/test.mjs unit|int|e2e` (npm run test:unit, test:int,
// test:e2e): its tests only, with the same closing line; e2e builds the app first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

if (tier === 'all') {
  check('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  check('lint', bin('eslint'), ['.', '--max-warnings=0']);
  check('format', bin('prettier'), ['--check', '--log-level=warn', '.']);
}
// The browser journeys load the built app.
if (runs('e2e')) check('build', bin('vite'), ['build', '--logLevel', 'warn']);

// Pure logic and React components (happy-dom, decision 0530): seconds, no database.
if (runs('unit')) vitest('unit', ['unit', 'component']);

if (runs('int')) {
  const integration = ['int-pglite'];
  if (process.env.TEST_DATABASE_URL) integration.push('int-postgres');
  else process.stdout.write('\nℹ TEST_DATABASE_URL not set: the PostgreSQL suite is skipped.\n');
  vitest('int', integration);
}

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
    for (const test of flaky) process.stdout.write(`  ⚠ ${test.file} › ${test.name}\n`);
  }
}

// The release's steps on a clean copy (scripts/release.mjs, `npm run test:release`) are not part
// of this command yet: they install and build a second copy (about three minutes) while the
// production install still carries the build tools (decision 0524).

process.stdout.write(`\nTimings: ${timings.join(' · ')}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
