import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Database, openDatabase } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { ManualClock } from '../src/server/lib/clock';
import { createTestApp } from '../test/support/app';
import { signIn } from '../test/support/auth';
import { finishBulkLoad, insertWithoutRowTriggers } from './support/seed-tips';

/**
 * The reports CSV export over many tips (BENCH_CSV_ROWS, default 1,000,000) of one business,
 * through the real route (`GET /api/admin/reports/tips.csv` over HTTP on 127.0.0.1, signed in
 * as the owner): reads the streamed answer, checks the BOM, the umlauts and that the amounts
 * add up to the database's sum, and prints the peak RSS of this process (server and client)
 * while it runs, next to the RSS before. The tips are seeded by one set-based
 * `INSERT … SELECT generate_series` inside the database, which beats COPY and multi-row inserts
 * because no row crosses the wire. Uses PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (the
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
    const [ownerUser] = await database.query<{ id: string }>(
      `INSERT INTO users (email, password_hash) VALUES ('bench-owner@test.local', 'x') RETURNING id`,
    );
    await database.query(
      `INSERT INTO profiles (id, role, full_name, email, business_id)
       VALUES ($1, 'business_owner', 'Inhaberin Größe', 'bench-owner@test.local', $2)`,
      [ownerUser!.id, business!.id],
    );
    await database.query(
      `INSERT INTO profiles (id, role, full_name, email, business_id)
       VALUES ($1, 'employee', 'Jürgen Weiß', 'bench@test.local', $2)`,
      [user!.id, business!.id],
    );
    const seedStart = performance.now();
    // The day-total triggers cost about 0.3 ms a row (5 minutes for a million here): the rows go
    // in with them off and the totals are computed once, as the report seed does.
    await insertWithoutRowTriggers(database, (run) =>
      run(
        `INSERT INTO tips (business_id, employee_id, amount_cents, status, created_at, updated_at, paid_at)
         SELECT $1, $2, 100 + (g % 5000), 'pending',
                timestamptz '2025-01-01' + g * interval '30 seconds',
                timestamptz '2025-01-01' + g * interval '30 seconds',
                timestamptz '2025-01-01' + g * interval '30 seconds'
         FROM generate_series(1, $3::int) g`,
        [business!.id, user!.id, rows],
      ),
    );
    await finishBulkLoad(database);
    const seedMs = performance.now() - seedStart;

    const [expected] = await database.query<{ cents: string }>(
      `SELECT sum(amount_cents)::text AS cents FROM tips WHERE business_id = $1`,
      [business!.id],
    );

    const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
    const t = await createTestApp({ database, clock });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = await signIn(t, 'bench-owner@test.local');

    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    let bytes = 0;
    let lines = 0;
    let cents = 0n;
    let bom = false;
    let umlauts = false;
    let rest = '';
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/admin/reports/tips.csv?from=2025-01-01&to=2025-12-31',
          headers: { cookie },
        },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`export answered ${response.statusCode}`));
            response.resume();
            return;
          }
          response.setEncoding('utf8');
          response.on('data', (text: string) => {
            bytes += Buffer.byteLength(text);
            if (lines === 0 && rest === '') bom = text.charCodeAt(0) === 0xfeff;
            const parts = (rest + text).split('\r\n');
            rest = parts.pop() ?? '';
            for (const line of parts) {
              lines += 1;
              if (lines === 1) continue;
              const fields = line.split(';');
              if (!umlauts) umlauts = fields[2] === 'Jürgen Weiß';
              // 'Anteil (EUR)': what the recipient of this line received (all direct tips here).
              const [whole, fraction] = fields[6]!.split(',');
              cents += BigInt(whole!) * 100n + BigInt(fraction!);
            }
            peak = Math.max(peak, process.memoryUsage().rss);
          });
          response.on('end', resolve);
          response.on('error', reject);
        },
      ).on('error', reject);
    });
    clearInterval(sampler);
    await t.close();
    const sumOk = cents === BigInt(expected!.cents);
    if (!bom || !umlauts || !sumOk || lines - 1 !== rows) {
      throw new Error(
        `csv check failed: bom ${bom}, umlauts ${umlauts}, sum ${cents} vs ${expected!.cents}, lines ${lines - 1}`,
      );
    }
    const ms = performance.now() - started;
    const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`;
    process.stdout.write(
      [
        `engine: ${url ? 'postgres' : 'pglite'}; tips seeded: ${rows} in ${(seedMs / 1000).toFixed(1)} s`,
        `csv via GET /api/admin/reports/tips.csv: ${lines - 1} data lines, ${mb(bytes)} in ${(ms / 1000).toFixed(1)} s`,
        `checks: BOM ok, "Jürgen Weiß" ok, amounts sum to ${euroText(cents)} € = database sum`,
        `rss before export: ${mb(before)}; peak rss during export: ${mb(peak)} (+${mb(peak - before)})`,
        '',
      ].join('\n'),
    );
  } finally {
    await cleanup();
  }
}

function euroText(cents: bigint): string {
  return `${cents / 100n},${String(cents % 100n).padStart(2, '0')}`;
}
