import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../../src/server/db/connect';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/seed/seed';
import { ManualClock } from '../../src/server/lib/clock';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedSnapshot: string;
    seededSnapshot: string;
    seededAt: string;
  }
}

/**
 * Opening PGlite from scratch takes seconds; loading a dumped data directory takes a fraction.
 * So the migrations run once per change of the migration files (that snapshot stays in the temp
 * folder for the next run), and the seed once per test run (its dates are relative to now): the
 * projects of one run (int-pglite, int-postgres, e2e) share it, and the last project's teardown
 * removes it. Each test file loads its own copy.
 */
export default async function setup(project: TestProject): Promise<() => void> {
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
  await seeded.ready;

  project.provide('migratedSnapshot', migratedSnapshot);
  project.provide('seededSnapshot', seeded.file);
  project.provide('seededAt', seeded.seededAt);

  return () => {
    seeded.users -= 1;
    if (seeded.users > 0) return;
    rmSync(seeded.file, { force: true });
    delete run[SEEDED];
  };
}

const SEEDED = Symbol.for('trinkgeld.test.seededSnapshot');

interface SeededRun {
  /** Projects of this run that have not torn down yet. */
  users: number;
  seededAt: string;
  file: string;
  ready: Promise<void>;
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function writeDump(database: Database, file: string): Promise<void> {
  const dump = await database.dump!();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

export function loadSnapshot(file: string): Blob {
  return new Blob([readFileSync(file)]);
}
