import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones) in turn. Each
 * benchmark starts what it measures itself on 127.0.0.1 and prints `name: value` lines, budgets
 * with PASS or FAIL. PostgreSQL when DATABASE_URL is set (each benchmark in a schema of its own,
 * dropped afterwards), otherwise embedded PGlite.
 */
const only = process.argv.slice(2);
const files = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

const line = (name: string, value: string) => process.stdout.write(`${name}: ${value}\n`);
line('date', new Date().toISOString());
line(
  'machine',
  `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`,
);
line(
  'load average at start',
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' '),
);
line(
  'database',
  process.env.DATABASE_URL
    ? 'postgresql (DATABASE_URL)'
    : 'pglite (embedded; DATABASE_URL not set)',
);

// The older benchmarks (database, live-delivery, csv-export) read BENCH_DATABASE_URL: one switch
// for the whole suite.
if (process.env.DATABASE_URL && !process.env.BENCH_DATABASE_URL) {
  process.env.BENCH_DATABASE_URL = process.env.DATABASE_URL;
}

// Exporting 1,000,000 CSV rows from embedded PGlite takes longer than the whole suite may (over
// 8 minutes here): on PGlite the export runs over 200,000 rows unless BENCH_CSV_ROWS says otherwise.
if (!process.env.DATABASE_URL && !process.env.BENCH_CSV_ROWS) {
  process.env.BENCH_CSV_ROWS = '200000';
  line('csv-export rows', '200,000 on PGlite (1,000,000 with DATABASE_URL or BENCH_CSV_ROWS)');
}

// The pages are served from dist/web: build it first when a source is newer.
const build = spawnSync(
  process.execPath,
  [path.resolve(import.meta.dirname, '../scripts/build-if-stale.mjs')],
  { stdio: 'inherit' },
);
if (build.status !== 0) throw new Error('web build failed');

const started = performance.now();
for (const file of files) {
  process.stdout.write(`\n## ${file}\n`);
  const fileStarted = performance.now();
  const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as {
    run: () => Promise<void>;
  };
  await module.run();
  line(`${file} took`, `${((performance.now() - fileStarted) / 1000).toFixed(1)} s`);
}
const minutes = (performance.now() - started) / 60_000;
process.stdout.write('\n');
line(
  'load average at end',
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' '),
);
line('whole run', `${minutes.toFixed(1)} min (budget < 15 min) ${minutes < 15 ? 'PASS' : 'FAIL'}`);
