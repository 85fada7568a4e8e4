import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import {
  branding,
  businessAgreements,
  businesses,
  integrationSettings,
  pendingSignups,
  profiles,
  users,
} from '../../db/schema';

export type PendingSignup = typeof pendingSignups.$inferSelect;
export type NewAgreementRow = typeof businessAgreements.$inferInsert;

export async function accountExists(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

/** The address's pending sign-up, in place of an earlier one (whose link stops working). */
export async function upsertPendingSignup(
  db: Executor,
  email: string,
  pending: Pick<
    PendingSignup,
    'fullName' | 'businessName' | 'tokenHash' | 'expiresAt' | 'createdAt'
  >,
): Promise<void> {
  await db
    .insert(pendingSignups)
    .values({ email, ...pending })
    .onConflictDoUpdate({ target: pendingSignups.email, set: pending });
}

export async function findPendingSignup(
  db: Executor,
  tokenHash: string,
): Promise<PendingSignup | undefined> {
  const [row] = await db
    .select()
    .from(pendingSignups)
    .where(eq(pendingSignups.tokenHash, tokenHash));
  return row;
}

/** Deletes the pending sign-up of this link and returns it (undefined when there is none). */
export async function spendPendingSignup(
  db: Executor,
  tokenHash: string,
): Promise<PendingSignup | undefined> {
  const [row] = await db
    .delete(pendingSignups)
    .where(eq(pendingSignups.tokenHash, tokenHash))
    .returning();
  return row;
}

/** A new business with its branding and integration rows; returns its id. */
export async function insertBusinessWithSettings(
  db: Executor,
  input: { name: string; contactEmail: string; tenantId: string; now: Date },
): Promise<string> {
  const { name, contactEmail, tenantId, now } = input;
  const [business] = await db
    .insert(businesses)
    .values({ name, contactEmail, createdAt: now, updatedAt: now })
    .returning({ id: businesses.id });
  const businessId = business!.id;
  await db.insert(branding).values({ businessId, companyName: name, updatedAt: now });
  await db.insert(integrationSettings).values({ businessId, tenantId, updatedAt: now });
  return businessId;
}

/** A user with a confirmed address and a password; undefined when the address is taken. */
export async function insertConfirmedUser(
  db: Executor,
  input: { email: string; passwordHash: string; now: Date },
): Promise<string | undefined> {
  const { email, passwordHash, now } = input;
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash, emailVerifiedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return user?.id;
}

export async function insertOwnerProfile(
  db: Executor,
  input: { id: string; fullName: string; email: string; businessId: string; now: Date },
): Promise<void> {
  await db.insert(profiles).values({
    id: input.id,
    role: 'business_owner',
    fullName: input.fullName,
    email: input.email,
    businessId: input.businessId,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

export async function insertAgreements(db: Executor, rows: NewAgreementRow[]): Promise<void> {
  await db.insert(businessAgreements).values(rows);
}
