import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Database, openDatabase } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { reportCsvStream } from '../src/server/features/reports/service';

/**
 * The reports CSV export over many tips (BENCH_CSV_ROWS, default 1,000,000) of one business:
 * streams it into a counting sink and prints the peak RSS of this process while it runs, next
 * to the RSS before. Uses PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (the
 * database then lives outside this process), else embedded PGlite.
 */
export async function run(): Promise<void> {
  const rows = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let database: Database;
  let cleanup: () => Promise<void>;
  if (url) {
    const schema = `bench_csv_${Date.now()}`;
    const admin = await openDatabase({ url, poolSize: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    database = await openDatabase({ url, searchPath: schema, poolSize: 2 });
    cleanup = async () => {
      await database.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    };
  } else {
    database = await openDatabase({});
    cleanup = () => database.close();
  }
  try {
    await migrate(database);
    const [business] = await database.query<{ id: string }>(
      `INSERT INTO businesses (name) VALUES ('Bench-Hotel Größe') RETURNING id`,
    );
    const [user] = await database.query<{ id: string }>(
      `INSERT INTO users (email, password_hash) VALUES ('bench@test.local', 'x') RETURNING id`,
    );
    await database.query(
      `INSERT INTO profiles (id, role, full_name, email, business_id)
       VALUES ($1, 'employee', 'Jürgen Weiß', 'bench@test.local', $2)`,
      [user!.id, business!.id],
    );
    const seedStart = performance.now();
    await database.query(
      `INSERT INTO tips (business_id, employee_id, amount_cents, status, created_at, updated_at, paid_at)
       SELECT $1, $2, 100 + (g % 5000), 'pending',
              timestamptz '2025-01-01' + g * interval '30 seconds',
              timestamptz '2025-01-01' + g * interval '30 seconds',
              timestamptz '2025-01-01' + g * interval '30 seconds'
       FROM generate_series(1, $3::int) g`,
      [business!.id, user!.id, rows],
    );
    const seedMs = performance.now() - seedStart;

    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    let bytes = 0;
    let lines = 0;
    const started = performance.now();
    await pipeline(
      reportCsvStream(database, business!.id, { from: '2025-01-01', to: '2025-12-31' }),
      new Writable({
        write(chunk: Buffer | string, _encoding, callback) {
          const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
          bytes += Buffer.byteLength(text);
          for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
          peak = Math.max(peak, process.memoryUsage().rss);
          callback();
        },
      }),
    );
    clearInterval(sampler);
    const ms = performance.now() - started;
    const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`;
    process.stdout.write(
      [
        `engine: ${url ? 'postgres' : 'pglite'}; tips seeded: ${rows} in ${(seedMs / 1000).toFixed(1)} s`,
        `csv: ${lines - 1} data lines, ${mb(bytes)} in ${(ms / 1000).toFixed(1)} s`,
        `rss before export: ${mb(before)}; peak rss during export: ${mb(peak)} (+${mb(peak - before)})`,
        '',
      ].join('\n'),
    );
  } finally {
    await cleanup();
  }
}
