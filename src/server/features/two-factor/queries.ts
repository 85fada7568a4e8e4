import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { twoFactorChallenges, twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';
import { seal, unsealWith } from '../../lib/seal';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { normalizeRecoveryCode } from '../../../shared/domain/two-factor';

/** The queries of two-factor sign-in; every one filters by the person it is about. */

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

const SECRET_PURPOSE = 'two-factor-totp-secret:v1';

export function sealSecret(serverSecret: string, userId: string, secret: string): string {
  return seal(serverSecret, SECRET_PURPOSE, userId, secret);
}

/**
 * The base32 secret, or null when it was sealed under none of the accepted secrets (the current
 * SESSION_SECRET first, then SESSION_SECRET_PREVIOUS); `current` is false when a previous one
 * opened it (decision 0402).
 */
export function openSecret(
  serverSecrets: string | readonly string[],
  row: Pick<TwoFactorRow, 'userId' | 'secretSealed'>,
) {
  return unsealWith(serverSecrets, SECRET_PURPOSE, row.userId, row.secretSealed);
}

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

/**
 * Ten new recovery codes in place of all earlier ones (used or not). Returns the codes in their
 * display spelling; the database keeps only their hashes.
 */
export async function replaceRecoveryCodes(
  executor: Executor,
  options: { serverSecret: string; userId: string; now: Date },
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await executor
    .delete(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, options.userId));
  await executor.insert(twoFactorRecoveryCodes).values(
    codes.map((code) => ({
      userId: options.userId,
      codeHash: hashRecoveryCode(
        options.serverSecret,
        options.userId,
        normalizeRecoveryCode(code)!,
      ),
      createdAt: options.now,
    })),
  );
  return codes;
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
