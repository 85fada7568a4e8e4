import { AUTH_ERRORS } from '../../../shared/api/auth';
import { SIGNUP_ERRORS } from '../../../shared/api/signup';
import type { ErrorDefinition } from '../../../shared/domain/errors';
import type { Config } from '../../config';

/** The rules of self-service sign-up (decision 0325) as pure functions; service.ts applies them. */

export type SignupMode = Config['signup'];

/** A new sign-up is taken only while SIGNUP=open; otherwise the spec's 'signup_disabled'. */
export function signUpRefusal(mode: SignupMode): ErrorDefinition | null {
  return mode === 'open' ? null : AUTH_ERRORS.signup_disabled;
}

/**
 * What a sign-up sends: a confirmation link for an address without an account, and a notice to
 * the owner of an address that has one (nothing is created then). The caller answers both alike.
 */
export function signUpMail(accountExists: boolean): 'confirmation' | 'account_exists_notice' {
  return accountExists ? 'account_exists_notice' : 'confirmation';
}

export interface ConfirmationFacts {
  /** The pending sign-up the token belongs to, or null (unknown, replaced or already used). */
  pending: { expiresAt: Date } | null;
  now: Date;
  /** An account with the pending sign-up's address exists (it appeared meanwhile). */
  accountExists: boolean;
  /**
   * SIGNUP now. Deliberately not a reason to refuse: a sign-up made while registration was open
   * can still be confirmed after it closed, within its 24 hours (decision 0325).
   */
  mode: SignupMode;
}

/** Null: create the business and its owner. Otherwise the refusal to answer. */
export function confirmationRefusal(facts: ConfirmationFacts): ErrorDefinition | null {
  if (!facts.pending) return SIGNUP_ERRORS.signup_link_invalid;
  if (facts.pending.expiresAt.getTime() <= facts.now.getTime()) {
    return SIGNUP_ERRORS.signup_link_expired;
  }
  if (facts.accountExists) return SIGNUP_ERRORS.signup_account_exists;
  return null;
}
