import { asc, eq } from 'drizzle-orm';
import type { BusinessSummary } from '../../../shared/api/businesses';
import type { Executor } from '../../db/connect';
import { businesses } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { mayListAllBusinesses } from './policy';

/** The businesses an admin actor may pick from: all for the platform admin, else the own one. */
export async function listBusinessesFor(db: Executor, actor: Actor): Promise<BusinessSummary[]> {
  const columns = { id: businesses.id, name: businesses.name, active: businesses.active };
  if (mayListAllBusinesses(actor)) {
    return db.select(columns).from(businesses).orderBy(asc(businesses.name), asc(businesses.id));
  }
  if (!actor.businessId) return [];
  return db.select(columns).from(businesses).where(eq(businesses.id, actor.businessId));
}
