import { randomBytes } from 'node:crypto';
import type { Database } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { businessPlans } from '../src/server/db/schema';
import { insertApiKey } from '../src/server/features/api-keys/queries';
import { hashSecret } from '../src/server/features/api-keys/service';
import type { RunningServer } from '../src/server/server';
import {
  budget,
  engineLabel,
  HELLO_PATH,
  line,
  ms,
  openBenchDatabase,
  percentile,
  startBenchServer,
  usesPostgres,
} from './support/harness';
import {
  type BulkShape,
  type BulkSeed,
  HUNDRED_THOUSAND,
  MILLION,
  seedBulkTips,
  TEN_THOUSAND,
} from './support/seed-tips';

/**
 * The business API's tip list (decisions 0631, 0650): `GET /api/v1/tips` pages on 10,000 and on 1,000,000
 * seeded tips, one request at a time, the sets interleaved round by round as in the reports
 * benchmark (decision 0261). Budgets: p95 <= 25 ms per page, and p95 at 1,000,000 no more than
 * 1.5x p95 at 10,000. Pages: the first, one from the middle of the heavy business's tips (by
 * cursor), the heavy employee's tips (recipient filter) and last month's (time filter).
 *
 * Every key may make 25 requests a second (API_KEY_RATE): the rounds go round a ring of keys of
 * the business, so the limit is kept and never answers instead of the database.
 */
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 300);
const WARM_UP = 5;
const PAGE_P95_MS = 25;
const GROWTH = 1.5;
const KEYS = 24;
const PAGE = 50;

interface ApiSet {
  label: string;
  server: RunningServer;
  database: Database;
  seed: BulkSeed;
  get(path: string): Promise<void>;
  close(): Promise<void>;
}

async function openSet(shape: Omit<BulkShape, 'now'>, label: string, now: Date): Promise<ApiSet> {
  const { database, cleanup } = await openBenchDatabase(`api_${label}`);
  try {
    await migrate(database);
    const seed = await seedBulkTips(database, { ...shape, now });
    line(`seed ${label} tips`, `${seed.tipCount} tips in ${seed.seconds.toFixed(1)} s`);
    const secrets: string[] = [];
    for (let i = 0; i < KEYS; i += 1) {
      const secret = `tg_test_${randomBytes(24).toString('base64url')}`;
      await insertApiKey(database.db, {
        businessId: seed.heavyBusinessId,
        name: `Benchmark ${i + 1}`,
        prefix: 'tg_test_',
        lastFour: secret.slice(-4),
        secretHash: hashSecret(secret),
        scopes: ['tips:read'],
        createdAt: now,
      });
      secrets.push(secret);
    }
    // The API belongs to Pro (decision 0630): the business has a running subscription.
    await database.db.insert(businessPlans).values({
      businessId: seed.heavyBusinessId,
      status: 'active',
      currentPeriodEnd: new Date('2100-01-01T00:00:00Z'),
      provider: 'demo',
    });
    const server = await startBenchServer(database, {}, { seed: false });
    let turn = 0;
    return {
      label,
      server,
      database,
      seed,
      async get(path) {
        turn = (turn + 1) % secrets.length;
        const response = await fetch(`${server.url}${path}`, {
          headers: { authorization: `Bearer ${secrets[turn]}` },
        });
        const body = await response.arrayBuffer();
        if (response.status !== 200) {
          throw new Error(`${path}: ${response.status} ${Buffer.from(body).toString()}`);
        }
      },
      async close() {
        await server.close();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

interface Probe {
  name: string;
  path(set: ApiSet): Promise<string>;
}

/** The id of the heavy business's tip halfway down the list's order: a cursor mid-set. */
async function middleCursor(set: ApiSet): Promise<string> {
  const listed = `business_id = $1 AND status IN ('pending', 'completed', 'refunded')`;
  const rows = await set.database.query<{ id: string }>(
    `SELECT id FROM tips WHERE ${listed} ORDER BY created_at DESC, id DESC
     OFFSET (SELECT count(*) / 2 FROM tips WHERE ${listed}) LIMIT 1`,
    [set.seed.heavyBusinessId],
  );
  return rows[0]!.id;
}

function probes(now: Date): Probe[] {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return [
    { name: 'tips first page', path: async () => `/api/v1/tips?limit=${PAGE}` },
    {
      name: 'tips page from the middle (starting_after)',
      path: async (set) => `/api/v1/tips?limit=${PAGE}&starting_after=${await middleCursor(set)}`,
    },
    {
      name: 'tips of one recipient (heavy employee)',
      path: async (set) => `/api/v1/tips?limit=${PAGE}&recipient=${set.seed.heavyEmployeeId}`,
    },
    {
      name: 'tips of last month (created_gte, created_lt)',
      path: async () =>
        `/api/v1/tips?limit=${PAGE}&created_gte=${monthStart.toISOString()}&created_lt=${monthEnd.toISOString()}`,
    },
  ];
}

export async function run(): Promise<void> {
  line('database', engineLabel());
  line('rounds per page', `${ROUNDS} per set, interleaved, after ${WARM_UP} warm-up rounds`);
  const large =
    usesPostgres() || process.env.BENCH_PGLITE_MILLION === '1' ? MILLION : HUNDRED_THOUSAND;
  const largeLabel = large === MILLION ? '1m' : '100k';
  if (large !== MILLION) {
    line(
      'large set',
      '100,000 tips on PGlite; set DATABASE_URL (or BENCH_PGLITE_MILLION=1) for 1,000,000',
    );
  }
  const now = new Date();
  const small = await openSet(TEN_THOUSAND, '10k', now);
  try {
    const big = await openSet(large, largeLabel, now);
    try {
      // No database and no key: the noise floor of one request on this machine right now.
      const hello: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const started = performance.now();
        await (await fetch(`${small.server.url}${HELLO_PATH}`)).arrayBuffer();
        hello.push(performance.now() - started);
      }
      line('hello (no database) p95', ms(percentile(hello, 95)));
      for (const probe of probes(now)) {
        const paths = new Map<ApiSet, string>();
        for (const set of [small, big]) paths.set(set, await probe.path(set));
        for (let i = 0; i < WARM_UP; i += 1) {
          for (const set of [small, big]) await set.get(paths.get(set)!);
        }
        const times = new Map<ApiSet, number[]>([
          [small, []],
          [big, []],
        ]);
        for (let i = 0; i < ROUNDS; i += 1) {
          for (const set of i % 2 === 0 ? [small, big] : [big, small]) {
            const started = performance.now();
            await set.get(paths.get(set)!);
            times.get(set)!.push(performance.now() - started);
          }
        }
        const p95 = (set: ApiSet) => percentile(times.get(set)!, 95);
        for (const set of [small, big]) {
          budget(
            `${set.label} ${probe.name} p95`,
            ms(p95(set)),
            p95(set) <= PAGE_P95_MS,
            `<= ${PAGE_P95_MS} ms`,
          );
        }
        // Below a millisecond the ratio says nothing but timer noise: compare with at least 1 ms.
        const ratio = p95(big) / Math.max(1, p95(small));
        budget(
          `growth 10k->${largeLabel} ${probe.name}`,
          `${ratio.toFixed(2)}x (${ms(p95(small))} -> ${ms(p95(big))})`,
          ratio <= GROWTH,
          `<= ${GROWTH}x`,
        );
      }
    } finally {
      await big.close();
    }
  } finally {
    await small.close();
  }
}
