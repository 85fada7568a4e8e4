import { businessStatusOf } from './business-status';
import { defineErrors } from './errors';
import type { Role } from './roles';

/**
 * What a suspended or closed business's staff hear when they sign in or their session is asked
 * about (decision 0322). Status 401 so the browser treats a session of such a person as ended.
 */
export const BUSINESS_ACCESS_ERRORS = defineErrors({
  business_suspended: {
    status: 401,
    title: 'Betrieb gesperrt',
    message: 'Ihr Betrieb ist derzeit gesperrt. Bitte wenden Sie sich an den Betreiber.',
  },
  business_closed: {
    status: 401,
    title: 'Betrieb geschlossen',
    message: 'Ihr Betrieb wurde geschlossen. Bitte wenden Sie sich an den Betreiber.',
  },
});
export type BusinessAccessRefusal = keyof typeof BUSINESS_ACCESS_ERRORS;

/**
 * The refusal's message naming how to reach the operator (CONTACT_EMAIL):
 * 'Bitte wenden Sie sich an den Betreiber: kontakt@…'.
 */
export function businessAccessMessage(
  refusal: BusinessAccessRefusal,
  contactEmail: string,
): string {
  return `${BUSINESS_ACCESS_ERRORS[refusal].message.replace(/\.$/, '')}: ${contactEmail}`;
}

/** Why the live stream ended, when it was not the session's own timeout. */
export const SESSION_END_REASONS = ['business_suspended', 'business_closed'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The facts about a person's business that sign-in and sessions depend on. */
export interface StaffAccessFacts {
  role: Role | null;
  /** The person's business; null without one (the platform admin on a fresh database). */
  business: { active: boolean; closedAt: Date | string | null } | null;
}

/**
 * Whether a person is kept out because of their business: null when they may come in. Only the
 * platform admin is never kept out (they operate the console that reactivates businesses).
 */
export function staffAccessRefusal(facts: StaffAccessFacts): BusinessAccessRefusal | null {
  if (facts.role === 'admin' || !facts.business) return null;
  const status = businessStatusOf(facts.business);
  if (status === 'suspended') return 'business_suspended';
  if (status === 'closed') return 'business_closed';
  return null;
}
