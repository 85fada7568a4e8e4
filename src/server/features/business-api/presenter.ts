import type { ApiTip } from '../../../shared/api/business-api';
import type { TipListRow } from './queries';
import type { selectAllocations } from './queries';

type AllocationRow = Awaited<ReturnType<typeof selectAllocations>>[number];

const STATES = { pending: 'paid', completed: 'paid_out', refunded: 'refunded' } as const;

/** A paid tip as the business API shows it: cents beside the currency, snake_case, ISO times. */
export function presentApiTip(row: TipListRow, allocations: readonly AllocationRow[]): ApiTip {
  const recipient = row.employeeId
    ? { type: 'person' as const, id: row.employeeId, name: row.employeeName }
    : row.teamId
      ? { type: 'team' as const, id: row.teamId, name: row.teamName }
      : { type: 'business' as const, id: null, name: null };
  return {
    object: 'tip',
    id: row.id,
    amount: row.amountCents,
    currency: row.currency,
    status: STATES[row.status as keyof typeof STATES] ?? 'paid',
    created: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    source: row.tipSource,
    recipient,
    payment_point:
      row.entrypointId && row.entrypointUid
        ? { id: row.entrypointId, uid: row.entrypointUid }
        : null,
    platform_fee: row.platformFeeCovered ? row.platformFeeCents : 0,
    amount_refunded: row.refundedCents,
    allocations: allocations.map((share) => ({
      person: { id: share.profileId, name: share.name },
      amount: share.amountCents,
      payout:
        share.payoutId && share.payoutStatus
          ? { id: share.payoutId, status: share.payoutStatus }
          : null,
    })),
    payout:
      row.payoutId && row.payoutStatus ? { id: row.payoutId, status: row.payoutStatus } : null,
  };
}
