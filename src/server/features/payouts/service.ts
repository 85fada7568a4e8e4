import type { FastifyRequest } from 'fastify';
import type { PayoutStatus } from '../../../shared/api/employee';
import { employeeErrors } from '../../../shared/api/employee';
import { PAYOUT_ERRORS, type PayoutBatch, type PayoutOverview } from '../../../shared/api/payouts';
import type { PayoutSchedule } from '../../../shared/domain/payouts';
import type { PayoutDeps } from './context';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/write';
import type { Actor } from '../auth/actor';
import type { ConnectAccounts } from './connect';
import { presentBatch, presentBatchSummary, presentHeldTip } from './presenter';
import { nextScheduledBatchAt } from './policy';
import {
  batchTransfers,
  heldTips,
  lastScheduledBatchAt,
  listBatches,
  lockPayoutSchedule,
  selectOnboardingProfile,
  selectPayoutAccount,
  selectPayoutSchedule,
  setPayoutAccountStatus,
  setPayoutSchedule,
  setPendingPayoutAccount,
} from './queries/overview';

export async function payoutStatus(
  deps: Pick<PayoutDeps, 'database' | 'config'>,
  profileId: string,
): Promise<PayoutStatus> {
  const profile = await selectPayoutAccount(deps.database.db, profileId);
  return {
    provider: deps.config.paymentProvider,
    status: profile?.status ?? 'none',
    payoutsEnabled: profile?.enabled ?? false,
  };
}

/**
 * Starts (or continues) Stripe Connect onboarding: creates the Express account once, then hands
 * out a fresh single-use onboarding link. Stripe sends the employee back to the dashboard.
 */
export async function startPayoutOnboarding(
  deps: Pick<PayoutDeps, 'database' | 'config' | 'clock'>,
  connect: ConnectAccounts | undefined,
  profileId: string,
): Promise<string> {
  if (deps.config.paymentProvider !== 'stripe' || !connect) {
    throw new AppError(employeeErrors.payouts_unavailable);
  }
  const profile = await selectOnboardingProfile(deps.database.db, profileId);
  if (!profile) throw new AppError(employeeErrors.no_business);
  try {
    let accountId = profile.accountId;
    if (!accountId) {
      accountId = await connect.createAccount({ profileId, email: profile.email });
      await setPendingPayoutAccount(deps.database.db, profileId, accountId, deps.clock.now());
    }
    const dashboard = `${deps.config.publicOrigin}/employee/dashboard`;
    return await connect.onboardingLink({
      accountId,
      returnUrl: `${dashboard}?auszahlung=fertig`,
      refreshUrl: `${dashboard}?auszahlung=erneut`,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(employeeErrors.payout_provider_failed, { cause: error });
  }
}

/**
 * Applies Stripe's current view of an account (from an `account.updated` webhook, re-read from
 * the API) to the profile that owns it.
 */
export async function refreshAccountStatus(
  deps: Pick<PayoutDeps, 'database' | 'clock'>,
  connect: ConnectAccounts,
  accountId: string,
): Promise<void> {
  const current = await connect.accountStatus(accountId);
  await setPayoutAccountStatus(deps.database.db, accountId, current, deps.clock.now());
}

/** The payouts page of a business: its schedule and its batches. */
export async function payoutOverview(
  deps: Pick<PayoutDeps, 'database' | 'config'>,
  businessId: string,
): Promise<PayoutOverview> {
  const business = await selectPayoutSchedule(deps.database.db, businessId);
  const [rows, held, lastScheduled] = await Promise.all([
    listBatches(deps.database.db, businessId),
    heldTips(deps.database.db, businessId),
    lastScheduledBatchAt(deps.database.db, businessId),
  ]);
  const schedule = business?.schedule ?? 'daily';
  return {
    schedule,
    lastScheduledAt: lastScheduled?.toISOString() ?? null,
    nextScheduledAt: nextScheduledBatchAt(schedule, lastScheduled)?.toISOString() ?? null,
    provider: deps.config.paymentProvider,
    batches: rows.map(presentBatchSummary),
    held: held.map(presentHeldTip),
  };
}

/** One batch of the business with its transfers and the employees it skipped. */
export async function payoutBatchDetail(
  deps: Pick<PayoutDeps, 'database'>,
  businessId: string,
  batchId: string,
): Promise<PayoutBatch> {
  const { db } = deps.database;
  const [row] = await listBatches(db, businessId, 1, batchId);
  if (!row) throw new AppError(PAYOUT_ERRORS.payout_batch_not_found);
  return presentBatch(row, await batchTransfers(db, batchId));
}

/** Daily or weekly; the change and its audit row commit together. */
export async function updatePayoutSchedule(
  deps: Pick<PayoutDeps, 'database'>,
  input: {
    businessId: string;
    schedule: PayoutSchedule;
    actor: Actor;
    request: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
    at: Date;
  },
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const before = await lockPayoutSchedule(tx, input.businessId);
    if (!before || before.schedule === input.schedule) return;
    await setPayoutSchedule(tx, input.businessId, input.schedule, input.at);
    await writeAudit(tx, {
      actor: input.actor,
      action: 'payout_schedule_update',
      targetType: 'business',
      targetId: input.businessId,
      payload: { from: before.schedule, to: input.schedule },
      request: input.request,
      businessId: input.businessId,
      at: input.at,
    });
  });
}
