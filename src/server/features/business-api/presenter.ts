import type {
  ApiPaymentPoint,
  ApiPayout,
  ApiRecipientReport,
  ApiStaffMember,
  ApiTip,
} from '../../../shared/api/business-api';
import type { Report } from '../../../shared/api/reports';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';
import { staffStatusOf } from '../staff/presenter';
import type { PointWithTarget } from '../payment-points/queries/points';
import type { PayoutListRow, StaffListRow, TipListRow } from './queries';
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

/** A payout as the business API shows it. */
export function presentApiPayout(row: PayoutListRow): ApiPayout {
  return {
    object: 'payout',
    id: row.id,
    amount: row.amountCents,
    currency: row.currency,
    status: row.status,
    method: row.method,
    created: row.createdAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    person: { id: row.employeeId, name: row.employeeName },
    provider_reference: row.providerTransferId,
    failure_reason: row.failureReason,
  };
}

/** A payment point as the business API shows it, with the link its QR code carries. */
export function presentApiPaymentPoint(point: PointWithTarget, origin: string): ApiPaymentPoint {
  return {
    object: 'payment_point',
    id: point.id,
    uid: point.uid,
    type: point.type,
    label: point.label,
    target: { type: point.targetType, id: point.targetId, name: point.targetName },
    active: point.active,
    works: point.works,
    url: `${origin}/t/${encodeURIComponent(point.uid)}`,
    created: point.createdAt.toISOString(),
  };
}

/** A person of the business as the API shows them, with the staff list's own state. */
export function presentApiStaffMember(row: StaffListRow): ApiStaffMember {
  return {
    object: 'staff_member',
    id: row.id,
    name: row.fullName,
    email: row.email,
    role: row.role === 'business_owner' ? 'business_owner' : 'employee',
    job_title: row.jobTitle,
    status: staffStatusOf(row),
    deactivated_at: row.disabledAt?.toISOString() ?? null,
    teams: row.teams,
    payouts_enabled: row.payoutsEnabled,
    created: row.createdAt.toISOString(),
  };
}

/** The console's report of a period, per recipient, in the API's names (decision 0631). */
export function presentApiRecipientReport(report: Report): ApiRecipientReport {
  const figure = (item: Report['byEmployee'][number]) => ({
    id: item.id,
    name: item.name,
    amount: item.amountCents,
    count: item.count,
  });
  return {
    object: 'recipient_report',
    from: report.from,
    to: report.to,
    time_zone: BUSINESS_TIME_ZONE,
    currency: report.currency,
    total: {
      amount: report.totals.amountCents,
      count: report.totals.count,
      platform_fees: report.totals.contributionsCents,
      amount_refunded: report.totals.refundedCents,
    },
    people: report.byEmployee.map(figure),
    teams: report.byTeam.map(figure),
    pool: { amount: report.pool.amountCents, count: report.pool.count },
  };
}
