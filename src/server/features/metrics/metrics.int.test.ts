import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../../test/support/guest';
import { createStripeTestApp, startedStripeCheckout } from '../../../../test/support/stripe-app';
import { stripeEvent } from '../../../../test/support/stripe';
import { paymentContext } from '../payments/context';
import { receiveProviderEvent } from '../payments/provider-events';
import { payoutContext, runPayoutBatch } from '../payouts/batches';
import { createWebhookEvent } from '../../../../test/support/system-factories';
import { webhookEndpoints } from '../../db/schema';
import { runWebhookDeliveries } from '../webhooks/delivery';
import { recordWebhookEvent } from '../webhooks/outbox';
import { newWebhookSecret, sealWebhookSecret } from '../webhooks/secret';

/**
 * Decision 0400: GET /metrics answers Prometheus with the bearer token only, and
 * a demo payment moves the tip figures by exactly its amount, once, however often it is reported.
 */
const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
let unset: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
  // A second app in the same process: its own registry, and no token configured.
  unset = await createTestApp({ database: t.database, clock: t.clock });
  hotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
});
afterAll(async () => {
  await unset.close();
  await t.close();
});

async function scrape(app: TestApp = t): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: auth });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The sum of a series' samples whose labels include `labels` (absent: 0). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, wanted]) => found[key] === wanted)) {
      sum += Number(match[3]);
    }
  }
  return sum;
}

const tipFigures = (text: string, event: string) => ({
  count: value(text, 'trinkgeld_tips_total', { event }),
  cents: value(text, 'trinkgeld_tips_cents_total', { event }),
});

describe('GET /metrics', () => {
  it('is an unknown path without the token, with a wrong one, and when METRICS_TOKEN is unset', async () => {
    const attempts = [
      t.inject({ method: 'GET', url: '/metrics' }),
      t.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } }),
      t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${TOKEN}` } }),
      t.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      }),
      unset.inject({ method: 'GET', url: '/metrics', headers: auth }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
      expect(response.body).not.toContain('trinkgeld_');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers the Prometheus text format with the process metrics, setting no cookie', async () => {
    const response = await t.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'trinkgeld_http_requests_total',
      'trinkgeld_http_request_duration_seconds',
      'trinkgeld_tips_total',
      'trinkgeld_webhook_events_total',
      'trinkgeld_payout_batches_total',
      'trinkgeld_instant_payouts_total',
      'trinkgeld_job_runs_total',
      'trinkgeld_job_seconds_since_success',
      'trinkgeld_live_streams_open',
      'trinkgeld_guest_cache_lookups_total',
      'trinkgeld_db_pool_connections',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
    // The pool's figures exist where there is a pool (PostgreSQL); PGlite has one connection.
    const idle = /\ntrinkgeld_db_pool_connections\{state="idle"\} \d+/.test(response.body);
    expect(idle).toBe(t.database.engine === 'postgres');
    // Every name appears once: no registry was registered twice.
    const helps = response.body.split('\n').filter((line) => line.startsWith('# HELP '));
    expect(new Set(helps).size).toBe(helps.length);
  });

  it('counts a demo tip started, paid once however often it is reported, and a failed one', async () => {
    const before = await scrape();

    const paid = await startedTip(t, { code: hotel.points[0]!.uid, amountCents: 1234 });
    const afterStart = await scrape();
    expect(tipFigures(afterStart, 'started')).toEqual({
      count: tipFigures(before, 'started').count + 1,
      cents: tipFigures(before, 'started').cents + 1234,
    });
    expect(tipFigures(afterStart, 'paid')).toEqual(tipFigures(before, 'paid'));

    expect((await decideDemoCheckout(t, paid.checkoutUrl, 'pay')).statusCode).toBe(303);
    const afterPay = await scrape();
    expect(tipFigures(afterPay, 'paid')).toEqual({
      count: tipFigures(before, 'paid').count + 1,
      cents: tipFigures(before, 'paid').cents + 1234,
    });
    const processed = { provider: 'demo', type: 'checkout.session.completed' };
    expect(
      value(afterPay, 'trinkgeld_webhook_events_total', { ...processed, outcome: 'processed' }),
    ).toBe(
      value(before, 'trinkgeld_webhook_events_total', { ...processed, outcome: 'processed' }) + 1,
    );

    // The same payment reported again: a second event of the checkout, that event redelivered,
    // a second click on the checkout and the guest's page asking for the status.
    const ctx = paymentContext(t.app.deps, t.app.log);
    const checkoutId = new URL(paid.checkoutUrl).pathname.split('/').pop()!;
    const again = {
      provider: 'demo' as const,
      id: `evt_demo_again_${paid.tipId.slice(0, 8)}`,
      type: 'checkout.session.completed',
      payload: { id: checkoutId, object: 'checkout.session', status: 'complete' },
      objectId: checkoutId,
    };
    expect(await receiveProviderEvent(ctx, again)).toEqual({ duplicate: false });
    expect(await receiveProviderEvent(ctx, again)).toEqual({ duplicate: true });
    await decideDemoCheckout(t, paid.checkoutUrl, 'pay');
    const status = await t.inject({
      method: 'GET',
      url: `/api/guest/tips/${paid.tipId}`,
      headers: { 'x-tip-token': paid.token },
    });
    expect(status.statusCode).toBe(200);

    const afterRepeats = await scrape();
    expect(tipFigures(afterRepeats, 'paid')).toEqual(tipFigures(afterPay, 'paid'));
    expect(
      value(afterRepeats, 'trinkgeld_webhook_events_total', { ...processed, outcome: 'duplicate' }),
    ).toBe(
      value(afterPay, 'trinkgeld_webhook_events_total', { ...processed, outcome: 'duplicate' }) + 1,
    );

    // The other business: a failed payment counts as failed, with its amount.
    const failed = await startedTip(t, { code: cafe.points[0]!.uid, amountCents: 550 });
    await decideDemoCheckout(t, failed.checkoutUrl, 'fail');
    const afterFail = await scrape();
    expect(tipFigures(afterFail, 'failed')).toEqual({
      count: tipFigures(before, 'failed').count + 1,
      cents: tipFigures(before, 'failed').cents + 550,
    });
    expect(tipFigures(afterFail, 'paid')).toEqual(tipFigures(afterPay, 'paid'));
  });

  it('counts requests by route template, unmatched paths as one, and not the scrapes', async () => {
    const before = await scrape();
    await t.inject({ method: 'GET', url: '/healthz' });
    await t.inject({ method: 'GET', url: `/api/no-such-thing/${hotel.id}` });
    const after = await scrape();
    const requests = (labels: Record<string, string>) =>
      value(after, 'trinkgeld_http_requests_total', labels) -
      value(before, 'trinkgeld_http_requests_total', labels);
    expect(requests({ route: '/healthz', status: '200', method: 'GET' })).toBe(1);
    expect(requests({ route: 'unmatched', status: '404' })).toBe(1);
    expect(value(after, 'trinkgeld_http_requests_total', { route: '/metrics' })).toBe(0);
    expect(
      value(after, 'trinkgeld_http_request_duration_seconds_count', { route: '/healthz' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts job runs and says how long ago each job last succeeded', async () => {
    const before = await scrape();
    await t.app.deps.jobRuns.observe('payment-expiry', async () => 0);
    await t.app.deps.jobRuns
      .observe('payouts', async () => Promise.reject(new Error('down')))
      .catch(() => undefined);
    t.clock.advance(30_000);
    const after = await scrape();
    const runs = (job: string, outcome: string) =>
      value(after, 'trinkgeld_job_runs_total', { job, outcome }) -
      value(before, 'trinkgeld_job_runs_total', { job, outcome });
    expect(runs('payment-expiry', 'succeeded')).toBe(1);
    expect(runs('payouts', 'failed')).toBe(1);
    expect(value(after, 'trinkgeld_job_seconds_since_success', { job: 'payment-expiry' })).toBe(30);
    // Never succeeded: the lag counts from the instance's start, so the lag alert can fire.
    expect(
      value(after, 'trinkgeld_job_seconds_since_success', { job: 'payouts' }),
    ).toBeGreaterThanOrEqual(30);
  });

  it('counts payout batches and transfers with their cents, and a batch with nothing to pay', async () => {
    const shop = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
    await createTip(t.database.db, {
      businessId: shop.id,
      employeeId: shop.employees[0]!.id,
      amountCents: 2500,
    });
    const before = await scrape();
    const ctx = payoutContext(t.app.deps, t.app.log);
    expect(await runPayoutBatch(ctx, { businessId: shop.id, trigger: 'manual' })).not.toBeNull();
    expect(await runPayoutBatch(ctx, { businessId: shop.id, trigger: 'manual' })).toBeNull();
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);
    expect(moved('trinkgeld_payout_batches_total', { outcome: 'succeeded' })).toBe(1);
    expect(moved('trinkgeld_payout_batches_total', { outcome: 'skipped' })).toBe(1);
    expect(moved('trinkgeld_payout_transfers_total', { outcome: 'succeeded' })).toBe(1);
    expect(moved('trinkgeld_payout_transfers_cents_total', { outcome: 'succeeded' })).toBe(2500);
  });

  it('says how many provider events wait to be processed and how old the oldest is', async () => {
    const now = t.clock.now();
    const before = await scrape();
    await createWebhookEvent(t.database.db, { receivedAt: new Date(now.getTime() - 90_000) });
    await createWebhookEvent(t.database.db, { receivedAt: now, processedAt: now });
    const after = await scrape();

    expect(value(after, 'trinkgeld_webhook_backlog_events')).toBe(
      value(before, 'trinkgeld_webhook_backlog_events') + 1,
    );
    expect(value(after, 'trinkgeld_webhook_backlog_oldest_seconds')).toBeGreaterThanOrEqual(90);
  });

  it('counts outgoing webhook attempts by result and says how many are due and how long the oldest waited', async () => {
    // A receiver that refuses the first attempt and takes the second (bounded, closed at the end).
    let answers = 0;
    const receiver = createServer((request, response) => {
      request.resume();
      answers += 1;
      response.writeHead(answers === 1 ? 503 : 200).end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const endpointId = randomUUID();
      await t.database.db.insert(webhookEndpoints).values({
        id: endpointId,
        businessId: hotel.id,
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        eventTypes: ['tip.paid'],
        secretSealed: sealWebhookSecret(t.config.sessionSecret, endpointId, newWebhookSecret()),
        createdAt: t.clock.now(),
      });
      const worker = {
        database: t.database,
        clock: t.clock,
        mailer: t.app.deps.mailer,
        config: { ...t.config, webhookAllowPrivate: true },
        log: t.app.log,
        metrics: t.app.deps.metrics,
      };
      const before = await scrape();
      await t.database.db.transaction((tx) =>
        recordWebhookEvent(tx, {
          businessId: hotel.id,
          type: 'tip.paid',
          data: { object: 'tip', id: 'tip_metrics' },
          now: t.clock.now(),
        }),
      );
      t.clock.advance(30_000);
      const waiting = await scrape();
      expect(value(waiting, 'trinkgeld_outgoing_webhook_due_deliveries')).toBe(
        value(before, 'trinkgeld_outgoing_webhook_due_deliveries') + 1,
      );
      expect(
        value(waiting, 'trinkgeld_outgoing_webhook_oldest_due_seconds'),
      ).toBeGreaterThanOrEqual(30);

      expect((await runWebhookDeliveries(worker)).retried).toBe(1);
      t.clock.advance(60_000);
      expect((await runWebhookDeliveries(worker)).delivered).toBe(1);
      const after = await scrape();
      const moved = (result: string) =>
        value(after, 'trinkgeld_outgoing_webhook_deliveries_total', { result }) -
        value(before, 'trinkgeld_outgoing_webhook_deliveries_total', { result });
      expect(moved('retry')).toBe(1);
      expect(moved('delivered')).toBe(1);
      expect(moved('failed')).toBe(0);
      expect(value(after, 'trinkgeld_outgoing_webhook_due_deliveries')).toBe(
        value(before, 'trinkgeld_outgoing_webhook_due_deliveries'),
      );
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('never carries an id, e-mail, code or token in a label', async () => {
    const text = await scrape();
    const labelValues = [...text.matchAll(/\w+="((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
    expect(labelValues.length).toBeGreaterThan(10);
    for (const label of labelValues) {
      expect(label).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
      expect(label).not.toContain('@');
    }
    for (const secret of [hotel.id, cafe.id, hotel.points[0]!.uid, cafe.points[0]!.uid, TOKEN]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('GET /metrics under Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_test_trinkgeld_metrics';
  const signer = new Stripe('sk_test_signer_only');

  it('counts a tip paid through the one-statement webhook once, however often Stripe sends it', async () => {
    const {
      t: app,
      fake,
      close,
      hotel: shop,
    } = await createStripeTestApp({
      webhookSecret: WEBHOOK_SECRET,
      config: { metricsToken: TOKEN },
      business: { employees: 1, points: ['person'], connectedAccounts: ['acct_metrics_anna'] },
    });
    try {
      const second = await createBusiness(app.database.db, { employees: 1, points: ['object'] });
      expect(second.id).not.toBe(shop.id);
      const { checkout } = await startedStripeCheckout(app, shop.points[0]!.uid);
      fake.pay(checkout);
      const payload = JSON.stringify(
        stripeEvent(
          app,
          'checkout.session.completed',
          { ...fake.sessions.get(checkout) },
          'evt_m1',
        ),
      );
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(app.clock.now().getTime() / 1000),
      });
      const delivery = {
        method: 'POST' as const,
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      };
      for (let i = 0; i < 3; i += 1) expect((await app.inject(delivery)).statusCode).toBe(200);
      const text = await scrape(app);
      expect(tipFigures(text, 'paid')).toEqual({ count: 1, cents: 1000 });
      expect(tipFigures(text, 'started')).toEqual({ count: 1, cents: 1000 });
      const webhook = { provider: 'stripe', type: 'checkout.session.completed' };
      expect(
        value(text, 'trinkgeld_webhook_events_total', { ...webhook, outcome: 'processed' }),
      ).toBe(1);
      expect(
        value(text, 'trinkgeld_webhook_events_total', { ...webhook, outcome: 'duplicate' }),
      ).toBe(2);
    } finally {
      await close();
    }
  });
});
