import type { PublicConfig } from '../../../shared/api/public-config';
import { type Config, showsDemo } from '../../config';

/**
 * The configuration the browser may see, picked field by field so a new secret in Config can
 * never leak: used by GET /api/public-config and by the server-rendered landing page.
 */
export function presentPublicConfig(
  config: Pick<Config, 'contactEmail' | 'publicOrigin' | 'paymentProvider' | 'signup' | 'nodeEnv'>,
): PublicConfig {
  return {
    contactEmail: config.contactEmail,
    publicOrigin: config.publicOrigin,
    paymentProvider: config.paymentProvider,
    signup: config.signup,
    demoPages: showsDemo(config),
  };
}
