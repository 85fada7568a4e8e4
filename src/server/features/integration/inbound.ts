import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  INTEGRATION_ERRORS,
  type SyncEntrypointInput,
  type SyncEntrypointResponse,
} from '../../../shared/api/integration';
import { EXTERNAL_ENTRYPOINT_ORIGIN } from '../../../shared/domain/constants';
import type { EntrypointTargetType } from '../../../shared/domain/tips';
import type { Executor } from '../../db/connect';
import { businesses, paymentEntrypoints, profiles, teams } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type AuditEntry, writeAudit } from '../audit/write';
import type { IntegrationContext } from './context';

/**
 * The documented inbound endpoint (spec §7): the AiO service pushes a payment point, which is
 * created or, when its uid exists, updated.
 */

/**
 * Compares the bearer token with the shared secret in constant time: both sides are hashed
 * first, so neither their contents nor their lengths show in the timing.
 */
export function bearerMatches(header: string | undefined, secret: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(secret).digest();
  return timingSafeEqual(given, expected) && match !== null;
}

export function assertSyncAuthorized(
  config: IntegrationContext['config'],
  authorization: string | undefined,
): void {
  if (!config.aioSyncSecret) throw new AppError(INTEGRATION_ERRORS.sync_disabled);
  if (!bearerMatches(authorization, config.aioSyncSecret)) {
    throw new AppError(INTEGRATION_ERRORS.sync_unauthorized);
  }
}

/** The business a target belongs to: the employee's, the team's, or the business itself. */
async function businessOfTarget(
  db: Executor,
  targetType: EntrypointTargetType,
  targetId: string,
): Promise<string | null> {
  if (targetType === 'user') {
    const [row] = await db
      .select({ businessId: profiles.businessId })
      .from(profiles)
      .where(eq(profiles.id, targetId));
    return row?.businessId ?? null;
  }
  if (targetType === 'team') {
    const [row] = await db
      .select({ businessId: teams.businessId })
      .from(teams)
      .where(eq(teams.id, targetId));
    return row?.businessId ?? null;
  }
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, targetId));
  return row?.id ?? null;
}

/**
 * Insert or update by uid in one statement, so two deliveries of the same uid cannot both
 * insert. A uid of another business is never taken over.
 */
export async function upsertSyncedEntrypoint(
  context: IntegrationContext,
  input: SyncEntrypointInput,
  request?: AuditEntry['request'],
): Promise<SyncEntrypointResponse> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const businessId = await businessOfTarget(tx, input.target_type, input.target_id);
    if (!businessId) throw new AppError(INTEGRATION_ERRORS.sync_target_not_found);
    const label = input.label?.trim() || null;
    const metadata = {
      ...(input.metadata ?? {}),
      ...(label && !input.metadata?.name ? { name: label } : {}),
    };
    const [row] = await tx
      .insert(paymentEntrypoints)
      .values({
        businessId,
        uid: input.uid,
        type: input.type,
        label,
        targetId: input.target_id,
        targetType: input.target_type,
        origin: EXTERNAL_ENTRYPOINT_ORIGIN,
        metadata,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: paymentEntrypoints.uid,
        set: {
          type: input.type,
          label,
          targetId: input.target_id,
          targetType: input.target_type,
          metadata,
          updatedAt: now,
        },
        setWhere: eq(paymentEntrypoints.businessId, businessId),
      })
      .returning({
        id: paymentEntrypoints.id,
        uid: paymentEntrypoints.uid,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    if (!row) throw new AppError(INTEGRATION_ERRORS.sync_uid_other_business);
    const action = row.inserted ? 'created' : 'updated';
    await writeAudit(tx, {
      actor: { profileId: '', businessId, hasProfile: false },
      businessId,
      action: 'entrypoint_sync',
      targetType: 'entrypoint',
      targetId: row.id,
      payload: { uid: row.uid, label, action, source: 'aio' },
      ...(request ? { request } : {}),
      at: now,
    });
    return { success: true as const, data: { id: row.id, uid: row.uid, action } };
  });
}
