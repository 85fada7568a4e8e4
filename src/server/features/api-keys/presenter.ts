import type { ApiKey } from '../../../shared/api/api-keys';
import type { ApiKeyScope } from '../../../shared/api/api-keys';
import type { ApiKeyListRow } from './queries';

/** A key as the console lists it: how to recognise it and what it may do, never its secret. */
export function presentApiKey(row: ApiKeyListRow, now: Date): ApiKey {
  const state = row.revokedAt
    ? 'revoked'
    : row.expiresAt && row.expiresAt <= now
      ? 'expired'
      : 'active';
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    lastFour: row.lastFour,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state,
  };
}
