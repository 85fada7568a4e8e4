import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase, quoteIdent } from '../../src/server/db/connect';
import { type Migration, migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/seed/seed';
import { ManualClock } from '../../src/server/lib/clock';
import { isRunning } from '../../src/server/db/embedded-lock';

/**
 * PostgreSQL test databases copied from templates (decision 0595): migrating a fresh schema
 * per test file took 2–3 s and the demo seed another 6 s under load; `CREATE DATABASE … TEMPLATE`
 * copies a migrated (or seeded) database in well under a second. The migrated template is kept
 * between runs (`tg_tpl_<role>_<hash>`, named by the migrations' hash as the PGlite snapshot
 * is, and by the role that may copy it); the seeded one and
 * every file's database belong to one run and carry its process id, so a later run can tell
 * the leftovers of a killed run from those of a run still going.
 */
const PREFIX = 'tg_test_';

/** The database in `url` replaced by `name`: same server, user and options. */
export function urlOfDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withAdmin<T>(url: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return result.rowCount === 1;
}

/**
 * A template made by `fill` on a fresh database under a temporary name and renamed when done,
 * so a run killed half-way never leaves a template that looks finished.
 */
async function buildTemplate(
  url: string,
  name: string,
  from: string,
  fill: (database: Database) => Promise<void>,
): Promise<void> {
  const building = `${PREFIX}${process.pid}_building_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, async (client) => {
    await client.query(`CREATE DATABASE ${quoteIdent(building)} TEMPLATE ${quoteIdent(from)}`);
  });
  const database = await openDatabase({ url: urlOfDatabase(url, building), poolSize: 1 });
  try {
    await fill(database);
  } finally {
    await database.close();
  }
  await withAdmin(url, (client) =>
    client.query(`ALTER DATABASE ${quoteIdent(building)} RENAME TO ${quoteIdent(name)}`),
  );
}

/** The migrated template of these migrations, made when this server has none yet. */
export async function migratedTemplate(
  url: string,
  hash: string,
  migrations: Migration[],
): Promise<string> {
  // Named by the role too: copying a database needs its owner (or a superuser), and one server
  // may serve several roles (a developer's and CI's).
  const { name, exists } = await withAdmin(url, async (client) => {
    const [row] = (await client.query<{ role: string }>('SELECT current_user AS role')).rows;
    const role = (row?.role ?? '').replace(/[^a-z0-9_]/gi, '').slice(0, 24);
    const template = `tg_tpl_${role}_${hash}`;
    return { name: template, exists: await databaseExists(client, template) };
  });
  if (!exists) {
    await buildTemplate(url, name, 'template0', async (database) => {
      await migrate(database, migrations);
    });
  }
  return name;
}

/** This run's seeded template: the demo data as of `seededAt`, dropped by `dropRunDatabases`. */
export async function seededTemplate(
  url: string,
  migrated: string,
  seededAt: string,
): Promise<string> {
  const name = `${PREFIX}${process.pid}_seeded`;
  await withAdmin(url, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  );
  await buildTemplate(url, name, migrated, (database) =>
    seedDemoData(database, new ManualClock(seededAt)).then(() => undefined),
  );
  return name;
}

/** The name of one test file's database in the run of process `runPid`. */
export function fileDatabaseName(runPid: number, unique: string): string {
  return `${PREFIX}${runPid}_file_${unique}`;
}

/** A copy of `template` under `name`, for one test file. */
export async function copyTemplate(url: string, template: string, name: string): Promise<void> {
  await withAdmin(url, async (client) => {
    await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
    // A test's database need not outlive a crash of the server, so its commits do not wait for
    // the disk (a machine with slow fsync would otherwise pay for every request of a journey).
    await client.query(`ALTER DATABASE ${quoteIdent(name)} SET synchronous_commit = off`);
  });
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdmin(url, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  );
}

/**
 * Drops this run's databases (`runPid`), or with `onlyEnded` those of runs whose process is
 * gone: a killed run leaves its databases behind, and the next run clears them.
 */
export async function dropRunDatabases(
  url: string,
  select: { runPid: number } | { onlyEnded: true },
): Promise<void> {
  await withAdmin(url, async (client) => {
    // Only this role's: another role's databases are not ours to drop (nor could we).
    const result = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database
        WHERE datname LIKE $1 AND pg_get_userbyid(datdba) = current_user`,
      [`${PREFIX}%`],
    );
    for (const { datname } of result.rows) {
      const pid = new RegExp(`^${PREFIX}(\\d+)_`).exec(datname)?.[1];
      if (!pid) continue;
      const ours = 'runPid' in select ? Number(pid) === select.runPid : !isRunning(Number(pid));
      if (ours) await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    }
  });
}
