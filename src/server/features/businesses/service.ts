import type { BusinessSummary } from '../../../shared/api/businesses';
import type { Executor } from '../../db/connect';
import type { Actor } from '../auth/actor';
import { mayListAllBusinesses } from './policy';
import { listAllBusinesses, listBusinessById } from './queries';

/** The businesses an admin actor may pick from: all for the platform admin, else the own one. */
export async function listBusinessesFor(db: Executor, actor: Actor): Promise<BusinessSummary[]> {
  if (mayListAllBusinesses(actor)) return listAllBusinesses(db);
  if (!actor.businessId) return [];
  return listBusinessById(db, actor.businessId);
}
