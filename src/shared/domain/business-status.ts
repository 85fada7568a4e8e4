/**
 * Where a business stands (decision 0320). `active` on the row is the one switch every
 * reader checks; a closed business is inactive for good, a suspended one until the platform
 * admin reactivates it.
 */
export const BUSINESS_STATUSES = ['active', 'suspended', 'closed'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export const BUSINESS_STATUS_LABELS: Record<BusinessStatus, string> = {
  active: 'Aktiv',
  suspended: 'Gesperrt',
  closed: 'Geschlossen',
};

/** A closed business stays closed; an inactive one that is not closed is suspended. */
export function businessStatusOf(row: {
  active: boolean;
  closedAt: Date | string | null;
}): BusinessStatus {
  if (row.closedAt) return 'closed';
  return row.active ? 'active' : 'suspended';
}
