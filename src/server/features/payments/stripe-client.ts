import Stripe from 'stripe';
import type { Config } from '../../config';

/** SDK network options: contract tests point the SDK at a local HTTP server (STRIPE_API_URL). */
export function stripeNetworkOptions(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The one Stripe client of an app instance, or none when Stripe is not configured. */
export function stripeClientFor(
  config: Pick<Config, 'stripeSecretKey' | 'stripeApiUrl'>,
): Stripe | undefined {
  if (!config.stripeSecretKey) return undefined;
  return new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Trinkgeld' },
    ...stripeNetworkOptions(config.stripeApiUrl),
  });
}
