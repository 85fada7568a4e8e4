import type { Database } from '../../db/connect';
import type { TipMetrics } from '../metrics/metrics';
import type { TipChange } from './events';
import { selectTipFigures } from './queries';

interface CountContext {
  database: Pick<Database, 'db'>;
  metrics: TipMetrics;
  log: { warn(object: object, message: string): void };
}

/**
 * Reports tips that moved to metrics, after the transaction that moved them committed. Only
 * changes returned by a guarded status move (lifecycle.ts) may come here: each is one tip's
 * one move, so a webhook that arrives twice counts once (decision 0400). The amounts are read
 * once afterwards (they never change); a paid tip that was held for review in the same commit
 * counts as held too. A failed read costs figures, never the payment.
 */
export async function countTipMoves(
  ctx: CountContext,
  changes: readonly TipChange[],
): Promise<void> {
  const counted = changes.filter((change) => change.status !== 'completed');
  if (counted.length === 0) return;
  try {
    const rows = await selectTipFigures(
      ctx.database.db,
      counted.map((change) => change.tipId),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const change of counted) {
      const row = byId.get(change.tipId);
      if (!row) continue;
      const cents = row.amountCents;
      if (change.status === 'pending') {
        ctx.metrics.tipPaid(cents);
        if (row.reviewReason) {
          ctx.metrics.tipHeld(row.duplicateOf ? 'paid_twice' : 'amount_mismatch', cents);
        }
      } else if (
        change.status === 'failed' ||
        change.status === 'cancelled' ||
        change.status === 'expired'
      ) {
        ctx.metrics.tipEnded(change.status, cents);
      } else if (change.status === 'refunded') {
        ctx.metrics.tipRefunded(cents);
      }
    }
  } catch (error) {
    ctx.log.warn({ err: error }, 'tip figures not counted');
  }
}
