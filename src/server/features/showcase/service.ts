import type { Executor } from '../../db/connect';
import { maySeeOnShowcase } from './policy';
import type { ShowcaseRow } from './presenter';
import { listDemoPaymentPoints } from './queries';

/**
 * The active demo payment points of the product (spec §7 "Demo page"). The query asks for
 * what the policy allows, so the limit counts only showable rows; the policy then has the last
 * word on every row, so a change to the rule cannot leak through a stale query.
 */
export async function listShowcasePaymentPoints({ db }: { db: Executor }): Promise<ShowcaseRow[]> {
  const rows = await listDemoPaymentPoints(db);

  return rows
    .filter(maySeeOnShowcase)
    .map(({ uid, type, label, metadata }) => ({ uid, type, label, metadata }));
}
