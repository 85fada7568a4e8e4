import type { FastifyRequest } from 'fastify';
import type { AuditTargetType } from '../../../shared/domain/audit';
import type { AuditEvent } from '../../../shared/domain/audit-events';
import type { Executor } from '../../db/connect';
import { insertAuditRow } from './queries';

/**
 * Who acted, as much of auth's Actor as the log needs. Spelled out here so that audit writing
 * stands below auth in the core and auth may write audit rows (decision 0550).
 */
export interface AuditActor {
  profileId: string;
  businessId: string | null;
  /** False for a person without a profile row: the row then names no admin. */
  hasProfile: boolean;
  /** An API key acting for its business (decision 0640): the row names the key. */
  apiKeyId?: string | null;
}

/** Where, when and by whom; the action and its payload come from the one union `AuditEvent`. */
export interface AuditEntryContext {
  actor: AuditActor;
  targetType: AuditTargetType;
  targetId?: string | null;
  /** The request that caused the action: gives IP, user agent and the clock. */
  request?: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
  /** When it happened; defaults to the app clock of `request`, else the database's now(). */
  at?: Date;
  /**
   * The business the action happened in, when it is not the actor's own (the platform admin
   * working in a business they picked; the inbound sync, which has no person).
   */
  businessId?: string | null;
}

/**
 * One audit row: the action with the payload typed for it (src/shared/domain/audit-events.ts:
 * the facts with the names people know, never secrets), so an action cannot be written with
 * another's facts nor without its label and presenter.
 */
export type AuditEntry = AuditEntryContext & AuditEvent;

/**
 * Writes one audit-log row. Call it with the transaction that makes the change, so the change
 * and its record commit or fail together.
 */
export async function writeAudit(executor: Executor, entry: AuditEntry): Promise<string> {
  const userAgent = entry.request?.headers['user-agent'];
  const at = entry.at ?? entry.request?.server.deps.clock.now();
  return insertAuditRow(executor, {
    adminId: entry.actor.hasProfile ? entry.actor.profileId : null,
    businessId: entry.businessId !== undefined ? entry.businessId : entry.actor.businessId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    // Typed per action above; stored as the JSON object it is.
    payload: { ...entry.payload },
    ipAddress: entry.request?.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
    apiKeyId: entry.actor.apiKeyId ?? null,
    ...(at ? { createdAt: at } : {}),
  });
}
