import { randomUUID } from 'node:crypto';
import type { Database, RawRunner } from '../../src/server/db/connect';
import { rebuildTipDayTotals } from '../../src/server/features/tip-totals/queries';

/**
 * Seeds large data sets for the report, statistics and payout benchmarks: businesses, their
 * owners, employees with a payment point each, and tips spread over a year. The rows are made by
 * the database itself (`INSERT … SELECT … FROM generate_series` in chunks): nothing crosses the
 * wire per row, which is faster than COPY on PostgreSQL and than multi-row inserts on PGlite
 * (docs/decisions/0231-bench-seed-generator.md). The maintained day totals are rebuilt once
 * after the load (decision 0260).
 */
export interface BulkShape {
  tips: number;
  employees: number;
  businesses: number;
  /** Tips of the one heavy employee (in the first business); the rest share the others. */
  heavyEmployeeTips: number;
  /** Tips fall into the `days` days before `now`. */
  days: number;
  now: Date;
  /** Rows per INSERT statement. */
  chunk?: number;
}

export interface BulkSeed {
  businessIds: string[];
  /** Owner user id of each business, in the same order. */
  ownerIds: string[];
  employeeIds: string[];
  heavyEmployeeId: string;
  /** An employee with an ordinary share of the tips. */
  typicalEmployeeId: string;
  heavyBusinessId: string;
  /** The payment point uids, one per employee (`bench-e0` belongs to the heavy employee). */
  uids: string[];
  tipCount: number;
  seconds: number;
}

/** 1,000,000 tips, 1,000 employees, one of them with 100,000. */
export const MILLION: Omit<BulkShape, 'now'> = {
  tips: 1_000_000,
  employees: 1_000,
  businesses: 20,
  heavyEmployeeTips: 100_000,
  days: 365,
};

/** The same shape at one tenth (the large set on PGlite, where 1,000,000 takes minutes to seed). */
export const HUNDRED_THOUSAND: Omit<BulkShape, 'now'> = {
  tips: 100_000,
  employees: 1_000,
  businesses: 20,
  heavyEmployeeTips: 10_000,
  days: 365,
};

/** The same shape at one hundredth: the comparison point for "does it grow with the table". */
export const TEN_THOUSAND: Omit<BulkShape, 'now'> = {
  tips: 10_000,
  employees: 1_000,
  businesses: 20,
  heavyEmployeeTips: 1_000,
  days: 365,
};

/**
 * Runs `insert` in one transaction with the per-row triggers switched off
 * (session_replication_role = replica): no foreign-key checks and no day-total upkeep, which
 * costs about 0.3 ms a row. The rows must be consistent by construction, and the load must end
 * with `finishBulkLoad`.
 */
export async function insertWithoutRowTriggers(
  database: Database,
  insert: (run: RawRunner) => Promise<unknown>,
): Promise<void> {
  await database.rawTransaction(async (run) => {
    await run(`SET LOCAL session_replication_role = replica`);
    await insert(run);
  });
}

/** After a bulk load: the day totals the switched-off triggers would have kept, and statistics. */
export async function finishBulkLoad(database: Database): Promise<void> {
  // Computed once from the tips (migration 0260).
  await rebuildTipDayTotals(database);
  // As autovacuum would after a load: statistics for the planner, and the visibility map that
  // lets index-only scans skip the table.
  await database.exec('VACUUM ANALYZE');
  // A load of a million rows starts a checkpoint on PostgreSQL (max_wal_size), which then spreads
  // its writes over minutes, into the measurements that follow. Writing it out now keeps that
  // disk traffic out of them. Needs a superuser (or pg_checkpoint); without, the figures only
  // carry that noise again.
  await database.exec('CHECKPOINT').catch(() => {});
}

export async function seedBulkTips(database: Database, shape: BulkShape): Promise<BulkSeed> {
  const started = performance.now();
  const businessIds = Array.from({ length: shape.businesses }, () => randomUUID());
  const ownerIds = Array.from({ length: shape.businesses }, () => randomUUID());
  const employeeIds = Array.from({ length: shape.employees }, () => randomUUID());
  const tag = randomUUID().slice(0, 8);
  const uids = employeeIds.map((_, index) => `bench-${tag}-e${index}`);
  const businessOf = (employee: number) => businessIds[employee % shape.businesses]!;

  await database.query(
    `INSERT INTO businesses (id, name, contact_email)
     SELECT id, 'Bench-Betrieb ' || ord, 'betrieb' || ord || '@bench.local'
     FROM unnest($1::uuid[]) WITH ORDINALITY AS b(id, ord)`,
    [businessIds],
  );
  const people = [
    ...ownerIds.map((id, index) => ({
      id,
      email: `owner${index}-${tag}@bench.local`,
      role: 'business_owner',
      business: businessIds[index]!,
      name: `Inhaber ${index}`,
    })),
    ...employeeIds.map((id, index) => ({
      id,
      email: `e${index}-${tag}@bench.local`,
      role: 'employee',
      business: businessOf(index),
      name: `Mitarbeiter ${index}`,
    })),
  ];
  const column = <K extends keyof (typeof people)[number]>(key: K) =>
    people.map((person) => person[key]);
  await database.query(
    `INSERT INTO users (id, email, email_verified_at)
     SELECT id, email, now() FROM unnest($1::uuid[], $2::text[]) AS u(id, email)`,
    [column('id'), column('email')],
  );
  await database.query(
    `INSERT INTO profiles (id, role, full_name, email, business_id)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::uuid[])`,
    [column('id'), column('role'), column('name'), column('email'), column('business')],
  );
  await database.query(
    `INSERT INTO payment_entrypoints (business_id, uid, type, label, target_id, target_type)
     SELECT b, u, 'person', 'Bench ' || u, e, 'user'
     FROM unnest($1::uuid[], $2::text[], $3::uuid[]) AS p(b, u, e)`,
    [employeeIds.map((_, index) => businessOf(index)), uids, employeeIds],
  );
  const [points] = [
    await database.query<{ id: string; uid: string }>(
      `SELECT id, uid FROM payment_entrypoints WHERE uid = ANY($1::text[])`,
      [uids],
    ),
  ];
  const pointByUid = new Map(points.map((point) => [point.uid, point.id]));

  // Tip i goes to the heavy employee for i < heavy, otherwise round-robin over the others.
  // Its time is spread evenly (and deterministically) over the period; 1 in 10 failed, 1 in 3
  // paid out, 1 in 7 with a message.
  const chunk = shape.chunk ?? 100_000;
  const others = shape.employees - 1;
  const spanSeconds = shape.days * 86_400;
  const employeeList = employeeIds;
  const pointList = uids.map((uid) => pointByUid.get(uid)!);
  const businessList = employeeIds.map((_, index) => businessOf(index));
  // Building each index once after the insert is several times faster than maintaining a dozen
  // indexes row by row; the definitions are read back from the catalogue and recreated as they were.
  const indexes = await database.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'tips' AND indexname <> 'tips_pkey'`,
  );
  for (const index of indexes) await database.exec(`DROP INDEX ${index.name}`);
  // The rows are consistent by construction, so the per-row foreign-key triggers are switched
  // off for the bulk insert (session_replication_role = replica, one connection, one
  // transaction per chunk); the indexes are maintained as usual.
  for (let from = 0; from < shape.tips; from += chunk) {
    const to = Math.min(shape.tips, from + chunk) - 1;
    await insertWithoutRowTriggers(database, (run) =>
      run(
        `INSERT INTO tips (business_id, employee_id, entrypoint_id, entrypoint_uid, amount_cents,
                           platform_fee_cents, platform_fee_covered, status, tip_source,
                           payment_method, payment_provider, guest_message, created_at, paid_at,
                           processed_at)
         SELECT p.business_id, p.employee_id, p.entrypoint_id, p.uid, 100 * (1 + i % 20),
                CASE WHEN i % 4 = 0 THEN 45 ELSE 0 END, i % 4 = 0,
                CASE WHEN i % 10 = 9 THEN 'failed' WHEN i % 3 = 0 THEN 'completed' ELSE 'pending' END,
                'direct', 'stripe', 'demo',
                CASE WHEN i % 7 = 0 THEN 'Danke für den tollen Service!' END,
                at, CASE WHEN i % 10 <> 9 THEN at END, CASE WHEN i % 3 = 0 THEN at END
         FROM (
           SELECT i,
                  CASE WHEN i < $4 THEN 0 ELSE 1 + (i - $4) % $5 END AS e,
                  $3::timestamptz - make_interval(secs => ((i::bigint * 7919) % $6)) AS at
           FROM generate_series($1::int, $2::int) AS i
         ) g
         JOIN (
           SELECT (ord - 1)::int AS e, business_id, employee_id, entrypoint_id, uid
           FROM unnest($7::uuid[], $8::uuid[], $9::uuid[], $10::text[])
                WITH ORDINALITY AS x(business_id, employee_id, entrypoint_id, uid, ord)
         ) p ON p.e = g.e`,
        [
          from,
          to,
          shape.now,
          shape.heavyEmployeeTips,
          others,
          spanSeconds,
          businessList,
          employeeList,
          pointList,
          uids,
        ],
      ),
    );
  }
  for (const index of indexes) await database.exec(index.definition);
  await finishBulkLoad(database);
  return {
    businessIds,
    ownerIds,
    employeeIds,
    heavyEmployeeId: employeeIds[0]!,
    typicalEmployeeId: employeeIds[1]!,
    heavyBusinessId: businessIds[0]!,
    uids,
    tipCount: shape.tips,
    seconds: (performance.now() - started) / 1000,
  };
}
