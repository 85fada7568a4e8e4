import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../../src/server/db/connect';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/seed/seed';
import { ManualClock } from '../../src/server/lib/clock';
import { dropRunDatabases, migratedTemplate, seededTemplate } from './postgres-templates';
import { isRunning } from '../../src/server/db/embedded-lock';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedSnapshot: string;
    seededSnapshot: string;
    seededAt: string;
    /** PostgreSQL (TEST_DATABASE_URL): the templates each test file's database is copied from. */
    postgresMigratedTemplate: string;
    postgresSeededTemplate: string;
    /** The run's process id: each file's PostgreSQL database carries it (postgres-templates.ts). */
    testRunPid: number;
  }
}

/**
 * Opening PGlite from scratch takes seconds; loading a dumped data directory takes a fraction.
 * So the migrations run once per change of the migration files (that snapshot stays in the temp
 * folder for the next run), and the seed once per test run (its dates are relative to now): the
 * projects of one run (int-pglite, int-postgres, e2e) share it, and the last project's teardown
 * removes it. Each test file loads its own copy. On PostgreSQL the same happens with template
 * databases (postgres-templates.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const migrations = loadMigrations();
  const hash = createHash('sha256')
    .update(migrations.map((m) => `${m.name}:${m.checksum}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(tmpdir(), 'trinkgeld-test-snapshots');
  mkdirSync(dir, { recursive: true });

  const migratedSnapshot = path.join(dir, `migrated-${hash}.tar.gz`);
  if (!existsSync(migratedSnapshot)) {
    const database = await openDatabase({});
    await migrate(database, migrations);
    await writeDump(database, migratedSnapshot);
    await database.close();
  }

  // Each project loads this file afresh, so the run's seed is kept on the process itself.
  const run = globalThis as typeof globalThis & { [SEEDED]?: SeededRun };
  if (!run[SEEDED]) {
    removeSnapshotsOfEndedRuns(dir);
    const seededAt = new Date().toISOString();
    const file = path.join(dir, `seeded-${hash}-${process.pid}-${Date.now()}.tar.gz`);
    run[SEEDED] = { users: 0, seededAt, file, ready: seed(migratedSnapshot, file, seededAt) };
  }
  const seeded = run[SEEDED];
  seeded.users += 1;
  const url = process.env.TEST_DATABASE_URL;
  if (url && project.config.env?.TEST_DB_ENGINE === 'postgres' && !seeded.postgres) {
    seeded.postgres = postgresTemplates(url, hash, migrations, seeded.seededAt);
  }
  await seeded.ready;
  const templates = await seeded.postgres;

  project.provide('migratedSnapshot', migratedSnapshot);
  project.provide('seededSnapshot', seeded.file);
  project.provide('seededAt', seeded.seededAt);
  project.provide('postgresMigratedTemplate', templates?.migrated ?? '');
  project.provide('postgresSeededTemplate', templates?.seeded ?? '');
  project.provide('testRunPid', process.pid);

  return async () => {
    seeded.users -= 1;
    if (seeded.users > 0) return;
    rmSync(seeded.file, { force: true });
    delete run[SEEDED];
    if (url && seeded.postgres) await dropRunDatabases(url, { runPid: process.pid });
  };
}

/** The PostgreSQL templates, once per run; leftovers of killed runs are dropped first. */
async function postgresTemplates(
  url: string,
  hash: string,
  migrations: ReturnType<typeof loadMigrations>,
  seededAt: string,
): Promise<{ migrated: string; seeded: string }> {
  await dropRunDatabases(url, { onlyEnded: true });
  const migrated = await migratedTemplate(url, hash, migrations);
  return { migrated, seeded: await seededTemplate(url, migrated, seededAt) };
}

const SEEDED = Symbol.for('trinkgeld.test.seededSnapshot');

interface SeededRun {
  /** Projects of this run that have not torn down yet. */
  users: number;
  seededAt: string;
  file: string;
  ready: Promise<void>;
  /** Made when the first project on PostgreSQL sets up. */
  postgres?: Promise<{ migrated: string; seeded: string }>;
}

async function seed(migratedSnapshot: string, file: string, seededAt: string): Promise<void> {
  const seeded = await openDatabase({ loadDataDir: loadSnapshot(migratedSnapshot) });
  await seedDemoData(seeded, new ManualClock(seededAt));
  await writeDump(seeded, file);
  await seeded.close();
}

/** Seed snapshots a killed run left behind (its process no longer runs). */
function removeSnapshotsOfEndedRuns(dir: string): void {
  for (const name of readdirSync(dir)) {
    const pid = /^seeded-[0-9a-f]+-(\d+)-\d+\.tar\.gz$/.exec(name)?.[1];
    if (pid && !isRunning(Number(pid))) rmSync(path.join(dir, name), { force: true });
  }
}

async function writeDump(database: Database, file: string): Promise<void> {
  const dump = await database.dump!();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

export function loadSnapshot(file: string): Blob {
  return new Blob([readFileSync(file)]);
}
