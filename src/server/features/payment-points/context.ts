import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type { AuditEntry } from '../audit/write';
import type { Actor } from '../auth/actor';
import type { IntegrationSync } from '../integration/sync';

/** What the payment-point feature needs from the app. */
export interface PointsContext {
  db: Db;
  clock: Clock;
  /** PUBLIC_ORIGIN: tip links are {origin}/t/{uid}. */
  origin: string;
  sync: Pick<IntegrationSync, 'schedule' | 'configured'>;
}

/** One admin action inside one business (the scope is resolved before the service runs). */
export interface PointsCall {
  actor: Actor;
  businessId: string;
  request?: AuditEntry['request'];
}

/**
 * An API key acting for its business (decision 0640): no person stands behind the change, the
 * audit row names the key.
 */
export interface PointsKeyActor {
  apiKeyId: string;
  businessId: string;
}

/** A change to points by a person of the console or by an API key. */
export interface PointsChangeCall {
  actor: Actor | PointsKeyActor;
  businessId: string;
  request?: AuditEntry['request'];
}

export const isKeyActor = (actor: PointsChangeCall['actor']): actor is PointsKeyActor =>
  'apiKeyId' in actor;
