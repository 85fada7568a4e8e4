import type { TipStatus } from '../../../shared/domain/tips';
import type { Database, Executor } from '../../db/connect';
import { notifyInTransaction } from './queries';

/** The NOTIFY channel every tip change is published on. */
export const TIP_EVENTS_CHANNEL = 'tip_events';

/**
 * One tip changed (status move, or feedback attached). `employeeIds` names everyone who should
 * see it live: the direct employee, or every member with an allocation of a team tip; empty for
 * tips that went to the business pool or never got paid to a team.
 */
export interface TipChange {
  tipId: string;
  status: TipStatus;
  employeeIds: string[];
  teamId: string | null;
  businessId: string;
}

/**
 * Queues the changes inside the transaction that makes them. PostgreSQL delivers a NOTIFY exactly
 * when its transaction commits (and never if it rolls back), so an instance that dies right after
 * the commit cannot lose the event, which a publish after the commit could (found by
 * `npm run test:cluster`: a payment committed on the killed instance never reached the dashboards).
 */
export async function publishTipChangesInTransaction(
  tx: Executor,
  database: Pick<Database, 'channelName'>,
  changes: readonly TipChange[],
): Promise<void> {
  const channel = database.channelName(TIP_EVENTS_CHANNEL);
  for (const change of changes) {
    await notifyInTransaction(tx, channel, JSON.stringify(change));
  }
}
