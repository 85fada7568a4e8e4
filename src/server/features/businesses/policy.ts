import type { Actor } from '../auth/actor';

export type ScopeDecision =
  { kind: 'business'; businessId: string } | { kind: 'not_found' } | { kind: 'choose_business' };

/**
 * Which business an admin request works in (the one rule behind every admin endpoint). A
 * business owner always works in their own business: naming another one answers "not found",
 * never someone else's data. The platform admin may name any business (its existence is checked
 * by the caller) and otherwise works in their own, if the profile has one. Employees manage no
 * business; their routes refuse them before this point.
 */
export function decideBusinessScope(
  actor: Pick<Actor, 'role' | 'businessId'>,
  requestedBusinessId: string | undefined,
): ScopeDecision {
  if (actor.role === 'admin') {
    const businessId = requestedBusinessId ?? actor.businessId;
    return businessId ? { kind: 'business', businessId } : { kind: 'choose_business' };
  }
  if (actor.role === 'business_owner' && actor.businessId) {
    if (requestedBusinessId && requestedBusinessId !== actor.businessId) {
      return { kind: 'not_found' };
    }
    return { kind: 'business', businessId: actor.businessId };
  }
  return { kind: 'not_found' };
}

/** Only the platform admin lists and picks among all businesses. */
export function mayListAllBusinesses(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'admin';
}
