import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** One request the Stripe SDK sent, with its form body flattened ("line_items[0][quantity]"). */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

interface FakeAccount {
  id: string;
  object: 'account';
  email: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { past_due: string[]; disabled_reason: string | null };
}

/** A subscription as the billing tests need it: its metadata and whether it ends with its period. */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  subscription: string | null;
  customer: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent: string | null;
  url: string | null;
  metadata: Record<string, string>;
  /** What the subscription of a subscription-mode session will carry. */
  subscriptionMetadata: Record<string, string>;
  amount_total: number;
  currency: string;
}

/**
 * A small local stand-in for Stripe's API (stripe-stateful-mock has no Checkout): enough of
 * Checkout Sessions, their expiry and charges for contract tests, recording every request.
 * It listens on 127.0.0.1 only.
 */
export class FakeStripe {
  readonly requests: RecordedStripeRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly intents = new Map<string, { id: string; status: string }>();
  readonly charges = new Map<
    string,
    { id: string; refunded: boolean; payment_intent: string; amount_refunded?: number }
  >();
  readonly disputes = new Map<
    string,
    {
      id: string;
      object: 'dispute';
      amount: number;
      reason: string;
      payment_intent: string;
      status?: string;
    }
  >();
  /** Connect (Express) accounts by id, with the fields payout setup reads. */
  readonly accounts = new Map<string, FakeAccount>();
  /** Connect transfers by id; a create with a key seen before returns the first one. */
  readonly transfers = new Map<
    string,
    { id: string; object: 'transfer'; amount: number; currency: string; destination: string }
  >();
  private readonly byIdempotencyKey = new Map<string, string>();
  /** Connected accounts with a debit card that takes instant payouts. */
  readonly instantCards = new Set<string>();
  /** Payouts made on connected accounts (Stripe-Account header), by id. */
  readonly payouts = new Map<
    string,
    {
      id: string;
      object: 'payout';
      amount: number;
      currency: string;
      method: string;
      account: string;
    }
  >();
  /** Refunds by id, with the payment intent they gave back and the idempotency key used. */
  readonly refunds = new Map<
    string,
    { id: string; payment_intent: string; reason: string | null; idempotencyKey: string }
  >();
  /** Subscriptions made by completed subscription-mode checkouts, by id. */
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Customer Portal sessions opened, by customer. */
  readonly portalSessions: { customer: string; return_url: string; url: string }[] = [];
  /** While true, subscription and portal calls answer a server error (the SDK retries once). */
  billingOutage = false;
  /** Refuse the next refund (as Stripe does for a payment it cannot refund yet). */
  failNextRefund = false;
  /** Answer the next create call with this HTTP error. */
  failNextCreate: number | null = null;
  private server: Server | undefined;
  private counter = 0;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The guest paid on Stripe's page. */
  pay(sessionId: string): string {
    const session = this.sessions.get(sessionId)!;
    const intent = `pi_test_${++this.counter}`;
    this.intents.set(intent, { id: intent, status: 'succeeded' });
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent });
    return intent;
  }

  /**
   * The owner paid on Stripe's page for a subscription-mode session: Stripe made a customer and
   * a subscription carrying the session's subscription metadata.
   */
  subscribe(sessionId: string): FakeSubscription {
    const session = this.sessions.get(sessionId)!;
    const customer = session.customer ?? `cus_test_${++this.counter}`;
    const subscription: FakeSubscription = {
      id: `sub_test_${++this.counter}`,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: { ...session.subscriptionMetadata },
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
    });
    return subscription;
  }

  /** A delayed payment method that finally failed. */
  failAsync(sessionId: string): void {
    const session = this.sessions.get(sessionId)!;
    const intent = `pi_test_${++this.counter}`;
    this.intents.set(intent, { id: intent, status: 'requires_payment_method' });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'unpaid',
      payment_intent: intent,
    });
  }

  refund(paymentIntentId: string, amountRefunded?: number): string {
    const charge = `ch_test_${++this.counter}`;
    this.charges.set(charge, {
      id: charge,
      refunded: true,
      payment_intent: paymentIntentId,
      ...(amountRefunded !== undefined ? { amount_refunded: amountRefunded } : {}),
    });
    return charge;
  }

  /** Part of a payment went back; `refunded` stays false until all of it has. */
  partialRefund(paymentIntentId: string, amountRefunded: number): string {
    const charge = `ch_test_${++this.counter}`;
    this.charges.set(charge, {
      id: charge,
      refunded: false,
      payment_intent: paymentIntentId,
      amount_refunded: amountRefunded,
    });
    return charge;
  }

  /** The guest disputed a payment with their bank. */
  dispute(paymentIntentId: string, amount: number, reason = 'fraudulent'): string {
    const id = `dp_test_${++this.counter}`;
    this.disputes.set(id, {
      id,
      object: 'dispute',
      amount,
      reason,
      payment_intent: paymentIntentId,
    });
    return id;
  }

  lastCreate(): RecordedStripeRequest | undefined {
    return this.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
      .at(-1);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const recorded: RecordedStripeRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    };
    this.requests.push(recorded);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      response.end(JSON.stringify(body));
    };
    const invalid = (message: string) =>
      send(400, { error: { type: 'invalid_request_error', message } });

    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    if (recorded.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (this.failNextCreate) {
        const status = this.failNextCreate;
        this.failNextCreate = null;
        return invalid(`simulated failure ${status}`);
      }
      const key = String(request.headers['idempotency-key'] ?? '');
      const existing = key ? this.byIdempotencyKey.get(key) : undefined;
      if (existing) return send(200, this.sessions.get(existing));
      const id = `cs_test_${++this.counter}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(recorded.form)) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const subscriptionMetadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(recorded.form)) {
        const match = /^subscription_data\[metadata\]\[(.+)\]$/.exec(name);
        if (match) subscriptionMetadata[match[1]!] = value;
      }
      let total = 0;
      for (let i = 0; recorded.form[`line_items[${i}][price_data][unit_amount]`]; i += 1) {
        const quantity = Number(recorded.form[`line_items[${i}][quantity]`] ?? 1);
        total += Number(recorded.form[`line_items[${i}][price_data][unit_amount]`]) * quantity;
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: recorded.form.mode ?? 'payment',
        subscription: null,
        customer: recorded.form.customer ?? null,
        subscriptionMetadata,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        metadata,
        amount_total: total,
        currency: recorded.form['line_items[0][price_data][currency]'] ?? 'eur',
      };
      this.sessions.set(id, session);
      if (key) this.byIdempotencyKey.set(key, id);
      return send(200, session);
    }
    if (sessionMatch) {
      const session = this.sessions.get(sessionMatch[1]!);
      if (!session)
        return send(404, {
          error: { type: 'invalid_request_error', message: 'No such checkout.session' },
        });
      if (sessionMatch[2]) {
        if (session.status !== 'open') {
          return invalid('Only Checkout Sessions with a status in ["open"] can be expired.');
        }
        session.status = 'expired';
        return send(200, session);
      }
      const expand = url.searchParams
        .getAll('expand[]')
        .concat(url.searchParams.getAll('expand[0]'));
      const intent =
        expand.includes('payment_intent') && session.payment_intent
          ? this.intents.get(session.payment_intent)
          : session.payment_intent;
      return send(200, { ...session, payment_intent: intent });
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (subscriptionMatch || url.pathname === '/v1/billing_portal/sessions') {
      if (this.billingOutage) {
        return send(500, { error: { type: 'api_error', message: 'simulated outage' } });
      }
    }
    if (subscriptionMatch) {
      const subscription = this.subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return invalid('No such subscription');
      if (recorded.method === 'POST' && recorded.form.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = recorded.form.cancel_at_period_end === 'true';
      }
      return send(200, subscription);
    }
    if (recorded.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const customer = recorded.form.customer ?? '';
      const known = [...this.subscriptions.values()].some((sub) => sub.customer === customer);
      if (!known) return invalid('No such customer');
      const portal = {
        customer,
        return_url: recorded.form.return_url ?? '',
        url: `https://billing.stripe.com/p/session/test_${++this.counter}`,
      };
      this.portalSessions.push(portal);
      return send(200, { object: 'billing_portal.session', id: `bps_${this.counter}`, ...portal });
    }
    if (recorded.method === 'POST' && url.pathname === '/v1/accounts') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const existing = key ? this.byIdempotencyKey.get(key) : undefined;
      if (existing) return send(200, this.accounts.get(existing));
      const account: FakeAccount = {
        id: `acct_test_${++this.counter}`,
        object: 'account',
        email: recorded.form.email ?? '',
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { past_due: [], disabled_reason: null },
      };
      this.accounts.set(account.id, account);
      if (key) this.byIdempotencyKey.set(key, account.id);
      return send(200, account);
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (recorded.method === 'GET' && accountMatch) {
      const account = this.accounts.get(accountMatch[1]!);
      return account ? send(200, account) : invalid('No such account');
    }
    if (recorded.method === 'POST' && url.pathname === '/v1/account_links') {
      const account = recorded.form.account ?? '';
      if (!this.accounts.has(account)) return invalid('No such account');
      return send(200, {
        object: 'account_link',
        url: `https://connect.stripe.com/setup/e/${account}/link${++this.counter}`,
        created: 1,
        expires_at: 2,
      });
    }
    if (recorded.method === 'POST' && url.pathname === '/v1/refunds') {
      if (this.failNextRefund) {
        this.failNextRefund = false;
        return invalid('simulated refund failure');
      }
      const key = String(request.headers['idempotency-key'] ?? '');
      const existing = [...this.refunds.values()].find((r) => key && r.idempotencyKey === key);
      if (existing) return send(200, { object: 'refund', status: 'succeeded', ...existing });
      const intent = recorded.form.payment_intent ?? '';
      if (!this.intents.has(intent)) return invalid('No such payment_intent');
      const refund = {
        id: `re_test_${++this.counter}`,
        payment_intent: intent,
        reason: recorded.form.reason ?? null,
        idempotencyKey: key,
      };
      this.refunds.set(refund.id, refund);
      return send(200, { object: 'refund', status: 'succeeded', ...refund });
    }
    if (recorded.method === 'POST' && url.pathname === '/v1/transfers') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const existing = key ? this.byIdempotencyKey.get(key) : undefined;
      if (existing) return send(200, this.transfers.get(existing));
      const destination = recorded.form.destination ?? '';
      if (!this.accounts.has(destination)) return invalid('No such destination');
      const transfer = {
        id: `tr_test_${++this.counter}`,
        object: 'transfer' as const,
        amount: Number(recorded.form.amount),
        currency: recorded.form.currency ?? 'eur',
        destination,
        transfer_group: recorded.form.transfer_group ?? null,
      };
      this.transfers.set(transfer.id, transfer);
      if (key) this.byIdempotencyKey.set(key, transfer.id);
      return send(200, transfer);
    }
    const externalMatch = /^\/v1\/accounts\/([^/]+)\/external_accounts$/.exec(url.pathname);
    if (recorded.method === 'GET' && externalMatch) {
      const account = externalMatch[1]!;
      if (!this.accounts.has(account)) return invalid('No such account');
      const methods = this.instantCards.has(account) ? ['standard', 'instant'] : ['standard'];
      return send(200, {
        object: 'list',
        url: url.pathname,
        has_more: false,
        data: [{ id: `card_${account}`, object: 'card', available_payout_methods: methods }],
      });
    }
    if (recorded.method === 'POST' && url.pathname === '/v1/payouts') {
      const account = String(request.headers['stripe-account'] ?? '');
      if (!this.accounts.has(account)) return invalid('No such account');
      const key = String(request.headers['idempotency-key'] ?? '');
      const existing = key ? this.byIdempotencyKey.get(key) : undefined;
      if (existing) return send(200, this.payouts.get(existing));
      const method = recorded.form.method ?? 'standard';
      if (method === 'instant' && !this.instantCards.has(account)) {
        return invalid('This account has no external account that supports instant payouts.');
      }
      const payout = {
        id: `po_test_${++this.counter}`,
        object: 'payout' as const,
        amount: Number(recorded.form.amount),
        currency: recorded.form.currency ?? 'eur',
        method,
        account,
      };
      this.payouts.set(payout.id, payout);
      if (key) this.byIdempotencyKey.set(key, payout.id);
      return send(200, payout);
    }
    const disputeMatch = /^\/v1\/disputes\/([^/]+)$/.exec(url.pathname);
    if (disputeMatch && this.disputes.has(disputeMatch[1]!)) {
      return send(200, this.disputes.get(disputeMatch[1]!));
    }
    const chargeMatch = /^\/v1\/charges\/([^/]+)$/.exec(url.pathname);
    if (chargeMatch && this.charges.has(chargeMatch[1]!)) {
      return send(200, { object: 'charge', ...this.charges.get(chargeMatch[1]!) });
    }
    return send(404, { error: { type: 'invalid_request_error', message: 'Unknown path' } });
  }
}
