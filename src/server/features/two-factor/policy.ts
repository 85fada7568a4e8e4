import type { Config } from '../../config';
import type { Role } from '../../../shared/domain/roles';
import type { SessionTwoFactor } from '../../../shared/api/auth';
import {
  decideManage,
  type StaffActor,
  type StaffDecision,
  type StaffTarget,
} from '../staff/policy';

/**
 * Who must have two-factor sign-in, and who may reset it for whom (issue 29 part 6), as pure
 * decisions.
 */

type NodeEnv = Config['nodeEnv'];

/**
 * The platform admin sees every business and its money: in production they cannot use the
 * product without a second factor (decision 0318). Everyone else is offered it.
 */
export function isTwoFactorRequired(role: Role, nodeEnv: NodeEnv): boolean {
  return nodeEnv === 'production' && role === 'admin';
}

/**
 * A session of someone who must have two-factor sign-in but has none may only set it up: the
 * guard answers every other route with 403 `two_factor_setup_required`.
 */
export function isTwoFactorSetupRequired(
  person: { role: Role },
  twoFactorEnabled: boolean,
  nodeEnv: NodeEnv,
): boolean {
  return isTwoFactorRequired(person.role, nodeEnv) && !twoFactorEnabled;
}

/** What the session answer tells the browser (banner, settings, setup-only routing). */
export function sessionTwoFactorOf(
  person: { role: Role },
  twoFactorEnabled: boolean,
  nodeEnv: NodeEnv,
): SessionTwoFactor {
  return {
    enabled: twoFactorEnabled,
    setupRequired: isTwoFactorSetupRequired(person, twoFactorEnabled, nodeEnv),
  };
}

/**
 * May the actor turn off two-factor sign-in for the target (someone who lost their phone and
 * their recovery codes)? The staff rules of decision 0120: owners manage the people of their
 * own business but never another owner; only the platform admin resets an owner or an admin.
 * Nobody resets their own: that is turning it off with a code, which proves the second factor.
 */
export function decideTwoFactorReset(actor: StaffActor, target: StaffTarget): StaffDecision {
  if (actor.userId === target.id) return { allowed: false, reason: 'self' };
  const manage = decideManage(actor, target);
  if (!manage.allowed) return manage;
  if (target.role === 'business_owner' && actor.role !== 'admin') {
    return { allowed: false, reason: 'other_owner' };
  }
  return { allowed: true };
}
