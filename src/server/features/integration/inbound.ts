import { createHash, timingSafeEqual } from 'node:crypto';
import {
  INTEGRATION_ERRORS,
  type SyncEntrypointInput,
  type SyncEntrypointResponse,
} from '../../../shared/api/integration';
import { AppError } from '../../http/errors';
import { type AuditEntry, writeAudit } from '../audit/write';
import type { IntegrationContext } from './context';
import { businessOfTarget, upsertExternalPaymentPoint } from './queries';

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

/**
 * Insert or update by uid in one statement, so two deliveries of the same uid cannot both
 * insert. A uid of another business is never taken over.
 */
export async function upsertSyncedPaymentPoint(
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
    const row = await upsertExternalPaymentPoint(tx, {
      businessId,
      uid: input.uid,
      type: input.type,
      label,
      targetId: input.target_id,
      targetType: input.target_type,
      metadata,
      now,
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
