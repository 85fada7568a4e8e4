import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
 * So the migrations run once per change of the migration files, and the seed once per test run
 * (its dates are relative to now); each test file loads its own copy.
 */
export default async function setup(project: TestProject): Promise<void> {
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

  const seededAt = new Date().toISOString();
  const seededSnapshot = path.join(dir, `seeded-${hash}-${process.pid}-${Date.now()}.tar.gz`);
  const seeded = await openDatabase({ loadDataDir: loadSnapshot(migratedSnapshot) });
  await seedDemoData(seeded, new ManualClock(seededAt));
  await writeDump(seeded, seededSnapshot);
  await seeded.close();

  project.provide('migratedSnapshot', migratedSnapshot);
  project.provide('seededSnapshot', seededSnapshot);
  project.provide('seededAt', seededAt);
}

async function writeDump(database: Database, file: string): Promise<void> {
  const dump = await database.dump!();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

export function loadSnapshot(file: string): Blob {
  return new Blob([readFileSync(file)]);
}
