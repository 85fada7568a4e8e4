import type { Actor } from '../auth/actor';
import { mayOperateBusinesses } from '../operator/policy';

/**
 * Only the platform admin sees the status view (decision 0404): it shows every instance and the
 * whole platform's backlogs, which no business's owner or employee has any business seeing. The
 * rule is the operator console's (decision 0320), so both pages always open to the same person.
 */
export function mayViewSystemStatus(actor: Pick<Actor, 'role'>): boolean {
  return mayOperateBusinesses(actor);
}
