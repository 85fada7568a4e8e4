import { isAuditedActor } from '../auth/policy';
import type { Actor } from '../auth/actor';

/** The account a password rule looks at: whether it has a password and whether it may sign in. */
export interface PasswordAccount {
  passwordHash: string | null;
  disabledAt: Date | null;
}

/** A reset link is mailed only to an account that exists and may sign in. */
export function mayReceiveResetLink(account: PasswordAccount | undefined): boolean {
  return account !== undefined && account.disabledAt === null;
}

/** A set-password link is honoured only while its account may sign in. */
export function mayUsePasswordLink(account: PasswordAccount | undefined): boolean {
  return mayReceiveResetLink(account);
}

/**
 * 'Passwort ändern' asks for the current password whenever there is one; a person who only ever
 * signed in by magic link sets a first password without it (decision 0313): the live session is
 * the proof, as it is for the magic link itself.
 */
export function needsCurrentPassword(account: Pick<PasswordAccount, 'passwordHash'>): boolean {
  return account.passwordHash !== null;
}

/** Onboarding offers a password only to an account that has none yet (decision 0313). */
export function mayChoosePasswordInOnboarding(account: Pick<PasswordAccount, 'passwordHash'>) {
  return account.passwordHash === null;
}

/** Password changes of admins and owners go into the audit log (spec §6: staff managers). */
export function isAuditedPasswordChange(actor: Pick<Actor, 'role' | 'hasProfile'>): boolean {
  return isAuditedActor(actor);
}
