import type { PaymentPointPermissions } from '../../../shared/api/payment-points';
import type { EntrypointTargetType } from '../../../shared/domain/tips';
import type { Actor } from '../auth/actor';

/**
 * Who may do what with payment points. The business scope (owner: own business; platform
 * admin: the business picked) is decided by features/businesses/policy.ts before any of this.
 */

/** A point is visible and changeable only inside the business the request works in. */
export function isPointInScope(point: { businessId: string }, scopeBusinessId: string): boolean {
  return point.businessId === scopeBusinessId;
}

/** Spec §6: the demo generator requires the profile role admin. */
export function mayGenerateDemoData(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'admin';
}

/** What the list answer tells the page the actor may do (decision 0342): the same rules. */
export function pointPagePermissions(actor: Pick<Actor, 'role'>): PaymentPointPermissions {
  return { generateDemoData: mayGenerateDemoData(actor) };
}

/** What the server found about a chosen target, reduced to what the rule needs. */
export interface TargetFacts {
  targetType: EntrypointTargetType;
  /** The business the target belongs to; null when no such employee, team or business exists. */
  targetBusinessId: string | null;
  /** A person target must have a name guests can recognise (the tip page shows it). */
  hasDisplayName: boolean;
}

/** A point may only tip someone (or something) of the business it belongs to. */
export function isValidTarget(facts: TargetFacts, scopeBusinessId: string): boolean {
  if (facts.targetBusinessId !== scopeBusinessId) return false;
  return facts.targetType !== 'user' || facts.hasDisplayName;
}
