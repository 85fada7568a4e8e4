import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PRODUCT_ENTRYPOINT_ORIGIN } from '../../../../shared/domain/constants';
import { PAID_TIP_STATUSES, type EntrypointTargetType } from '../../../../shared/domain/tips';
import type { Executor } from '../../../db/connect';
import {
  branding,
  businesses,
  media,
  paymentEntrypoints,
  profiles,
  teams,
  tips,
  users,
} from '../../../db/schema';
import { paymentPointWorks } from './working';
import type { TargetFacts } from '../policy';

export type PointRow = typeof paymentEntrypoints.$inferSelect;

/** A point with the name of whoever it tips, as the table and dialogs show it. */
export interface PointWithTarget extends PointRow {
  targetName: string | null;
  targetJobTitle: string | null;
  /** The person's primary point: the one their own QR card shows (decision 0355). */
  primary: boolean;
  /** Whether a guest can tip through it now (decision 0475). */
  works: boolean;
}

/**
 * Whether the row is its person's primary point, by the rule of the employee's QR card
 * (findQrCard): among the person's active points of this product, the marked one, else the first
 * created (uid breaks a tie).
 */
const isPrimaryPoint = sql<boolean>`(
  ${paymentEntrypoints.targetType} = 'user'
  AND ${paymentEntrypoints.active}
  AND ${paymentEntrypoints.origin} = ${PRODUCT_ENTRYPOINT_ORIGIN}
  AND NOT EXISTS (
    SELECT 1 FROM payment_entrypoints other
    WHERE other.target_type = 'user'
      AND other.target_id = ${paymentEntrypoints.targetId}
      AND other.active
      AND other.origin = ${PRODUCT_ENTRYPOINT_ORIGIN}
      AND other.id <> ${paymentEntrypoints.id}
      AND (CASE WHEN other.is_primary THEN 0 ELSE 1 END, other.created_at, other.uid)
        < (CASE WHEN ${paymentEntrypoints.isPrimary} THEN 0 ELSE 1 END,
           ${paymentEntrypoints.createdAt}, ${paymentEntrypoints.uid})
  )
)`;

/**
 * The target's name comes from the same business only: a point can never reveal the name of
 * someone elsewhere, even if its target id pointed there.
 */
function selectWithTarget(db: Executor) {
  return db
    .select({
      point: paymentEntrypoints,
      primary: isPrimaryPoint,
      works: paymentPointWorks,
      personName: profiles.fullName,
      personJobTitle: profiles.jobTitle,
      teamName: teams.name,
      businessName: businesses.name,
    })
    .from(paymentEntrypoints)
    .leftJoin(
      profiles,
      and(
        eq(paymentEntrypoints.targetType, 'user'),
        eq(profiles.id, paymentEntrypoints.targetId),
        eq(profiles.businessId, paymentEntrypoints.businessId),
      ),
    )
    .leftJoin(
      teams,
      and(
        eq(paymentEntrypoints.targetType, 'team'),
        eq(teams.id, paymentEntrypoints.targetId),
        eq(teams.businessId, paymentEntrypoints.businessId),
      ),
    )
    .leftJoin(
      businesses,
      and(
        eq(paymentEntrypoints.targetType, 'tenant'),
        eq(businesses.id, paymentEntrypoints.targetId),
        eq(businesses.id, paymentEntrypoints.businessId),
      ),
    );
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectWithTarget>['where']>>[number];

function withTarget(row: JoinedRow): PointWithTarget {
  return {
    ...row.point,
    targetName: row.personName ?? row.teamName ?? row.businessName ?? null,
    targetJobTitle: row.personJobTitle ?? null,
    primary: row.primary === true,
    works: row.works === true,
  };
}

/** Every point of a business, newest first (index payment_entrypoints_business_created_idx). */
export async function listPoints(db: Executor, businessId: string): Promise<PointWithTarget[]> {
  const rows = await selectWithTarget(db)
    .where(eq(paymentEntrypoints.businessId, businessId))
    .orderBy(desc(paymentEntrypoints.createdAt), asc(paymentEntrypoints.uid));
  return rows.map(withTarget);
}

/** One point of the business, or undefined (another business's point counts as missing). */
export async function findPoint(
  db: Executor,
  businessId: string,
  id: string,
): Promise<PointWithTarget | undefined> {
  const [row] = await selectWithTarget(db).where(
    and(eq(paymentEntrypoints.id, id), eq(paymentEntrypoints.businessId, businessId)),
  );
  return row ? withTarget(row) : undefined;
}

export async function findPointsByIds(
  db: Executor,
  businessId: string,
  ids: string[],
): Promise<PointWithTarget[]> {
  if (ids.length === 0) return [];
  const rows = await selectWithTarget(db)
    .where(and(inArray(paymentEntrypoints.id, ids), eq(paymentEntrypoints.businessId, businessId)))
    .orderBy(desc(paymentEntrypoints.createdAt), asc(paymentEntrypoints.uid));
  return rows.map(withTarget);
}

/** The paid tips through one point (tips keep the point's id when its uid is regenerated). */
export async function pointStats(db: Executor, pointId: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${tips.amountCents}), 0)::int`,
      last: sql<Date | string | null>`max(${tips.createdAt})`,
      currency: sql<string | null>`min(${tips.currency})`,
    })
    .from(tips)
    .where(and(eq(tips.entrypointId, pointId), inArray(tips.status, [...PAID_TIP_STATUSES])));
  return {
    count: row?.count ?? 0,
    totalCents: row?.total ?? 0,
    last: row?.last ? new Date(row.last) : null,
    currency: row?.currency ?? 'eur',
  };
}

/** What the policy needs to know about a chosen target. */
export async function targetFacts(
  db: Executor,
  targetType: EntrypointTargetType,
  targetId: string,
): Promise<TargetFacts> {
  if (targetType === 'user') {
    const [row] = await db
      .select({ businessId: profiles.businessId, fullName: profiles.fullName })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(eq(profiles.id, targetId), eq(profiles.role, 'employee'), isNull(users.disabledAt)),
      );
    return {
      targetType,
      targetBusinessId: row?.businessId ?? null,
      hasDisplayName: Boolean(row?.fullName?.trim()),
    };
  }
  if (targetType === 'team') {
    const [row] = await db
      .select({ businessId: teams.businessId })
      .from(teams)
      .where(eq(teams.id, targetId));
    return { targetType, targetBusinessId: row?.businessId ?? null, hasDisplayName: true };
  }
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, targetId));
  return { targetType, targetBusinessId: row?.id ?? null, hasDisplayName: true };
}

/** The employees (with a name), teams and the business a new point of this business may tip. */
export async function listTargets(db: Executor, businessId: string) {
  const [people, teamRows, [business]] = await Promise.all([
    db
      .select({ id: profiles.id, fullName: profiles.fullName, jobTitle: profiles.jobTitle })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(
          eq(profiles.businessId, businessId),
          eq(profiles.role, 'employee'),
          isNull(users.disabledAt),
          sql`coalesce(trim(${profiles.fullName}), '') <> ''`,
        ),
      )
      .orderBy(asc(profiles.fullName), asc(profiles.id)),
    db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.businessId, businessId), eq(teams.active, true)))
      .orderBy(asc(teams.name), asc(teams.id)),
    db
      .select({ id: businesses.id, name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
  ]);
  return {
    users: people.map((p) => ({ id: p.id, fullName: p.fullName ?? '', jobTitle: p.jobTitle })),
    teams: teamRows,
    tenant: business!,
  };
}

export async function businessName(db: Executor, businessId: string): Promise<string> {
  const [row] = await db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.name ?? '';
}

/** Takes the primary mark from the person's other points and gives it to this one. */
export async function markPrimaryPoint(
  db: Executor,
  point: { id: string; targetId: string },
  now: Date,
): Promise<void> {
  await db
    .update(paymentEntrypoints)
    .set({ isPrimary: false, updatedAt: now })
    .where(
      and(
        eq(paymentEntrypoints.targetType, 'user'),
        eq(paymentEntrypoints.targetId, point.targetId),
        eq(paymentEntrypoints.isPrimary, true),
      ),
    );
  await db
    .update(paymentEntrypoints)
    .set({ isPrimary: true, updatedAt: now })
    .where(eq(paymentEntrypoints.id, point.id));
}

/** The business's name and branding as the print sheet uses them (no branding row: defaults). */
export async function printBrandingRow(db: Executor, businessId: string) {
  const [row] = await db
    .select({
      name: businesses.name,
      primaryColor: branding.primaryColor,
      accentColor: branding.accentColor,
      fontFamily: branding.fontFamily,
      logoUrl: branding.logoUrl,
    })
    .from(businesses)
    .leftJoin(branding, eq(branding.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  return row;
}

/** An uploaded image of this business only (a logo can never show another business's upload). */
export async function businessImage(db: Executor, businessId: string, mediaId: string) {
  const [row] = await db
    .select({ contentType: media.contentType, data: media.data })
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.businessId, businessId)));
  return row;
}

export type PointInsert = typeof paymentEntrypoints.$inferInsert;
export type { EntrypointMetadata, EntrypointOutputAssets } from '../../../db/schema';

/** Inserts a point unless its uid is taken; answers its id, or null. */
export async function insertPointUnlessUidTaken(
  tx: Executor,
  values: PointInsert,
): Promise<string | null> {
  const [row] = await tx
    .insert(paymentEntrypoints)
    .values(values)
    .onConflictDoNothing({ target: paymentEntrypoints.uid })
    .returning({ id: paymentEntrypoints.id });
  return row?.id ?? null;
}

export async function updatePointRow(
  tx: Executor,
  id: string,
  changes: Partial<Pick<PointInsert, 'label' | 'metadata' | 'active' | 'updatedAt'>>,
): Promise<void> {
  await tx.update(paymentEntrypoints).set(changes).where(eq(paymentEntrypoints.id, id));
}

export async function uidTaken(tx: Executor, uid: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: paymentEntrypoints.id })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.uid, uid));
  return taken !== undefined;
}

/** Gives the point a new uid (if it still has the old one) and clears its integration assets. */
export async function replacePointUid(
  tx: Executor,
  point: { id: string; uid: string },
  newUid: string,
  now: Date,
): Promise<void> {
  await tx
    .update(paymentEntrypoints)
    .set({ uid: newUid, outputAssets: {}, updatedAt: now })
    .where(and(eq(paymentEntrypoints.id, point.id), eq(paymentEntrypoints.uid, point.uid)));
}

export async function deletePointRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(paymentEntrypoints).where(eq(paymentEntrypoints.id, id));
}
