import { asc, eq } from 'drizzle-orm';
import type { BusinessSummary } from '../../../shared/api/businesses';
import type { Executor } from '../../db/connect';
import { businesses } from '../../db/schema';

/** Whether a business with this id exists. */
export async function businessExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, id));
  return row !== undefined;
}

const summary = { id: businesses.id, name: businesses.name, active: businesses.active };

/** Every business, by name. */
export function listAllBusinesses(db: Executor): Promise<BusinessSummary[]> {
  return db.select(summary).from(businesses).orderBy(asc(businesses.name), asc(businesses.id));
}

/** The one business with this id, as a list (empty when there is none). */
export function listBusinessById(db: Executor, id: string): Promise<BusinessSummary[]> {
  return db.select(summary).from(businesses).where(eq(businesses.id, id));
}
