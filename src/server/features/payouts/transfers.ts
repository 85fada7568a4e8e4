import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentProviderName } from '../../../shared/domain/tips';
import type { Database } from '../../db/connect';
import { storeDemoPayout, storeDemoTransfer } from './queries/demo-transfers';

/** What a payout asks a provider for: one transfer to one employee's account. */
export interface TransferRequest {
  destination: string;
  amountCents: number;
  currency: string;
  /** `payout:{batchId}:{employeeId}`: a retry after a crash returns the first transfer. */
  idempotencyKey: string;
  /** Groups the transfers of one batch at the provider. */
  transferGroup: string;
  description: string;
  metadata: Record<string, string>;
}

/** A transfer that may succeed when tried again with the same key (network, provider 5xx). */
export class TransferRetryableError extends Error {}
/** A transfer the provider refused (account not ready, balance too low): try a new payout later. */
export class TransferRefusedError extends Error {}

export interface PayeeAccount {
  profileId: string;
  stripeAccountId: string | null;
  stripeAccountStatus: string;
  payoutsEnabled: boolean;
}

/** An instant payout from the employee's connected account to their debit card. */
export interface InstantPayoutRequest {
  account: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/**
 * The account a payout may go to: one set up and trusted for payouts (Stripe's rule, decision
 * 0043), or null. The demo provider follows the same rule (decision 0477), so the settings'
 * 'Noch nicht eingerichtet' and the payouts never disagree.
 */
export function readyPayoutAccount(payee: PayeeAccount): string | null {
  return payee.stripeAccountId && payee.stripeAccountStatus === 'enabled' && payee.payoutsEnabled
    ? payee.stripeAccountId
    : null;
}

/**
 * The profile columns of a set-up payout account of the demo provider (decision 0477): what the
 * demo seed gives some staff so the demo still shows payouts. The id says it is no Stripe account.
 */
export function demoPayoutAccount(profileId: string) {
  return {
    stripeAccountId: `acct_demo_${profileId.replace(/-/g, '').slice(0, 16)}`,
    stripeAccountStatus: 'enabled' as const,
    payoutsEnabled: true,
  };
}

export interface TransferProvider {
  readonly name: PaymentProviderName;
  /** The account a payout goes to, or null when the employee has no ready payout account. */
  destinationOf(payee: PayeeAccount): string | null;
  createTransfer(request: TransferRequest): Promise<{ id: string }>;
  /** Whether the account can be paid out instantly (a debit card that supports it). */
  supportsInstant(account: string): Promise<boolean>;
  createInstantPayout(request: InstantPayoutRequest): Promise<{ id: string }>;
}

/**
 * The demo provider's transfers: no network, one simulated transfer per idempotency key in
 * `demo_transfers`, written outside the caller's transaction like a real provider's would be.
 * Only an employee with a set-up payout account is paid (a demo account of the demo seed, or one
 * set up through Stripe before the instance switched to the demo).
 */
export function createDemoTransfers(database: Database): TransferProvider {
  return {
    name: 'demo',
    destinationOf: readyPayoutAccount,
    async createTransfer(request) {
      const id = `tr_demo_${randomBytes(12).toString('hex')}`;
      const row = await storeDemoTransfer(database.db, {
        id,
        idempotencyKey: request.idempotencyKey,
        destination: request.destination,
        amountCents: request.amountCents,
        currency: request.currency,
        transferGroup: request.transferGroup,
      });
      if (!row) throw new TransferRetryableError('demo transfer not recorded');
      if (row.amountCents !== request.amountCents) {
        throw new TransferRefusedError('idempotency key reused with another amount');
      }
      return { id: row.id };
    },
    supportsInstant: () => Promise.resolve(true),
    async createInstantPayout(request) {
      const id = `po_demo_${randomBytes(12).toString('hex')}`;
      const row = await storeDemoPayout(database.db, {
        id,
        idempotencyKey: request.idempotencyKey,
        account: request.account,
        amountCents: request.amountCents,
        currency: request.currency,
        method: 'instant',
      });
      if (!row) throw new TransferRetryableError('demo payout not recorded');
      return { id: row.id };
    },
  };
}

/**
 * Stripe transfers (separate charges and transfers): the platform's balance to the employee's
 * Express account, only when Stripe trusts the account (decision 0043).
 */
export function createStripeTransfers(stripe: Stripe): TransferProvider {
  return {
    name: 'stripe',
    destinationOf: readyPayoutAccount,
    async createTransfer(request) {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            destination: request.destination,
            transfer_group: request.transferGroup,
            description: request.description,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { id: transfer.id };
      } catch (error) {
        throw classify(error);
      }
    },
    async supportsInstant(account) {
      const external = await stripe.accounts.listExternalAccounts(account, { limit: 10 });
      return external.data.some((item) =>
        (item.available_payout_methods ?? []).includes('instant'),
      );
    },
    async createInstantPayout(request) {
      try {
        // On the connected account (Stripe-Account header): its balance to its debit card.
        const payout = await stripe.payouts.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            method: 'instant',
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey, stripeAccount: request.account },
        );
        return { id: payout.id };
      } catch (error) {
        throw classify(error);
      }
    },
  };
}

/** Network and provider errors may succeed when retried with the same key; the rest are refusals. */
function classify(error: unknown): Error {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeIdempotencyError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 500) >= 500)
  ) {
    return new TransferRetryableError(error.message, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new TransferRefusedError(error.message, { cause: error });
  }
  return new TransferRetryableError(String(error), { cause: error });
}
