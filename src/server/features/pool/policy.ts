/**
 * Whether a tip may be given from the pool to a person: a tip of the business whose money arrived
 * and waits (paid, not paid out, not a second payment going back) that no one received yet, to an
 * active person of the same business.
 */
export function poolAssignProblem(facts: {
  tip: { businessId: string; waiting: boolean; received: boolean } | null;
  person: { businessId: string | null; disabled: boolean } | null;
  businessId: string;
}): 'pool_tip_not_found' | 'pool_tip_assigned' | 'pool_person_not_found' | null {
  if (!facts.tip || facts.tip.businessId !== facts.businessId || !facts.tip.waiting) {
    return 'pool_tip_not_found';
  }
  if (facts.tip.received) return 'pool_tip_assigned';
  if (!facts.person || facts.person.businessId !== facts.businessId || facts.person.disabled) {
    return 'pool_person_not_found';
  }
  return null;
}

/**
 * Whether a pool assignment may be taken back: a tip of the business that was
 * given from the pool, until its payout. Once a payout carries it (or the tip is paid out), the
 * money has left and the assignment stands.
 */
export function poolUndoProblem(facts: {
  tip: { businessId: string; status: string; employeeId: string | null } | null;
  /** The tip's allocations: a pool assignment is exactly one, with the pool's reason. */
  allocations: { fromPool: boolean; payoutId: string | null }[];
  businessId: string;
}): 'pool_tip_not_found' | 'pool_tip_not_assigned' | 'pool_tip_paid_out' | null {
  if (!facts.tip || facts.tip.businessId !== facts.businessId) return 'pool_tip_not_found';
  const [allocation, ...others] = facts.allocations;
  if (!allocation || others.length > 0 || !allocation.fromPool || facts.tip.employeeId !== null) {
    return 'pool_tip_not_assigned';
  }
  if (allocation.payoutId !== null || facts.tip.status !== 'pending') return 'pool_tip_paid_out';
  return null;
}
