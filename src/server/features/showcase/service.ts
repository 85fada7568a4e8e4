import { and, asc, eq, like, sql } from 'drizzle-orm';
import { SHOWCASE_MAX_ENTRIES } from '../../../shared/api/showcase';
import {
  DEMO_ENTRYPOINT_PREFIX,
  PRODUCT_ENTRYPOINT_ORIGIN,
} from '../../../shared/domain/constants';
import type { Executor } from '../../db/connect';
import { businesses, paymentEntrypoints } from '../../db/schema';
import { maySeeOnShowcase } from './policy';
import type { ShowcaseRow } from './presenter';

/**
 * The active demo payment points of the product (spec §7 "Demo page"). The query asks for
 * what the policy allows, so the limit counts only showable rows; the policy then has the last
 * word on every row, so a change to the rule cannot leak through a stale query.
 */
export async function listShowcaseEntrypoints({ db }: { db: Executor }): Promise<ShowcaseRow[]> {
  const rows = await db
    .select({
      uid: paymentEntrypoints.uid,
      type: paymentEntrypoints.type,
      label: paymentEntrypoints.label,
      origin: paymentEntrypoints.origin,
      active: paymentEntrypoints.active,
      metadata: paymentEntrypoints.metadata,
      businessActive: businesses.active,
    })
    .from(paymentEntrypoints)
    .innerJoin(businesses, eq(businesses.id, paymentEntrypoints.businessId))
    .where(
      and(
        eq(paymentEntrypoints.origin, PRODUCT_ENTRYPOINT_ORIGIN),
        eq(paymentEntrypoints.active, true),
        like(paymentEntrypoints.uid, `${DEMO_ENTRYPOINT_PREFIX}%`),
        eq(businesses.active, true),
        sql`${paymentEntrypoints.metadata} -> 'demo' = 'true'::jsonb`,
      ),
    )
    .orderBy(
      asc(paymentEntrypoints.type),
      asc(paymentEntrypoints.label),
      asc(paymentEntrypoints.uid),
    )
    .limit(SHOWCASE_MAX_ENTRIES);

  return rows
    .filter(maySeeOnShowcase)
    .map(({ uid, type, label, metadata }) => ({ uid, type, label, metadata }));
}
