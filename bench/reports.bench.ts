import type { Database } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import type { JobRunReport } from '../src/server/lib/job-runs';
import { sessionCookieName } from '../src/server/features/auth/cookie';
import { createSession } from '../src/server/features/auth/sessions';
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
  HUNDRED_THOUSAND,
  MILLION,
  seedBulkTips,
  TEN_THOUSAND,
} from './support/seed-tips';

/**
 * Employee statistics and history and the business month report on 10,000 and on 1,000,000
 * seeded tips (1,000 employees, one with a tenth of all tips), over HTTP one request at a time.
 * Budgets: p95 <= 25 ms for the employee endpoints, <= 300 ms for the month report,
 * and p95 at 1,000,000 no more than 1.5x p95 at 10,000. The plans of the queries behind each
 * endpoint are printed for the large set. Both sets are measured side by side, round by round
 * (decision 0261).
 */
// 500 rounds put 25 requests in the 5 % tail a p95 reads: one hiccup of this shared machine then
// moves a p95 of 2-4 ms no longer by half (decision 0261; 60 and 200 rounds did).
const ROUNDS = Number(process.env.BENCH_REPORT_ROUNDS ?? 500);
const WARM_UP = 5;
const EMPLOYEE_P95_MS = 25;
const REPORT_P95_MS = 300;
const GROWTH = 1.5;

interface Probe {
  name: string;
  path: string;
  who: 'heavy' | 'typical' | 'owner';
  /**
   * A history page as deep as the set has, up to this page: page 50 of a month exists only in
   * the large set (the heavy employee has a few hundred tips a month in the small one, e.g. 304
   * on 2026-11-28), and an empty page against a full one measured the answer's size, not the
   * data's growth.
   */
  deepestPageUpTo?: number;
}

const HISTORY_PAGE_SIZE = 20;

function lastFullMonth(now: Date): { from: string; to: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function probes(now: Date): Probe[] {
  const month = lastFullMonth(now);
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const employee: Probe[] = [];
  for (const who of ['heavy', 'typical'] as const) {
    employee.push(
      { name: `employee stats month (${who})`, path: '/api/employee/stats?period=month', who },
      { name: `employee stats week (${who})`, path: '/api/employee/stats?period=week', who },
      {
        name: `employee history month page 1 (${who})`,
        path: '/api/employee/tips?period=month&page=1&pageSize=20',
        who,
      },
      {
        name: `employee history month page 50 or the set's last (${who})`,
        path: `/api/employee/tips?period=month&page=50&pageSize=${HISTORY_PAGE_SIZE}`,
        who,
        deepestPageUpTo: 50,
      },
      {
        name: `employee today (${who})`,
        path: `/api/employee/today?from=${encodeURIComponent(today.toISOString())}`,
        who,
      },
      { name: `employee messages (${who})`, path: '/api/employee/messages', who },
    );
  }
  return [
    // No database and no session: the noise floor of one request on this machine right now.
    { name: 'hello (no database)', path: HELLO_PATH, who: 'typical' },
    ...employee,
    {
      name: 'business month report (heavy business)',
      path: `/api/admin/reports?from=${month.from}&to=${month.to}`,
      who: 'owner',
    },
  ];
}

/** Records the SQL a request runs, so its plans can be printed. */
function recording(database: Database) {
  let recorded: { sql: string; params: unknown[] }[] | null = null;
  const query = database.query.bind(database);
  const wrapped: Database = {
    ...database,
    query: ((sql: string, params: unknown[] = []) => {
      recorded?.push({ sql, params: [...params] });
      return query(sql, params);
    }) as Database['query'],
  };
  return {
    database: wrapped,
    start() {
      recorded = [];
    },
    stop() {
      const result = recorded ?? [];
      recorded = null;
      return result;
    },
  };
}

interface OpenSet {
  label: string;
  /** One request of a probe (at `path`, the probe's own by default); throws unless it answers 200. */
  get(probe: Probe, path?: string): Promise<void>;
  /** The JSON answer of one request of a probe at `path`. */
  read(probe: Probe, path: string): Promise<unknown>;
  /** The SQL statements one request of a probe (at `path`) runs. */
  statements(probe: Probe, path?: string): Promise<{ sql: string; params: unknown[] }[]>;
  database: Database;
  /** The server's periodic jobs that ran since the set opened (name, count, longest run). */
  jobs(): string;
  close(): Promise<void>;
}

async function openSet(shape: Omit<BulkShape, 'now'>, label: string, now: Date): Promise<OpenSet> {
  const { database, cleanup } = await openBenchDatabase(`reports_${label}`);
  try {
    await migrate(database);
    const seed = await seedBulkTips(database, { ...shape, now });
    line(`seed ${label} tips`, `${seed.tipCount} tips in ${seed.seconds.toFixed(1)} s`);
    const recorder = recording(database);
    const server = await startBenchServer(recorder.database, {}, { seed: false });
    // A job run that scans more rows on the large set would slow the requests beside it: the
    // runs are printed with the figures, so a tail can be told from the machine's noise.
    const jobRuns: JobRunReport[] = [];
    server.deps.jobRuns.onRun((report) => jobRuns.push(report));
    const cookies = new Map<Probe['who'], string>();
    const ids = {
      heavy: seed.heavyEmployeeId,
      typical: seed.typicalEmployeeId,
      owner: seed.ownerIds[0]!,
    };
    for (const [who, userId] of Object.entries(ids) as [Probe['who'], string][]) {
      const { token } = await createSession(database.db, { userId, now: new Date() });
      cookies.set(who, `${sessionCookieName(server.deps.config)}=${token}`);
    }
    const request = async (probe: Probe, path: string) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { cookie: cookies.get(probe.who)! },
      });
      if (response.status !== 200) {
        throw new Error(`${path}: ${response.status} ${await response.text()}`);
      }
      return response;
    };
    const get = async (probe: Probe, path = probe.path) => {
      await (await request(probe, path)).arrayBuffer();
    };
    return {
      label,
      get,
      read: async (probe, path) => (await request(probe, path)).json(),
      database,
      jobs() {
        const byJob = new Map<string, number[]>();
        for (const run of jobRuns) {
          const took = run.finishedAt.getTime() - run.startedAt.getTime();
          byJob.set(run.job, [...(byJob.get(run.job) ?? []), took]);
        }
        return (
          [...byJob]
            .map(([job, took]) => `${job} ${took.length}x, longest ${Math.max(...took)} ms`)
            .join('; ') || 'none'
        );
      },
      async statements(probe, path) {
        recorder.start();
        await get(probe, path);
        return recorder.stop();
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

/** A statement parameter as an SQL literal, for EXECUTE (standard_conforming_strings on). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value)) {
    return quote(
      `{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
    );
  }
  return quote(String(value));
}

/**
 * The plans the server runs: each statement prepared and executed with the request's values on
 * a pool connection, so EXPLAIN shows the plan the pool's plan cache mode picks (the generic
 * plan, decision 0286; `$n` in a plan marks a value it was not planned for).
 */
async function printPlans(set: OpenSet, probe: Probe, path: string): Promise<void> {
  for (const [index, statement] of (await set.statements(probe, path)).entries()) {
    const plan = await set.database.rawTransaction(async (run) => {
      await run(`PREPARE bench_plan AS ${statement.sql}`);
      // EXECUTE takes no bound parameters: the request's values go in as quoted literals.
      const values = statement.params.map(literal).join(', ');
      const rows = await run<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) EXECUTE bench_plan${values ? `(${values})` : ''}`,
      );
      await run('DEALLOCATE bench_plan');
      return rows;
    });
    process.stdout.write(`  plan ${index + 1} of ${probe.name}:\n`);
    for (const row of plan) process.stdout.write(`    ${row['QUERY PLAN']}\n`);
  }
}

/** The last page `total` rows fill (page 1 when there are none), but no deeper than `upTo`. */
export function deepestPage(total: number, pageSize: number, upTo: number): number {
  return Math.min(upTo, Math.max(1, Math.ceil(total / pageSize)));
}

/** The probe's path in one set: for a deepest-page probe, the page this set really has. */
async function pathIn(set: OpenSet, probe: Probe): Promise<string> {
  if (!probe.deepestPageUpTo) return probe.path;
  const url = new URL(probe.path, 'http://bench');
  url.searchParams.set('page', '1');
  const first = (await set.read(probe, url.pathname + url.search)) as { total: number };
  const page = deepestPage(first.total, HISTORY_PAGE_SIZE, probe.deepestPageUpTo);
  url.searchParams.set('page', String(page));
  line(`${set.label} ${probe.name}`, `page ${page} of ${first.total} tips this month`);
  return url.pathname + url.search;
}

/**
 * Both sets are open at once and each probe's rounds alternate between them (which goes first
 * alternates too), so a change of load on this shared machine during the run weighs on the
 * small and the large set alike instead of on whichever was measured later.
 */
async function measureInterleaved(small: OpenSet, large: OpenSet, now: Date) {
  const growth: { name: string; small: number; large: number }[] = [];
  for (const probe of probes(now)) {
    const paths = new Map<OpenSet, string>();
    for (const set of [small, large]) paths.set(set, await pathIn(set, probe));
    for (let i = 0; i < WARM_UP; i += 1) {
      await small.get(probe, paths.get(small));
      await large.get(probe, paths.get(large));
    }
    const times = new Map<OpenSet, number[]>([
      [small, []],
      [large, []],
    ]);
    for (let i = 0; i < ROUNDS; i += 1) {
      for (const set of i % 2 === 0 ? [small, large] : [large, small]) {
        const started = performance.now();
        await set.get(probe, paths.get(set));
        times.get(set)!.push(performance.now() - started);
      }
    }
    const p95 = (set: OpenSet) => percentile(times.get(set)!, 95);
    for (const set of [small, large]) {
      if (probe.path === HELLO_PATH) {
        line(`${set.label} ${probe.name} p95`, ms(p95(set)));
        continue;
      }
      const limit = probe.who === 'owner' ? REPORT_P95_MS : EMPLOYEE_P95_MS;
      budget(`${set.label} ${probe.name} p95`, ms(p95(set)), p95(set) <= limit, `<= ${limit} ms`);
    }
    if (probe.path === HELLO_PATH) continue;
    await printPlans(large, probe, paths.get(large)!);
    growth.push({ name: probe.name, small: p95(small), large: p95(large) });
  }
  return growth;
}

export async function run(): Promise<void> {
  line('database', engineLabel());
  line('rounds per endpoint', `${ROUNDS} per set, interleaved, after ${WARM_UP} warm-up rounds`);
  // Seeding 1,000,000 tips into embedded PGlite takes about 5 minutes on this machine, a third of
  // the whole run's budget: without DATABASE_URL the large set is 100,000 tips, and the
  // 1,000,000-tip budgets are measured on PostgreSQL (docs/performance.md).
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
    const largeSet = await openSet(large, largeLabel, now);
    try {
      for (const probe of await measureInterleaved(small, largeSet, now)) {
        // Below a millisecond the ratio says nothing but timer noise: compare with at least 1 ms.
        const ratio = probe.large / Math.max(1, probe.small);
        budget(
          `growth 10k->${largeLabel} ${probe.name}`,
          `${ratio.toFixed(2)}x (${ms(probe.small)} -> ${ms(probe.large)})`,
          ratio <= GROWTH,
          `<= ${GROWTH}x`,
        );
      }
      for (const set of [small, largeSet]) line(`jobs run on the ${set.label} set`, set.jobs());
    } finally {
      await largeSet.close();
    }
  } finally {
    await small.close();
  }
}
