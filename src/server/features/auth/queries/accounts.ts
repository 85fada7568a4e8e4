import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { businesses, profiles, users, userTwoFactor } from '../../../db/schema';

/** The account behind an address with what signing in needs: profile, business, second factor. */
export async function findAccountByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      lastLoginAt: users.lastLoginAt,
      disabledAt: users.disabledAt,
      role: profiles.role,
      businessId: profiles.businessId,
      fullName: profiles.fullName,
      profileId: profiles.id,
      staffLanguage: profiles.staffLanguage,
      businessActive: businesses.active,
      businessName: businesses.name,
      businessClosedAt: businesses.closedAt,
      twoFactorEnabledAt: userTwoFactor.enabledAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(businesses, eq(businesses.id, profiles.businessId))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(users.email, email));
  return row;
}

export type Account = NonNullable<Awaited<ReturnType<typeof findAccountByEmail>>>;

/** A sign-in at `now`; `verifyEmail` also records the address as confirmed. */
export async function recordSignIn(
  db: Executor,
  userId: string,
  options: { now: Date; verifyEmail: boolean },
): Promise<void> {
  const { now } = options;
  await db
    .update(users)
    .set({
      lastLoginAt: now,
      updatedAt: now,
      ...(options.verifyEmail ? { emailVerifiedAt: now } : {}),
    })
    .where(eq(users.id, userId));
}

/** Records the address as confirmed, unless it was already. */
export async function markEmailVerified(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** The address of an account. */
export async function findUserEmail(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** An account's address and staff language (null without a profile). */
export async function findMailRecipient(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, staffLanguage: profiles.staffLanguage })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}
