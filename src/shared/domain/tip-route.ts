/**
 * Where a paid tip that names no single person goes (decisions 0020, 0121, 0122): one rule for
 * the payment (shifts/routing.ts allocatePaidTip) and for what the guest page says before paying
 * (payment-points/guest-presenter.ts guestReceiver), so the page cannot promise what the payment does not
 * do (decision 0353).
 */
export type TipRoute =
  /** The person of a person point: the whole tip. */
  | 'person'
  /** Whoever is assigned to the object point right now. */
  | 'people-at-point'
  /** The point's team members on shift right now. */
  | 'team-on-shift'
  /** All active members of the point's team (it has no shift now). */
  | 'team-members'
  /** Nobody: the tip waits in the owner's pool to be assigned by hand. */
  | 'pool';

export interface TipRouteFacts {
  person: boolean;
  objectPoint: boolean;
  /** People assigned to the object point at the moment (0 for other points). */
  atPoint: number;
  /** The point's team: its members on shift at the moment and its active members. */
  team: { onShift: number; members: number } | null;
}

export function routeTip(facts: TipRouteFacts): TipRoute {
  if (facts.person) return 'person';
  if (facts.objectPoint && facts.atPoint > 0) return 'people-at-point';
  if (!facts.team) return 'pool';
  if (facts.team.onShift > 0) return 'team-on-shift';
  if (facts.team.members > 0) return 'team-members';
  return 'pool';
}
