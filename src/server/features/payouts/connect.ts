import type Stripe from 'stripe';

/** What we need from Stripe Connect to let an employee set up payouts (Express accounts). */
export interface ConnectAccounts {
  createAccount(options: { profileId: string; email: string }): Promise<string>;
  onboardingLink(options: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string>;
  accountStatus(accountId: string): Promise<ConnectAccountStatus>;
}

export type ConnectAccountStatus = {
  status: 'pending' | 'enabled' | 'restricted';
  payoutsEnabled: boolean;
};

/**
 * Stripe's view of an account, reduced to ours: only an account with details submitted and both
 * charges and payouts enabled is trusted (payments.md); one with requirements past due is
 * restricted; everything else is still being set up.
 */
export function statusOfAccount(account: Stripe.Account): ConnectAccountStatus {
  const payoutsEnabled = account.payouts_enabled === true;
  if (account.details_submitted && account.charges_enabled && payoutsEnabled) {
    return { status: 'enabled', payoutsEnabled };
  }
  const pastDue = account.requirements?.past_due ?? [];
  const disabled = account.requirements?.disabled_reason;
  if (account.details_submitted && (pastDue.length > 0 || disabled)) {
    return { status: 'restricted', payoutsEnabled };
  }
  return { status: 'pending', payoutsEnabled };
}

export function createStripeConnect(stripe: Stripe): ConnectAccounts {
  return {
    async createAccount({ profileId, email }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: 'DE',
          email,
          business_type: 'individual',
          capabilities: { transfers: { requested: true } },
          metadata: { profile_id: profileId },
        },
        // One account per employee, even when the button is pressed twice or a request is retried.
        { idempotencyKey: `connect-account:${profileId}` },
      );
      return account.id;
    },
    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    async accountStatus(accountId) {
      return statusOfAccount(await stripe.accounts.retrieve(accountId));
    },
  };
}
