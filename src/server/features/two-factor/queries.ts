import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import {
  profiles,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  users,
  userTwoFactor,
} from '../../db/schema';

/** The queries of two-factor sign-in; every one filters by the person it is about. */

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;

/** The person's two-factor row (pending or enabled); locked for the transaction when asked. */
export async function loadTwoFactor(
  executor: Executor,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<TwoFactorRow | undefined> {
  const query = executor.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** A new pending secret, in place of an earlier pending one (its last used step forgotten). */
export async function upsertPendingSecret(
  executor: Executor,
  input: { userId: string; secretSealed: string; now: Date },
): Promise<void> {
  const { userId, secretSealed, now } = input;
  await executor
    .insert(userTwoFactor)
    .values({ userId, secretSealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed, lastUsedStep: null, createdAt: now, updatedAt: now },
    });
}

export async function markTwoFactorEnabled(
  executor: Executor,
  userId: string,
  now: Date,
): Promise<void> {
  await executor
    .update(userTwoFactor)
    .set({ enabledAt: now, updatedAt: now })
    .where(eq(userTwoFactor.userId, userId));
}

/** The authenticator step just used, and (after a secret rotation) the secret sealed anew. */
export async function recordUsedStep(
  executor: Executor,
  input: { userId: string; step: number; now: Date; secretSealed?: string },
): Promise<void> {
  await executor
    .update(userTwoFactor)
    .set({
      lastUsedStep: input.step,
      updatedAt: input.now,
      ...(input.secretSealed === undefined ? {} : { secretSealed: input.secretSealed }),
    })
    .where(eq(userTwoFactor.userId, input.userId));
}

export async function countUnusedRecoveryCodes(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function unusedRecoveryCodes(executor: Executor, userId: string) {
  return executor
    .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
}

export async function usedRecoveryCodes(executor: Executor, userId: string) {
  return executor
    .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(
      and(eq(twoFactorRecoveryCodes.userId, userId), isNotNull(twoFactorRecoveryCodes.usedAt)),
    );
}

/** Spends one recovery code; false when another request spent it first. */
export async function spendRecoveryCode(executor: Executor, id: string, now: Date) {
  const spent = await executor
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(twoFactorRecoveryCodes.id, id), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return spent.length === 1;
}

/** The person's recovery codes (used or not) replaced by these hashes. */
export async function replaceRecoveryCodeHashes(
  executor: Executor,
  input: { userId: string; codeHashes: readonly string[]; now: Date },
): Promise<void> {
  await executor
    .delete(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, input.userId));
  await executor.insert(twoFactorRecoveryCodes).values(
    input.codeHashes.map((codeHash) => ({
      userId: input.userId,
      codeHash,
      createdAt: input.now,
    })),
  );
}

/** Turns two-factor sign-in off: secret, recovery codes and open sign-in challenges go. */
export async function deleteTwoFactor(executor: Executor, userId: string): Promise<boolean> {
  await executor.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await executor.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  const removed = await executor
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ userId: userTwoFactor.userId });
  return removed.length === 1;
}

/** Whose sign-in challenge this is and until when (not locked). */
export async function peekChallenge(executor: Executor, id: string) {
  const [row] = await executor
    .select({ userId: twoFactorChallenges.userId, expiresAt: twoFactorChallenges.expiresAt })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id));
  return row;
}

/** The sign-in challenge, locked for this transaction. */
export async function lockChallenge(
  tx: Executor,
  id: string,
): Promise<TwoFactorChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .for('update');
  return row;
}

export async function deleteChallenge(executor: Executor, id: string): Promise<void> {
  await executor.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id));
}

export async function setChallengeFailures(
  executor: Executor,
  id: string,
  failedAttempts: number,
): Promise<void> {
  await executor
    .update(twoFactorChallenges)
    .set({ failedAttempts })
    .where(eq(twoFactorChallenges.id, id));
}

/** The address of an account. */
export async function findUserEmail(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row?.email;
}

/** A person of the business whose second factor may be reset, profile row locked. */
export async function lockBusinessPerson(tx: Executor, businessId: string, id: string) {
  const [row] = await tx
    .select({
      id: profiles.id,
      role: profiles.role,
      businessId: profiles.businessId,
      email: users.email,
      fullName: profiles.fullName,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.id, id), eq(profiles.businessId, businessId)))
    .for('update', { of: profiles });
  return row;
}

/** The account behind an address with its profile's role, name and staff language. */
export async function findAccountByEmail(executor: Executor, email: string) {
  const [row] = await executor
    .select({
      id: users.id,
      email: users.email,
      role: profiles.role,
      fullName: profiles.fullName,
      staffLanguage: profiles.staffLanguage,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email));
  return row;
}
