import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { BUSINESS_LIST_PAGE_SIZE, type BusinessListSort } from '../../../../shared/api/operator';
import type { BusinessStatus } from '../../../../shared/domain/business-status';
import type { InvitationDeliveryState } from '../../../../shared/domain/invitation-delivery';
import type { Executor, Tx } from '../../../db/connect';
import { invitationDeliveries } from '../../mail/queries';
import { countWorkingCodes } from '../../payment-points/queries/working';
import { type PlanFactsRow, planRowsOf } from './plans';
import {
  adminAuditLog,
  branding,
  businesses,
  integrationSettings,
  paymentEntrypoints,
  paymentSessions,
  profiles,
  tipMonthTotals,
  tips,
  users,
} from '../../../db/schema';

export type BusinessRow = typeof businesses.$inferSelect;

export interface OwnerRow {
  id: string;
  businessId: string;
  fullName: string | null;
  email: string;
  /** Has neither signed in nor confirmed the address: the invitation is still open. */
  invited: boolean;
  /** Where the open invitation's newest e-mail stands (decision 0500); null once accepted. */
  delivery: InvitationDeliveryState | null;
}

export interface MonthFigures {
  tipsCents: number;
  tipCount: number;
  platformFeeCents: number;
}

/** What the console shows beside each business of a page. */
export interface RowFigures {
  owners: OwnerRow[];
  activeStaff: Map<string, number>;
  activePoints: Map<string, number>;
  month: Map<string, MonthFigures>;
  /** The businesses of the page that came from the self sign-up. */
  signedUp: Set<string>;
  /** The plan rows of the page's businesses (none: Basis). */
  plans: Map<string, PlanFactsRow>;
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Name or an owner's e-mail contains the search (case-insensitive). */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(businesses.name, pattern),
    exists(
      sql`(SELECT 1 FROM ${profiles} WHERE ${profiles.businessId} = ${businesses.id}
           AND ${profiles.role} = 'business_owner' AND ${profiles.email} ILIKE ${pattern})`,
    ),
  );
}

/** Only businesses in the chosen state (decision 0320: closed wins, then the active switch). */
function statusCondition(status: BusinessStatus | undefined): SQL | undefined {
  if (status === 'closed') return isNotNull(businesses.closedAt);
  if (status === 'active') return and(isNull(businesses.closedAt), eq(businesses.active, true));
  if (status === 'suspended') return and(isNull(businesses.closedAt), eq(businesses.active, false));
  return undefined;
}

/** The order of a list page; every order ends on name and id, so pages never overlap. */
function listOrder(sort: BusinessListSort, month: string): SQL[] {
  const byName = [asc(sql`lower(${businesses.name})`), asc(businesses.id)];
  if (sort === 'created') return [desc(businesses.createdAt), ...byName];
  if (sort === 'tips') {
    // The month's paid tips from the kept month totals, as the row's figures show them.
    const monthTips = sql`coalesce((SELECT sum(${tipMonthTotals.amountCents})
      FROM ${tipMonthTotals}
      WHERE ${tipMonthTotals.businessId} = ${businesses.id}
        AND ${tipMonthTotals.kind} = 'all' AND ${tipMonthTotals.month} = ${month}), 0)`;
    return [desc(monthTips), ...byName];
  }
  return byName;
}

/** One offset page of businesses, searched, filtered by state and sorted, and the total. */
export async function businessPage(
  db: Executor,
  options: {
    search?: string | undefined;
    status?: BusinessStatus | undefined;
    sort: BusinessListSort;
    page: number;
    month: string;
  },
): Promise<{ rows: BusinessRow[]; total: number }> {
  const where = and(searchCondition(options.search), statusCondition(options.status));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(businesses)
      .where(where)
      .orderBy(...listOrder(options.sort, options.month))
      .limit(BUSINESS_LIST_PAGE_SIZE)
      .offset((options.page - 1) * BUSINESS_LIST_PAGE_SIZE),
    db.select({ n: count() }).from(businesses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function businessById(db: Executor, id: string): Promise<BusinessRow | null> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  return row ?? null;
}

/**
 * For the businesses of a page: their active owners, active employees, active payment points and
 * the month's paid tips and platform contributions from the kept month totals (decision 0300),
 * four grouped queries whatever the page's length.
 */
export async function rowFigures(db: Executor, ids: string[], month: string): Promise<RowFigures> {
  if (ids.length === 0) {
    return {
      owners: [],
      activeStaff: new Map(),
      activePoints: new Map(),
      month: new Map(),
      signedUp: new Set(),
      plans: new Map(),
    };
  }
  const [owners, staff, points, totals] = await Promise.all([
    db
      .select({
        id: profiles.id,
        businessId: profiles.businessId,
        fullName: profiles.fullName,
        email: profiles.email,
        emailVerifiedAt: users.emailVerifiedAt,
        lastLoginAt: users.lastLoginAt,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(
          inArray(profiles.businessId, ids),
          eq(profiles.role, 'business_owner'),
          isNull(users.disabledAt),
        ),
      )
      .orderBy(
        asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`),
        asc(profiles.id),
      ),
    db
      .select({ businessId: profiles.businessId, n: count() })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(
          inArray(profiles.businessId, ids),
          eq(profiles.role, 'employee'),
          isNull(users.disabledAt),
        ),
      )
      .groupBy(profiles.businessId),
    // Payment points and legacy codes guests can tip through, as the dashboard counts them.
    countWorkingCodes(db, ids),
    // The month's 'all' totals, one row per slot and business (decisions 0260, 0300).
    db
      .select({
        businessId: tipMonthTotals.businessId,
        cents: sql<number>`coalesce(sum(${tipMonthTotals.amountCents}), 0)::int`,
        n: sql<number>`coalesce(sum(${tipMonthTotals.tipCount}), 0)::int`,
        fee: sql<number>`coalesce(sum(${tipMonthTotals.feeCents}), 0)::int`,
      })
      .from(tipMonthTotals)
      .where(
        and(
          inArray(tipMonthTotals.businessId, ids),
          eq(tipMonthTotals.kind, 'all'),
          eq(tipMonthTotals.month, month),
        ),
      )
      .groupBy(tipMonthTotals.businessId),
  ]);
  const invited = owners.filter((owner) => !owner.emailVerifiedAt && !owner.lastLoginAt);
  const [deliveries, signedUp, plans] = await Promise.all([
    invitationDeliveries(
      db,
      invited.map((owner) => owner.id),
    ),
    signedUpBusinessIds(db, ids),
    planRowsOf(db, ids),
  ]);
  return {
    owners: owners.map((owner) => ({
      id: owner.id,
      businessId: owner.businessId!,
      fullName: owner.fullName,
      email: owner.email,
      invited: !owner.emailVerifiedAt && !owner.lastLoginAt,
      delivery: deliveries.get(owner.id) ?? null,
    })),
    activeStaff: new Map(staff.map((row) => [row.businessId!, row.n])),
    activePoints: points,
    signedUp,
    plans,
    month: new Map(
      totals.map((row) => [
        row.businessId,
        { tipsCents: row.cents, tipCount: row.n, platformFeeCents: row.fee },
      ]),
    ),
  };
}

/**
 * Money of the business that is not paid out yet (paid tips and shares, held or in the pool, in
 * a payout batch or not) and checkouts running right now: closing waits for both (decision 0323).
 */
export async function closingFacts(tx: Executor, businessId: string, now: Date) {
  const [[waiting], [running]] = await Promise.all([
    tx
      .select({ cents: sql<number>`coalesce(sum(${tips.amountCents}), 0)::int` })
      .from(tips)
      .where(and(eq(tips.businessId, businessId), eq(tips.status, 'pending'))),
    tx
      .select({ n: count() })
      .from(tips)
      .innerJoin(paymentSessions, eq(paymentSessions.tipId, tips.id))
      .where(
        and(
          eq(tips.businessId, businessId),
          eq(tips.status, 'initiated'),
          eq(paymentSessions.status, 'open'),
          sql`${paymentSessions.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      ),
  ]);
  return { waitingCents: waiting?.cents ?? 0, runningCheckouts: running?.n ?? 0 };
}

/** The business came from the self sign-up: its business_signup audit row says so. */
export async function signedUpBusinessIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ businessId: adminAuditLog.businessId })
    .from(adminAuditLog)
    .where(
      and(inArray(adminAuditLog.businessId, ids), eq(adminAuditLog.action, 'business_signup')),
    );
  return new Set(rows.map((row) => row.businessId!));
}

/** The business's payment points, active ones first, by label. */
export async function businessPaymentPoints(db: Executor, businessId: string) {
  return db
    .select({
      id: paymentEntrypoints.id,
      uid: paymentEntrypoints.uid,
      type: paymentEntrypoints.type,
      label: paymentEntrypoints.label,
      active: paymentEntrypoints.active,
    })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.businessId, businessId))
    .orderBy(
      desc(paymentEntrypoints.active),
      asc(paymentEntrypoints.label),
      asc(paymentEntrypoints.uid),
    );
}

/** What platform admins did in the business, newest first. */
export async function operatorAuditRows(db: Executor, businessId: string, limit: number) {
  return db
    .select({
      id: adminAuditLog.id,
      createdAt: adminAuditLog.createdAt,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      payload: adminAuditLog.payload,
      actorName: sql<string | null>`coalesce(${profiles.fullName}, ${profiles.email})`,
    })
    .from(adminAuditLog)
    .innerJoin(profiles, eq(profiles.id, adminAuditLog.adminId))
    .where(and(eq(adminAuditLog.businessId, businessId), eq(profiles.role, 'admin')))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}

export type NewBusiness = typeof businesses.$inferInsert;

/** Inserts a business with its branding and integration settings; answers its id. */
export async function insertBusiness(
  tx: Tx,
  input: {
    business: NewBusiness;
    branding: Omit<typeof branding.$inferInsert, 'businessId'>;
    integration: Omit<typeof integrationSettings.$inferInsert, 'businessId'>;
  },
): Promise<string> {
  const [created] = await tx
    .insert(businesses)
    .values(input.business)
    .returning({ id: businesses.id });
  const businessId = created!.id;
  await tx.insert(branding).values({ businessId, ...input.branding });
  await tx.insert(integrationSettings).values({ businessId, ...input.integration });
  return businessId;
}

/** Changes columns of a business. */
export async function updateBusinessRow(
  tx: Executor,
  businessId: string,
  set: Partial<NewBusiness>,
): Promise<void> {
  await tx.update(businesses).set(set).where(eq(businesses.id, businessId));
}

/** The business row, locked for this transaction. */
export async function lockBusinessRow(tx: Executor, id: string): Promise<BusinessRow | null> {
  const [row] = await tx.select().from(businesses).where(eq(businesses.id, id)).for('update');
  return row ?? null;
}

/** The staff of a business (everyone but the platform admin), as a subquery of their ids. */
export function staffIdsOf(tx: Executor, businessId: string) {
  return tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.businessId, businessId), ne(profiles.role, 'admin')));
}

/** Queues a NOTIFY in the transaction: PostgreSQL delivers it exactly when that commits. */
export async function notifyInTransaction(tx: Tx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
