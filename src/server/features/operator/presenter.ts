import type { BusinessOverviewRow } from '../../../shared/api/operator';
import { businessStatusOf } from '../../../shared/domain/business-status';
import type { BusinessRow, RowFigures } from './queries';

const NO_MONTH = { tipsCents: 0, tipCount: 0, platformFeeCents: 0 };

/** One business as the console lists it; the row's bookkeeping columns stay inside. */
export function presentOverviewRow(row: BusinessRow, figures: RowFigures): BusinessOverviewRow {
  const status = businessStatusOf(row);
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    contactEmail: row.contactEmail,
    status,
    suspensionReason: status === 'suspended' ? row.suspensionReason : null,
    suspendedAt: status === 'suspended' ? (row.suspendedAt?.toISOString() ?? null) : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    erasedAt: row.erasedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    owners: figures.owners
      .filter((owner) => owner.businessId === row.id)
      .map((owner) => ({
        id: owner.id,
        fullName: owner.fullName,
        email: owner.email,
        invited: owner.invited,
        delivery: owner.delivery,
      })),
    activeStaff: figures.activeStaff.get(row.id) ?? 0,
    activePaymentPoints: figures.activePoints.get(row.id) ?? 0,
    month: figures.month.get(row.id) ?? NO_MONTH,
  };
}
