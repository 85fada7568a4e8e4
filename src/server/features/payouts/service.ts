import { eq } from 'drizzle-orm';
import type { PayoutStatus } from '../../../shared/api/employee';
import { employeeErrors } from '../../../shared/api/employee';
import type { AppDeps } from '../../app';
import { profiles } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { ConnectAccounts } from './connect';

export async function payoutStatus(
  deps: Pick<AppDeps, 'database' | 'config'>,
  profileId: string,
): Promise<PayoutStatus> {
  const [profile] = await deps.database.db
    .select({ status: profiles.stripeAccountStatus, enabled: profiles.payoutsEnabled })
    .from(profiles)
    .where(eq(profiles.id, profileId));
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
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  connect: ConnectAccounts | undefined,
  profileId: string,
): Promise<string> {
  if (deps.config.paymentProvider !== 'stripe' || !connect) {
    throw new AppError(employeeErrors.payouts_unavailable);
  }
  const [profile] = await deps.database.db
    .select({ email: profiles.email, accountId: profiles.stripeAccountId })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!profile) throw new AppError(employeeErrors.no_business);
  try {
    let accountId = profile.accountId;
    if (!accountId) {
      accountId = await connect.createAccount({ profileId, email: profile.email });
      await deps.database.db
        .update(profiles)
        .set({
          stripeAccountId: accountId,
          stripeAccountStatus: 'pending',
          updatedAt: deps.clock.now(),
        })
        .where(eq(profiles.id, profileId));
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
  deps: Pick<AppDeps, 'database' | 'clock'>,
  connect: ConnectAccounts,
  accountId: string,
): Promise<void> {
  const current = await connect.accountStatus(accountId);
  await deps.database.db
    .update(profiles)
    .set({
      stripeAccountStatus: current.status,
      payoutsEnabled: current.payoutsEnabled,
      updatedAt: deps.clock.now(),
    })
    .where(eq(profiles.stripeAccountId, accountId));
}
