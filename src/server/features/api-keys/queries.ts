import { and, count, desc, eq, gt, isNull, lt, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { apiKeyAddresses, apiKeys, businesses, idempotencyKeys, profiles } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListRow = ApiKeyRow & { createdByName: string | null };

export async function insertApiKey(
  tx: Executor,
  row: typeof apiKeys.$inferInsert,
): Promise<ApiKeyRow> {
  const [inserted] = await tx.insert(apiKeys).values(row).returning();
  return inserted!;
}

/** Keys of the business that still work: neither revoked nor expired. */
export async function countLiveApiKeys(
  db: Executor,
  businessId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.businessId, businessId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}

/** Every key of the business, newest first, with the name of whoever created it. */
export async function selectApiKeys(db: Executor, businessId: string): Promise<ApiKeyListRow[]> {
  const rows = await db
    .select({ key: apiKeys, createdByName: profiles.fullName })
    .from(apiKeys)
    .leftJoin(profiles, eq(profiles.id, apiKeys.createdBy))
    .where(eq(apiKeys.businessId, businessId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({ ...row.key, createdByName: row.createdByName }));
}

export async function selectApiKey(
  db: Executor,
  businessId: string,
  id: string,
): Promise<ApiKeyListRow | null> {
  const [row] = await db
    .select({ key: apiKeys, createdByName: profiles.fullName })
    .from(apiKeys)
    .leftJoin(profiles, eq(profiles.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.businessId, businessId), eq(apiKeys.id, id)));
  return row ? { ...row.key, createdByName: row.createdByName } : null;
}

/** Revokes a key of the business once; null when it is not the business's or already revoked. */
export async function revokeApiKeyRow(
  tx: Executor,
  businessId: string,
  id: string,
  change: { revokedAt: Date; revokedBy: string | null },
): Promise<ApiKeyRow | null> {
  const [row] = await tx
    .update(apiKeys)
    .set(change)
    .where(and(eq(apiKeys.businessId, businessId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

/** The key with this secret's hash, with its business's name and state. */
export async function selectKeyBySecretHash(db: Executor, secretHash: string) {
  const [row] = await db
    .select({
      key: apiKeys,
      business: {
        name: businesses.name,
        active: businesses.active,
        closedAt: businesses.closedAt,
      },
    })
    .from(apiKeys)
    .innerJoin(businesses, eq(businesses.id, apiKeys.businessId))
    .where(eq(apiKeys.secretHash, secretHash));
  return row ?? null;
}

/** Notes the key's use, at most once a minute, so a busy key writes little. */
export async function touchApiKey(db: Executor, id: string, now: Date): Promise<void> {
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, aMinuteAgo))),
    );
}

/** Records the address a key was used from; true the first time. */
export async function recordKeyAddress(
  tx: Executor,
  apiKeyId: string,
  address: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(apiKeyAddresses)
    .values({ apiKeyId, address, firstSeenAt: now })
    .onConflictDoNothing()
    .returning({ address: apiKeyAddresses.address });
  return rows.length > 0;
}

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** Forgets the key's row when its 24 hours are over, so the key may start anew (decision 0640). */
export async function deleteExpiredIdempotencyKey(
  tx: Executor,
  apiKeyId: string,
  key: string,
  now: Date,
): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.apiKeyId, apiKeyId),
        eq(idempotencyKeys.idempotencyKey, key),
        lte(idempotencyKeys.expiresAt, now),
      ),
    );
}

/** Takes a fresh key ('running'); null when the API key already holds it. */
export async function insertIdempotencyKeyUnlessHeld(
  tx: Executor,
  row: typeof idempotencyKeys.$inferInsert,
): Promise<IdempotencyKeyRow | null> {
  const [inserted] = await tx.insert(idempotencyKeys).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The held key, locked for the transaction. */
export async function selectIdempotencyKeyForUpdate(
  tx: Executor,
  apiKeyId: string,
  key: string,
): Promise<IdempotencyKeyRow | null> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.idempotencyKey, key)))
    .for('update');
  return row ?? null;
}

/** A running key whose request stopped answering is taken over by the next one. */
export async function relockIdempotencyKey(tx: Executor, id: string, lockedAt: Date) {
  await tx.update(idempotencyKeys).set({ lockedAt }).where(eq(idempotencyKeys.id, id));
}

/**
 * Stores the answer of the request that holds the key (its lock `lockedAt`); false when the lock
 * is no longer this request's (it ran so long that another took the key over).
 */
export async function completeIdempotencyKey(
  tx: Executor,
  held: { id: string; lockedAt: Date },
  answer: { status: number; body: unknown; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(idempotencyKeys)
    .set({
      state: 'done',
      lockedAt: null,
      responseStatus: answer.status,
      responseBody: answer.body,
      completedAt: answer.at,
    })
    .where(
      and(
        eq(idempotencyKeys.id, held.id),
        eq(idempotencyKeys.state, 'running'),
        eq(idempotencyKeys.lockedAt, held.lockedAt),
      ),
    )
    .returning({ id: idempotencyKeys.id });
  return rows.length === 1;
}

/** Gives a key back after its request failed: the next request with it runs anew. */
export async function releaseIdempotencyKey(
  db: Executor,
  held: { id: string; lockedAt: Date },
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.id, held.id),
        eq(idempotencyKeys.state, 'running'),
        eq(idempotencyKeys.lockedAt, held.lockedAt),
      ),
    );
}

/** Keys whose 24 hours are over (the retention job). */
export async function deleteExpiredIdempotencyKeys(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}
