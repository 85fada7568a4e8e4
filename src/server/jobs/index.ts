import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { paymentContext } from '../features/payments/context';
import { runPaymentSessionExpiry } from '../features/payments/expiry';
import {
  type ReconciliationResult,
  runPaymentReconciliation,
} from '../features/payments/reconciliation';
import { payoutContext, runScheduledPayouts } from '../features/payouts/batches';
import {
  INVITATION_RETRY_INTERVAL_MS,
  runInvitationRetryJob,
} from '../features/staff/invitation-retries';
import { startWebhookWorker } from '../features/webhooks/delivery';
import { DUNNING_INTERVAL_MS, runDunningJob } from './dunning';

/** How often unfinished payment sessions are looked for; a session ends at most this late. */
export const PAYMENT_EXPIRY_INTERVAL_MS = 15_000;
/** How often stale checkouts are asked about at their provider (webhooks that never came). */
export const PAYMENT_RECONCILIATION_INTERVAL_MS = 30_000;
/** How often the payout job looks for businesses whose daily or weekly batch is due. */
export const PAYOUT_JOB_INTERVAL_MS = 5 * 60_000;

export interface Jobs {
  stop(): Promise<void>;
}

export interface JobHooks {
  /**
   * What each reconciliation run found (the status view, decision 0404). JobRuns reports only
   * whether a run succeeded; the findings travel here so its API stays the same for metrics.
   */
  onReconciled?(result: ReconciliationResult): void;
}

/**
 * Periodic work of one server instance. Every job claims its rows with FOR UPDATE SKIP LOCKED,
 * so any number of instances may run them side by side.
 */
export function startJobs(deps: AppDeps, log: FastifyBaseLogger, hooks: JobHooks = {}): Jobs {
  const ctx = paymentContext(deps, log);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const tick = () => {
    if (stopped) return;
    running = deps.jobRuns
      .observe('payment-expiry', () => runPaymentSessionExpiry(ctx))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'payment session expiry failed; retrying on the next tick');
      });
  };
  const timer = setInterval(tick, PAYMENT_EXPIRY_INTERVAL_MS);
  timer.unref();

  let reconcileRun: Promise<unknown> = Promise.resolve();
  let reconcileBusy = false;
  const reconcileTick = () => {
    if (stopped || reconcileBusy) return;
    reconcileBusy = true;
    reconcileRun = deps.jobRuns
      .observe('payment-reconciliation', async () => {
        const result = await runPaymentReconciliation(ctx, undefined, () => stopped);
        try {
          hooks.onReconciled?.(result);
        } catch {
          // Reporting the findings must not turn a successful run into a failed one.
        }
        return result;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'payment reconciliation failed; retrying on the next tick');
      })
      .finally(() => {
        reconcileBusy = false;
      });
  };
  const reconcileTimer = setInterval(reconcileTick, PAYMENT_RECONCILIATION_INTERVAL_MS);
  reconcileTimer.unref();

  const payoutCtx = payoutContext(deps, log);
  let payoutRun: Promise<unknown> = Promise.resolve();
  let payoutBusy = false;
  const payoutTick = () => {
    if (stopped || payoutBusy) return;
    payoutBusy = true;
    payoutRun = deps.jobRuns
      .observe('payouts', () => runScheduledPayouts(payoutCtx, () => stopped))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'payout job failed; retrying on the next tick');
      })
      .finally(() => {
        payoutBusy = false;
      });
  };
  const payoutTimer = setInterval(payoutTick, PAYOUT_JOB_INTERVAL_MS);
  payoutTimer.unref();

  // Invitation mails that could not be delivered (decision 0500): a fresh link, with backoff.
  let invitationRun: Promise<unknown> = Promise.resolve();
  let invitationBusy = false;
  const invitationTick = () => {
    if (stopped || invitationBusy) return;
    invitationBusy = true;
    invitationRun = runInvitationRetryJob(deps, log)
      .catch((error: unknown) => {
        log.warn({ err: error }, 'invitation mail retries failed; retrying on the next tick');
      })
      .finally(() => {
        invitationBusy = false;
      });
  };
  const invitationTimer = setInterval(invitationTick, INVITATION_RETRY_INTERVAL_MS);
  invitationTimer.unref();

  // Dunning mails (decision 0610): the reminder a week after a failed charge, the end of Pro.
  let dunningRun: Promise<unknown> = Promise.resolve();
  let dunningBusy = false;
  const dunningTick = () => {
    if (stopped || dunningBusy) return;
    dunningBusy = true;
    dunningRun = runDunningJob(deps, log)
      .catch((error: unknown) => {
        log.warn({ err: error }, 'dunning mails failed; retrying on the next tick');
      })
      .finally(() => {
        dunningBusy = false;
      });
  };
  const dunningTimer = setInterval(dunningTick, DUNNING_INTERVAL_MS);
  dunningTimer.unref();

  // Outgoing webhooks (decision 0650): polls every 200 ms, up to 16 sends at once.
  const webhooks = startWebhookWorker({
    database: deps.database,
    clock: deps.clock,
    mailer: deps.mailer,
    config: deps.config,
    log,
    metrics: deps.metrics,
  });

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(payoutTimer);
      clearInterval(reconcileTimer);
      clearInterval(invitationTimer);
      clearInterval(dunningTimer);
      await Promise.all([
        running,
        payoutRun,
        reconcileRun,
        invitationRun,
        dunningRun,
        webhooks.stop(),
      ]);
    },
  };
}
