import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { apiKeyAddresses, apiKeys, businesses, profiles } from '../../db/schema';

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
