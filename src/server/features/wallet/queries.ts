import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { branding, businesses, media, paymentEntrypoints, profiles, users } from '../../db/schema';

/** The row a pass is made from: the point, its person, the business and its branding. */
export interface PassRow {
  pointId: string;
  uid: string;
  businessId: string;
  type: string;
  targetType: string;
  active: boolean;
  personName: string | null;
  jobTitle: string | null;
  personDisabled: boolean;
  businessName: string;
  companyName: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  accentColor: string | null;
  logoUrl: string | null;
}

async function passRow(executor: Executor, where: SQL | undefined): Promise<PassRow | undefined> {
  const [row] = await executor
    .select({
      pointId: paymentEntrypoints.id,
      uid: paymentEntrypoints.uid,
      businessId: paymentEntrypoints.businessId,
      type: paymentEntrypoints.type,
      targetType: paymentEntrypoints.targetType,
      active: paymentEntrypoints.active,
      personName: profiles.fullName,
      jobTitle: profiles.jobTitle,
      disabledAt: users.disabledAt,
      businessName: businesses.name,
      companyName: branding.companyName,
      primaryColor: branding.primaryColor,
      secondaryColor: branding.secondaryColor,
      accentColor: branding.accentColor,
      logoUrl: branding.logoUrl,
    })
    .from(paymentEntrypoints)
    .innerJoin(businesses, eq(businesses.id, paymentEntrypoints.businessId))
    .leftJoin(branding, eq(branding.businessId, paymentEntrypoints.businessId))
    .leftJoin(
      profiles,
      and(eq(profiles.id, paymentEntrypoints.targetId), eq(paymentEntrypoints.targetType, 'user')),
    )
    .leftJoin(users, eq(users.id, profiles.id))
    .where(where)
    .limit(1);
  if (!row) return undefined;
  const { disabledAt, ...rest } = row;
  return { ...rest, personDisabled: disabledAt !== null };
}

/** A point of one business by id: never another business's (the id alone is not enough). */
export function findPassRowInBusiness(executor: Executor, businessId: string, pointId: string) {
  return passRow(
    executor,
    and(eq(paymentEntrypoints.id, pointId), eq(paymentEntrypoints.businessId, businessId)),
  );
}

export function findPassRowByUid(executor: Executor, uid: string) {
  return passRow(executor, eq(paymentEntrypoints.uid, uid));
}

/** The logo's bytes, only when the media row belongs to the same business. */
export async function findBusinessImage(
  executor: Executor,
  businessId: string,
  mediaId: string,
): Promise<Buffer | null> {
  const [row] = await executor
    .select({ data: media.data })
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.businessId, businessId)))
    .limit(1);
  return row ? Buffer.from(row.data) : null;
}
