import { and, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { businesses, businessPlans, paymentEntrypoints } from '../../db/schema';

export type PlanRow = typeof businessPlans.$inferSelect;

/** The business's plan row; none for a business that never left Basis. */
export async function readPlanRow(db: Executor, businessId: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(businessPlans)
    .where(eq(businessPlans.businessId, businessId));
  return row ?? null;
}

/**
 * The business's plan row, locked for a change (made first if missing), so two owners' clicks
 * (trial and cancel, say) are decided one after the other.
 */
export async function lockPlanRow(tx: Executor, businessId: string): Promise<PlanRow> {
  await tx.insert(businessPlans).values({ businessId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(businessPlans)
    .where(eq(businessPlans.businessId, businessId))
    .for('update');
  return row!;
}

export type PlanChange = Partial<Omit<PlanRow, 'businessId' | 'createdAt'>> & { updatedAt: Date };

export async function updatePlanRow(tx: Executor, businessId: string, change: PlanChange) {
  await tx.update(businessPlans).set(change).where(eq(businessPlans.businessId, businessId));
}

/** Team, object and business points of the business (a person's own point is not counted). */
export async function countSharedPoints(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentEntrypoints)
    .where(
      and(eq(paymentEntrypoints.businessId, businessId), ne(paymentEntrypoints.type, 'person')),
    );
  return row?.n ?? 0;
}

export async function businessNameOf(db: Executor, businessId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.name ?? null;
}
