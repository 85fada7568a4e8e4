import type { Config } from '../../config';
import type { Role } from '../../../shared/domain/roles';
import type { SessionTwoFactor } from '../../../shared/api/auth';

/**
 * Who must have two-factor sign-in, and who may reset it for whom (decisions 0316-0318), as pure
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
