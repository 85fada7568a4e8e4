import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { branding, businesses, profiles, users } from '../../db/schema';

export type BrandingRow = typeof branding.$inferSelect;
export type BrandingInsert = typeof branding.$inferInsert;

export interface PreviewPersonRow {
  fullName: string | null;
  email: string;
  jobTitle: string | null;
  profileImageUrl: string | null;
  thankYouMessage: string;
}

/**
 * The person the branding preview shows: an active employee of this business only (never one of
 * another business), the same one each time (by name).
 */
export async function previewPersonOf(
  executor: Executor,
  businessId: string,
): Promise<PreviewPersonRow | null> {
  const [row] = await executor
    .select({
      fullName: profiles.fullName,
      email: profiles.email,
      jobTitle: profiles.jobTitle,
      profileImageUrl: profiles.profileImageUrl,
      thankYouMessage: profiles.thankYouMessage,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(profiles.businessId, businessId),
        eq(profiles.role, 'employee'),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(sql`${profiles.fullName} IS NULL`, asc(profiles.fullName), asc(profiles.id))
    .limit(1);
  return row ?? null;
}

/** The business's id and name with its branding row (null when never saved), or undefined. */
export async function findBusinessWithBranding(executor: Executor, businessId: string) {
  const [row] = await executor
    .select({ business: { id: businesses.id, name: businesses.name }, branding })
    .from(businesses)
    .leftJoin(branding, eq(branding.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  return row;
}

/** Inserts or replaces the business's branding with these values. */
export async function upsertBranding(
  executor: Executor,
  businessId: string,
  values: Omit<BrandingInsert, 'businessId'>,
): Promise<void> {
  await executor
    .insert(branding)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: branding.businessId, set: values });
}
