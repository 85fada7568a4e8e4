import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  API_KEY_ERRORS,
  API_KEYS_PER_BUSINESS,
  type ApiKeyCreate,
  type ApiKeyPrefix,
  type ApiKeyScope,
} from '../../../shared/api/api-keys';
import { businessStatusOf } from '../../../shared/domain/business-status';
import { endOfBerlinDay } from '../../../shared/domain/berlin-time';
import type { Database } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { writeAudit } from '../audit/write';
import {
  type ApiKeyListRow,
  countLiveApiKeys,
  insertApiKey,
  recordKeyAddress,
  revokeApiKeyRow,
  selectApiKey,
  selectApiKeys,
  selectKeyBySecretHash,
  touchApiKey,
} from './queries';

/** What API keys need from the app. */
export interface ApiKeyContext {
  database: Database;
  clock: Clock;
  /** `tg_live_` where real money moves (PAYMENT_PROVIDER=stripe), `tg_test_` for the demo. */
  prefix: ApiKeyPrefix;
}

/** Who manages the keys, in which business, from which request (for the audit row). */
export interface ApiKeyScopeOfChange {
  businessId: string;
  actor: Actor;
  request?: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
}

/** The secret after its prefix: 24 random bytes, 32 URL-safe characters. */
const SECRET_BYTES = 24;
const KEY_PATTERN = /^(tg_live_|tg_test_)[A-Za-z0-9_-]{32}$/;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * 'Neuen API-Schlüssel erstellen': the secret is made here and returned this once; the database
 * keeps its SHA-256, the prefix and the last four characters (decision 0630).
 */
export async function createApiKey(
  context: ApiKeyContext,
  scope: ApiKeyScopeOfChange,
  input: ApiKeyCreate,
): Promise<{ key: ApiKeyListRow; secret: string }> {
  const now = context.clock.now();
  const expiresAt = input.expiresOn ? endOfBerlinDay(input.expiresOn) : null;
  if (expiresAt && expiresAt <= now) throw new AppError(API_KEY_ERRORS.api_key_expiry_past);
  const secret = `${context.prefix}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  const key = await context.database.db.transaction(async (tx) => {
    if ((await countLiveApiKeys(tx, scope.businessId, now)) >= API_KEYS_PER_BUSINESS) {
      throw new AppError(API_KEY_ERRORS.api_key_limit);
    }
    const row = await insertApiKey(tx, {
      businessId: scope.businessId,
      name: input.name,
      prefix: context.prefix,
      lastFour: secret.slice(-4),
      secretHash: hashSecret(secret),
      scopes: input.scopes,
      expiresAt,
      createdBy: scope.actor.userId,
      createdAt: now,
    });
    await writeAudit(tx, {
      actor: scope.actor,
      businessId: scope.businessId,
      action: 'api_key_create',
      targetType: 'api_key',
      targetId: row.id,
      payload: {
        name: row.name,
        scopes: row.scopes,
        expiresAt: expiresAt?.toISOString() ?? null,
        prefix: row.prefix,
      },
      request: scope.request,
      at: now,
    });
    return row;
  });
  return { key: { ...key, createdByName: scope.actor.fullName }, secret };
}

export function listApiKeys(context: ApiKeyContext, businessId: string) {
  return selectApiKeys(context.database.db, businessId);
}

/** 'Widerrufen': from now on every request with the key is refused. */
export async function revokeApiKey(
  context: ApiKeyContext,
  scope: ApiKeyScopeOfChange,
  id: string,
): Promise<ApiKeyListRow> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const row = await revokeApiKeyRow(tx, scope.businessId, id, {
      revokedAt: now,
      revokedBy: scope.actor.userId,
    });
    if (!row) {
      const existing = await selectApiKey(tx, scope.businessId, id);
      throw new AppError(
        existing ? API_KEY_ERRORS.api_key_already_revoked : API_KEY_ERRORS.api_key_not_found,
      );
    }
    await writeAudit(tx, {
      actor: scope.actor,
      businessId: scope.businessId,
      action: 'api_key_revoke',
      targetType: 'api_key',
      targetId: row.id,
      payload: { name: row.name },
      request: scope.request,
      at: now,
    });
  });
  const key = await selectApiKey(context.database.db, scope.businessId, id);
  return key!;
}

/** A request made with a valid key: the key acts for its business, with its scopes only. */
export interface ApiKeyActor {
  keyId: string;
  name: string;
  businessId: string;
  businessName: string;
  scopes: readonly ApiKeyScope[];
  livemode: boolean;
  expiresAt: Date | null;
}

/**
 * Finds the key of an `Authorization: Bearer …` header and checks it works now: not revoked,
 * not expired, its business neither suspended nor closed. The first use from an address is
 * audited once; the last use is noted at most once a minute.
 */
export async function authenticateApiKey(
  context: Pick<ApiKeyContext, 'database' | 'clock'>,
  authorization: string | undefined,
  address: string,
): Promise<ApiKeyActor> {
  const secret = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!secret) throw new AppError(API_KEY_ERRORS.api_key_missing);
  if (!KEY_PATTERN.test(secret)) throw new AppError(API_KEY_ERRORS.api_key_invalid);
  const { db } = context.database;
  const found = await selectKeyBySecretHash(db, hashSecret(secret));
  const now = context.clock.now();
  if (!found || found.key.revokedAt || (found.key.expiresAt && found.key.expiresAt <= now)) {
    throw new AppError(API_KEY_ERRORS.api_key_invalid);
  }
  if (businessStatusOf(found.business) !== 'active') {
    throw new AppError(API_KEY_ERRORS.api_business_inactive);
  }
  const { key } = found;
  if (usedRecently.shouldTouch(key.id, now)) await touchApiKey(db, key.id, now);
  if (!knownAddresses.has(`${key.id} ${address}`)) await noteAddress(db, key, address, now);
  return {
    keyId: key.id,
    name: key.name,
    businessId: key.businessId,
    businessName: found.business.name,
    scopes: key.scopes as ApiKeyScope[],
    livemode: key.prefix === 'tg_live_',
    expiresAt: key.expiresAt,
  };
}

/**
 * What this process already wrote for its keys, so a busy key costs no write per request: the
 * addresses recorded (recording one again changes nothing) and when each key's last use was last
 * noted (the database keeps it to the minute). The database stays the truth: another instance
 * that has not seen an address records and audits it once, as the first one did.
 */
const KNOWN_LIMIT = 10_000;
const knownAddresses = new Set<string>();
const usedRecently = {
  touched: new Map<string, number>(),
  shouldTouch(keyId: string, now: Date): boolean {
    const last = this.touched.get(keyId);
    if (last !== undefined && now.getTime() - last < 60_000 && now.getTime() >= last) return false;
    if (this.touched.size >= KNOWN_LIMIT) this.touched.clear();
    this.touched.set(keyId, now.getTime());
    return true;
  },
};

async function noteAddress(
  db: Database['db'],
  key: { id: string; businessId: string; name: string },
  address: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await recordKeyAddress(tx, key.id, address, now))) return;
    await writeAudit(tx, {
      actor: { profileId: '', businessId: key.businessId, hasProfile: false },
      businessId: key.businessId,
      action: 'api_key_new_address',
      targetType: 'api_key',
      targetId: key.id,
      payload: { name: key.name, address },
      at: now,
    });
  });
  if (knownAddresses.size >= KNOWN_LIMIT) knownAddresses.clear();
  knownAddresses.add(`${key.id} ${address}`);
}
