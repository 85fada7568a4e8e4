import { and, desc, eq, gte } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { profiles, tips } from '../src/server/db/schema';
import { seedDemoData } from '../src/server/seed/seed';
import { systemClock } from '../src/server/lib/clock';
import { measure, printTable } from './measure';

/**
 * The employee's period query (tips of the last 14 days, newest first) on seeded demo data:
 * embedded PGlite against PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
export async function run(): Promise<void> {
  const engines: { name: string; database: Database; cleanup: () => Promise<void> }[] = [];

  const pglite = await openDatabase({});
  engines.push({ name: 'pglite', database: pglite, cleanup: () => pglite.close() });

  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `bench_${Date.now()}`;
    const admin = await openDatabase({ url, poolSize: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const postgres = await openDatabase({ url, searchPath: schema, poolSize: 4 });
    engines.push({
      name: 'postgres',
      database: postgres,
      cleanup: async () => {
        await postgres.close();
        await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
        await admin.close();
      },
    });
  }

  const results = [];
  for (const engine of engines) {
    await migrate(engine.database);
    await seedDemoData(engine.database, systemClock);
    const [employee] = await engine.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, 'ben@demo.local'));
    const since = new Date(Date.now() - 14 * 24 * 60 * 60 * 1000);
    results.push(
      await measure(`${engine.name}: employee period query`, 2_000, async () => {
        await engine.database.db
          .select()
          .from(tips)
          .where(and(eq(tips.employeeId, employee!.id), gte(tips.createdAt, since)))
          .orderBy(desc(tips.createdAt));
      }),
    );
  }
  printTable(results);
  for (const engine of engines) await engine.cleanup();
}
