import type { RateBudget, RateRule } from '../../http/rate-limit';
import { hashIdentifier } from '../../lib/hash';

const HOUR_MS = 60 * 60_000;

/**
 * Invitation mails (decision 0445): they go out under the operator's mail
 * domain to addresses anyone with a business types in, so invitations and re-sends, the existing
 * account's notice and the operator's owner invitations all draw on the same two budgets.
 */
export const INVITATION_RATE_RULES = {
  /** One business's invitation mails an hour: a whole team in one sitting, not a mailing list. */
  perBusiness: { name: 'staff-invitations:business', limit: 30, windowMs: HOUR_MS },
  /**
   * Invitation mails to one address a day, from any business: the invitation and two re-sends;
   * nobody receives more, however many businesses name them.
   */
  perAddress: { name: 'staff-invitations:email', limit: 3, windowMs: 24 * HOUR_MS },
} as const satisfies Record<string, RateRule>;

/**
 * The budgets one invitation mail draws on: its address's (kept only as a keyed hash) and, when
 * it goes out for an existing business, that business's.
 */
export function invitationBudgets(
  secret: string,
  mail: { businessId: string | null; email: string },
): RateBudget[] {
  const budgets: RateBudget[] = [
    [INVITATION_RATE_RULES.perAddress, hashIdentifier(secret, `email:${mail.email.toLowerCase()}`)],
  ];
  if (mail.businessId) budgets.push([INVITATION_RATE_RULES.perBusiness, mail.businessId]);
  return budgets;
}
