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
