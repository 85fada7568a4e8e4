import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PRODUCT_ENTRYPOINT_ORIGIN } from '../../../../shared/domain/constants';
import type { Executor } from '../../../db/connect';
import { type EntrypointMetadata, paymentEntrypoints, profiles, qrCodes } from '../../../db/schema';

/**
 * A person's active personal points of this product, the primary one first (the owner's mark,
 * else the first created; decision 0355).
 */
export function listActivePersonPoints(executor: Executor, employeeId: string) {
  return executor
    .select({
      uid: paymentEntrypoints.uid,
      label: paymentEntrypoints.label,
      outputAssets: paymentEntrypoints.outputAssets,
    })
    .from(paymentEntrypoints)
    .where(
      and(
        eq(paymentEntrypoints.targetId, employeeId),
        eq(paymentEntrypoints.targetType, 'user'),
        eq(paymentEntrypoints.origin, PRODUCT_ENTRYPOINT_ORIGIN),
        eq(paymentEntrypoints.active, true),
      ),
    )
    .orderBy(
      desc(paymentEntrypoints.isPrimary),
      asc(paymentEntrypoints.createdAt),
      asc(paymentEntrypoints.uid),
    );
}

/** The person's newest active legacy QR code, or undefined. */
export async function findActiveLegacyQrCode(
  executor: Executor,
  employeeId: string,
): Promise<{ code: string } | undefined> {
  const [legacy] = await executor
    .select({ code: qrCodes.code })
    .from(qrCodes)
    .where(and(eq(qrCodes.employeeId, employeeId), eq(qrCodes.isActive, true)))
    .orderBy(desc(qrCodes.createdAt))
    .limit(1);
  return legacy;
}

/** The name, business and e-mail of a profile, or undefined. */
export async function findPersonFacts(executor: Executor, profileId: string) {
  const [person] = await executor
    .select({
      businessId: profiles.businessId,
      fullName: profiles.fullName,
      email: profiles.email,
      jobTitle: profiles.jobTitle,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return person;
}

/** What a new payment point is made of (the columns the QR tools and QR card fill in). */
export interface NewPaymentPoint {
  businessId: string;
  uid: string;
  type: 'person' | 'object';
  label: string | null;
  targetId: string;
  targetType: 'user' | 'tenant';
  metadata: EntrypointMetadata;
  createdBy: string;
  now: Date;
}

/** Inserts a point of this product unless its uid is taken; answers its id, or null. */
export async function insertPaymentPointUnlessUidTaken(
  executor: Executor,
  point: NewPaymentPoint,
): Promise<string | null> {
  const [row] = await executor
    .insert(paymentEntrypoints)
    .values({
      businessId: point.businessId,
      uid: point.uid,
      type: point.type,
      label: point.label,
      targetId: point.targetId,
      targetType: point.targetType,
      origin: PRODUCT_ENTRYPOINT_ORIGIN,
      metadata: point.metadata,
      createdBy: point.createdBy,
      createdAt: point.now,
      updatedAt: point.now,
    })
    .onConflictDoNothing({ target: paymentEntrypoints.uid })
    .returning({ id: paymentEntrypoints.id });
  return row?.id ?? null;
}

/** An active business-pool point of this business with exactly this label (any case). */
export async function findObjectPointByLabel(tx: Executor, businessId: string, label: string) {
  const [row] = await tx
    .select({ uid: paymentEntrypoints.uid })
    .from(paymentEntrypoints)
    .where(
      and(
        eq(paymentEntrypoints.businessId, businessId),
        eq(paymentEntrypoints.type, 'object'),
        eq(paymentEntrypoints.targetType, 'tenant'),
        eq(paymentEntrypoints.targetId, businessId),
        eq(paymentEntrypoints.origin, PRODUCT_ENTRYPOINT_ORIGIN),
        eq(paymentEntrypoints.active, true),
        sql`lower(${paymentEntrypoints.label}) = lower(${label})`,
      ),
    )
    .orderBy(desc(paymentEntrypoints.createdAt))
    .limit(1);
  return row ?? null;
}
