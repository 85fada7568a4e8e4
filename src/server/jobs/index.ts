import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app';
import { paymentContext } from '../features/payments/context';
import { runPaymentSessionExpiry } from '../features/payments/expiry';

/** How often unfinished payment sessions are looked for; a session ends at most this late. */
export const PAYMENT_EXPIRY_INTERVAL_MS = 15_000;

export interface Jobs {
  stop(): Promise<void>;
}

/**
 * Periodic work of one server instance. Every job claims its rows with FOR UPDATE SKIP LOCKED,
 * so any number of instances may run them side by side.
 */
export function startJobs(deps: AppDeps, log: FastifyBaseLogger): Jobs {
  const ctx = paymentContext(deps, log);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const tick = () => {
    if (stopped) return;
    running = runPaymentSessionExpiry(ctx).catch((error: unknown) => {
      log.warn({ err: error }, 'payment session expiry failed; retrying on the next tick');
    });
  };
  const timer = setInterval(tick, PAYMENT_EXPIRY_INTERVAL_MS);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
