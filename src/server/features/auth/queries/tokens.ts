import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { authTokens, twoFactorChallenges } from '../../../db/schema';

export type NewAuthTokenRow = typeof authTokens.$inferInsert;
export type NewTwoFactorChallengeRow = typeof twoFactorChallenges.$inferInsert;

/** The purposes of a link that signs its holder in. */
const SIGN_IN_PURPOSES = ['magic_link', 'invitation'] as const;

export async function insertAuthToken(db: Executor, values: NewAuthTokenRow): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Marks the account's unused tokens of one purpose as used. */
export async function useOpenTokens(
  db: Executor,
  input: { userId: string; purpose: 'magic_link'; now: Date },
): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(authTokens.userId, input.userId),
        eq(authTokens.purpose, input.purpose),
        isNull(authTokens.usedAt),
      ),
    );
}

/**
 * Spends an unused, unexpired sign-in link (magic link or invitation) atomically; undefined when
 * there is none.
 */
export async function spendSignInToken(db: Executor, tokenHash: string, now: Date) {
  const [spent] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        inArray(authTokens.purpose, [...SIGN_IN_PURPOSES]),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ email: authTokens.email, purpose: authTokens.purpose });
  return spent;
}

/** The address a sign-in link was made for, spent or not. */
export async function findSignInTokenEmail(
  db: Executor,
  tokenHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: authTokens.email })
    .from(authTokens)
    .where(
      and(eq(authTokens.tokenHash, tokenHash), inArray(authTokens.purpose, [...SIGN_IN_PURPOSES])),
    );
  return row?.email;
}

export async function insertTwoFactorChallenge(
  db: Executor,
  values: NewTwoFactorChallengeRow,
): Promise<void> {
  await db.insert(twoFactorChallenges).values(values);
}
