import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { BUSINESS_ERRORS } from '../../../shared/api/businesses';
import type { PaymentProviderName } from '../../../shared/domain/tips';
import type { Executor } from '../../db/connect';
import {
  adminAuditLog,
  businesses,
  businessSetup,
  paymentEntrypoints,
  profiles,
  tips,
  users,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SetupFacts } from './presenter';

const exists = (query: { getSQL(): SQL }) => sql<boolean>`exists (${query.getSQL()})`;

/**
 * The facts of the checklist for one business, in one round trip: every part is an EXISTS (or
 * the first point) filtered by the business, so another business's rows never tick an item.
 */
export async function loadSetupFacts(
  db: Executor,
  businessId: string,
  testTipProviders: PaymentProviderName[],
): Promise<SetupFacts> {
  const one = sql`1`;
  const [row] = await db
    .select({
      dismissedAt: businessSetup.dismissedAt,
      qrExportedAt: businessSetup.qrExportedAt,
      brandingSaved: exists(
        db
          .select({ one })
          .from(adminAuditLog)
          .where(
            and(
              eq(adminAuditLog.businessId, businessId),
              eq(adminAuditLog.action, 'branding_update'),
            ),
          ),
      ),
      pointCreated: exists(
        db
          .select({ one })
          .from(paymentEntrypoints)
          .where(eq(paymentEntrypoints.businessId, businessId)),
      ),
      firstPointUid: sql<string | null>`(${db
        .select({ uid: paymentEntrypoints.uid })
        .from(paymentEntrypoints)
        .where(
          and(eq(paymentEntrypoints.businessId, businessId), eq(paymentEntrypoints.active, true)),
        )
        .orderBy(asc(paymentEntrypoints.createdAt), asc(paymentEntrypoints.id))
        .limit(1)
        .getSQL()})`,
      staffInvited: exists(
        db
          .select({ one })
          .from(profiles)
          .where(and(eq(profiles.businessId, businessId), eq(profiles.role, 'employee'))),
      ),
      payoutReady: exists(
        db
          .select({ one })
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.id))
          .where(
            and(
              eq(profiles.businessId, businessId),
              eq(profiles.payoutsEnabled, true),
              sql`${users.disabledAt} is null`,
            ),
          ),
      ),
      testTipPaid: exists(
        db
          .select({ one })
          .from(tips)
          .where(
            and(
              eq(tips.businessId, businessId),
              isNotNull(tips.paidAt),
              inArray(tips.paymentProvider, testTipProviders),
            ),
          ),
      ),
    })
    .from(businesses)
    .leftJoin(businessSetup, eq(businessSetup.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  if (!row) throw new AppError(BUSINESS_ERRORS.business_not_found);
  return {
    dismissed: row.dismissedAt !== null,
    qrExported: row.qrExportedAt !== null,
    brandingSaved: Boolean(row.brandingSaved),
    pointCreated: Boolean(row.pointCreated),
    firstPointUid: row.firstPointUid,
    staffInvited: Boolean(row.staffInvited),
    payoutReady: Boolean(row.payoutReady),
    testTipPaid: Boolean(row.testTipPaid),
  };
}

/** First QR download or print of the business (later ones change nothing). */
export async function recordQrExport(db: Executor, businessId: string, at: Date): Promise<void> {
  await db
    .insert(businessSetup)
    .values({ businessId, qrExportedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: businessSetup.businessId,
      set: { qrExportedAt: at, updatedAt: at },
      setWhere: sql`${businessSetup.qrExportedAt} is null`,
    });
}

/** Hides the checklist; answers false when it was hidden already (nothing to audit then). */
export async function dismissSetup(
  db: Executor,
  businessId: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const changed = await db
    .insert(businessSetup)
    .values({ businessId, dismissedAt: at, dismissedBy: userId, updatedAt: at })
    .onConflictDoUpdate({
      target: businessSetup.businessId,
      set: { dismissedAt: at, dismissedBy: userId, updatedAt: at },
      setWhere: sql`${businessSetup.dismissedAt} is null`,
    })
    .returning({ businessId: businessSetup.businessId });
  return changed.length > 0;
}
