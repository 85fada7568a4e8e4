import Stripe from 'stripe';

/** Where the SDK sends its requests: Stripe's API, or (contract tests) a local stand-in. */
function sdkNetworkOptions(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * A client of the official Stripe SDK as every part of the server uses it: two retries of a
 * failed request (with the request's idempotency key), 10 s per try, no telemetry.
 */
export function createStripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Trinkgeld' },
    ...sdkNetworkOptions(apiUrl),
  });
}
