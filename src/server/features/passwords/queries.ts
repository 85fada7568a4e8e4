import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { authTokens, businesses, profiles, users } from '../../db/schema';

export type NewAuthTokenRow = typeof authTokens.$inferInsert;

export async function insertPasswordToken(db: Executor, values: NewAuthTokenRow): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Deletes the person's unused set-password links. */
export async function deleteOpenPasswordLinks(db: Executor, userId: string): Promise<void> {
  await db
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'password_reset'),
        isNull(authTokens.usedAt),
      ),
    );
}

/** The account behind a user id, as the password rules and the audit log see it. */
export async function findPasswordAccount(db: Executor, userId: string, lock = false) {
  const query = db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      disabledAt: users.disabledAt,
      role: profiles.role,
      businessId: profiles.businessId,
      businessName: businesses.name,
      profileId: profiles.id,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(businesses, eq(businesses.id, profiles.businessId))
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row;
}

export type PasswordAccount = NonNullable<Awaited<ReturnType<typeof findPasswordAccount>>>;

/** The account behind an address, for a reset link: whether it may sign in, its language. */
export async function findResetRecipient(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      disabledAt: users.disabledAt,
      staffLanguage: profiles.staffLanguage,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email));
  return row;
}

export async function updatePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** Records the address as confirmed, keeping the first confirmation time when there was one. */
export async function confirmEmailOnce(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** The unused, unexpired set-password link with this hash. */
export async function findOpenPasswordLink(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: authTokens.userId, email: authTokens.email })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, 'password_reset'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    );
  return row;
}

/** Spends the unused, unexpired set-password link atomically; its user id, or undefined. */
export async function spendPasswordLink(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | null | undefined> {
  const [spent] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, 'password_reset'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return spent?.userId;
}
