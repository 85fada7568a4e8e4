import { and, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import {
  billingCheckouts,
  billingEvents,
  businesses,
  businessPlans,
  paymentEntrypoints,
} from '../../db/schema';

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

/** Stores a provider event; false when its id was stored before (a repeat). */
export async function insertBillingEvent(
  tx: Executor,
  event: typeof billingEvents.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function insertBillingCheckout(
  db: Executor,
  checkout: typeof billingCheckouts.$inferInsert,
): Promise<void> {
  await db.insert(billingCheckouts).values(checkout);
}

/** A checkout of this business; none for another business's id. */
export async function readBillingCheckout(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(and(eq(billingCheckouts.id, id), eq(billingCheckouts.businessId, businessId)));
  return row ?? null;
}

/** Closes an open checkout once (a second click finds it closed and changes nothing). */
export async function completeBillingCheckout(
  tx: Executor,
  businessId: string,
  id: string,
  change: { status: 'completed' | 'cancelled'; decidedAt: Date },
) {
  const [row] = await tx
    .update(billingCheckouts)
    .set(change)
    .where(
      and(
        eq(billingCheckouts.id, id),
        eq(billingCheckouts.businessId, businessId),
        eq(billingCheckouts.status, 'open'),
      ),
    )
    .returning();
  return row ?? null;
}
