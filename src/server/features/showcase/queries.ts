import { and, asc, eq, like, sql } from 'drizzle-orm';
import { SHOWCASE_MAX_ENTRIES } from '../../../shared/api/showcase';
import {
  DEMO_ENTRYPOINT_PREFIX,
  PRODUCT_ENTRYPOINT_ORIGIN,
} from '../../../shared/domain/constants';
import type { Executor } from '../../db/connect';
import { businesses, paymentEntrypoints } from '../../db/schema';

/** The active demo payment points of active businesses, by type and label, at most the limit. */
export function listDemoPaymentPoints(db: Executor) {
  return db
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
}
