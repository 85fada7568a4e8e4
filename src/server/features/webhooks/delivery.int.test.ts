import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  type WebhookEventType,
} from '../../../shared/api/webhooks';
import {
  outboxEmails,
  outgoingWebhookEvents,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import {
  claimWebhookDeliveries,
  drainWebhookDeliveries,
  runWebhookDeliveries,
  startWebhookWorker,
  USER_AGENT,
  WEBHOOK_LEASE_MS,
  type WebhookDeliveryContext,
} from './delivery';
import { recordWebhookEvent } from './outbox';
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from './secret';

/**
 * The delivery engine (decision 0650) against a real HTTP receiver on 127.0.0.1: signed per
 * Standard Webhooks and verified with the library's verifier, retried by the schedule under the
 * test's clock, Retry-After honoured, 410 and five days of failures disabling the endpoint, a
 * crash mid-delivery, two workers on one database, and the SSRF check at delivery time.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Answer = { status: number; headers?: Record<string, string>; body?: string };

let t: TestApp;
let receiver: http.Server;
let origin: string;
const received: Received[] = [];
/** Per path: what the receiver answers, in turn (the last one repeats); default 200. */
const answers = new Map<string, (Answer | (() => Answer))[]>();
/** Paths whose requests get no answer at all. */
const hanging = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const queue = answers.get(path) ?? [];
      const next = queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 200 });
      if (hanging.has(path)) return; // never answers (until the test's end closes it)
      const answer = typeof next === 'function' ? next() : next;
      response.writeHead(answer.status, answer.headers ?? { 'content-type': 'text/plain' });
      response.end(answer.body ?? 'ok');
    });
  });
  // Bounded: one receiver, closed after the file.
  receiver.maxConnections = 64;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

/** The SESSION_SECRET of the rotation test; every context accepts it, so no test depends on order. */
const ROTATED_SECRET = 'the-new-session-secret-after-rotation-0123456789';

function context(overrides: Partial<WebhookDeliveryContext> = {}): WebhookDeliveryContext {
  return {
    database: t.database,
    clock: t.clock,
    mailer: t.app.deps.mailer,
    config: { ...t.config, sessionSecretPrevious: [ROTATED_SECRET] },
    log: t.app.log,
    ...overrides,
  };
}

async function endpoint(
  business: FactoryBusiness,
  options: {
    path?: string;
    url?: string;
    types?: WebhookEventType[];
    previous?: { secret: string; expiresAt: Date };
  } = {},
) {
  const id = randomUUID();
  const path = options.path ?? `/hook/${id}`;
  const secret = newWebhookSecret();
  await t.database.db.insert(webhookEndpoints).values({
    id,
    businessId: business.id,
    url: options.url ?? `${origin}${path}`,
    eventTypes: options.types ?? ['tip.paid'],
    secretSealed: sealWebhookSecret(t.config.sessionSecret, id, secret),
    previousSecretSealed: options.previous
      ? sealWebhookSecret(t.config.sessionSecret, id, options.previous.secret)
      : null,
    previousSecretExpiresAt: options.previous?.expiresAt ?? null,
    createdAt: t.clock.now(),
  });
  return { id, path, secret };
}

async function emit(business: FactoryBusiness, data: Record<string, unknown> = {}) {
  return t.database.db.transaction((tx) =>
    recordWebhookEvent(tx, {
      businessId: business.id,
      type: 'tip.paid',
      data: { object: 'tip', id: randomUUID(), amount: 500, currency: 'eur', ...data },
      now: t.clock.now(),
    }),
  );
}

async function deliveriesOf(endpointId: string) {
  return t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
}

async function attemptsOf(deliveryId: string) {
  return t.database.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attemptedAt));
}

async function endpointRow(id: string) {
  const [row] = await t.database.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row!;
}

const receivedAt = (path: string) => received.filter((request) => request.path === path);

/** Moves the clock to when the delivery is due next, and runs one pass. */
async function runWhenDue(deliveryId: string) {
  const [row] = await t.database.db
    .select({ next: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  if (row?.next && row.next > t.clock.now()) t.clock.set(row.next);
  return runWebhookDeliveries(context());
}

describe('webhook deliveries', () => {
  it('sends the stored payload byte for byte, signed as the library verifies it', async () => {
    // The library's verifier checks the timestamp against the real time.
    t.clock.set(Date.now());
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    const event = await emit(business, { note: 'Grüße, "Zimmer 12" ✓' });
    const counts = await drainWebhookDeliveries(context());
    expect(counts.delivered).toBeGreaterThanOrEqual(1);
    // Drained: nothing is due any more.
    expect((await runWebhookDeliveries(context())).claimed).toBe(0);

    const [request] = receivedAt(target.path);
    const [stored] = await t.database.db
      .select({ payload: outgoingWebhookEvents.payload })
      .from(outgoingWebhookEvents)
      .where(eq(outgoingWebhookEvents.id, event.id));
    expect(request!.body).toBe(stored!.payload);
    expect(request!.headers['webhook-id']).toBe(event.id);
    expect(request!.headers['webhook-timestamp']).toBe(
      String(Math.floor(t.clock.now().getTime() / 1000)),
    );
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toBe(USER_AGENT);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,\S+$/);
    const verified = new Webhook(target.secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({ type: 'tip.paid', data: { note: 'Grüße, "Zimmer 12" ✓' } });

    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, nextAttemptAt: null });
    const [attempt] = await attemptsOf(delivery!.id);
    expect(attempt).toMatchObject({ status: 200, responseExcerpt: 'ok', error: null });
  });

  it('signs with both secrets for 24 hours after a roll, then with the new one only', async () => {
    t.clock.set(Date.now());
    const business = await createBusiness(t.database.db);
    const previous = newWebhookSecret();
    const target = await endpoint(business, {
      previous: { secret: previous, expiresAt: new Date(t.clock.now().getTime() + 3_600_000) },
    });
    await emit(business);
    await runWebhookDeliveries(context());
    const [rolled] = receivedAt(target.path);
    expect(String(rolled!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const headers = rolled!.headers as Record<string, string>;
    expect(() => new Webhook(target.secret).verify(rolled!.body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(rolled!.body, headers)).not.toThrow();

    // The previous secret's day is over: signed with the new one only.
    await t.database.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(webhookEndpoints.id, target.id));
    await emit(business);
    await runWebhookDeliveries(context());
    const later = receivedAt(target.path)[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const laterHeaders = later.headers as Record<string, string>;
    expect(() => new Webhook(target.secret).verify(later.body, laterHeaders)).not.toThrow();
    expect(() => new Webhook(previous).verify(later.body, laterHeaders)).toThrow();
  });

  it('during a SESSION_SECRET rotation signs with the secret sealed under the old one and seals it anew', async () => {
    t.clock.set(Date.now());
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    const rotated = {
      ...t.config,
      sessionSecret: ROTATED_SECRET,
      sessionSecretPrevious: [t.config.sessionSecret],
    };
    const before = (await endpointRow(target.id)).secretSealed;
    await emit(business);
    await runWebhookDeliveries(context({ config: rotated }));
    const [request] = receivedAt(target.path);
    expect(() =>
      new Webhook(target.secret).verify(request!.body, request!.headers as Record<string, string>),
    ).not.toThrow();
    const after = (await endpointRow(target.id)).secretSealed;
    expect(after).not.toBe(before);
    // Now sealed under the new secret alone: the old one may go.
    expect(openWebhookSecret([rotated.sessionSecret], target.id, after)).toBe(target.secret);
    expect(openWebhookSecret([t.config.sessionSecret], target.id, after)).toBeNull();
  });

  it('retries by the schedule: 500, 500, then 200 makes three attempts 5 s and 5 min apart', async () => {
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    answers.set(target.path, [{ status: 500, body: 'kaputt' }, { status: 500 }, { status: 200 }]);
    await emit(business);
    const [delivery] = await deliveriesOf(target.id);

    await runWhenDue(delivery!.id);
    let [row] = await deliveriesOf(target.id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    // Not before it is due.
    t.clock.set(row!.nextAttemptAt!.getTime() - 1);
    expect((await runWebhookDeliveries(context())).claimed).toBe(0);
    expect(receivedAt(target.path)).toHaveLength(1);

    await runWhenDue(delivery!.id);
    [row] = await deliveriesOf(target.id);
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    await runWhenDue(delivery!.id);
    [row] = await deliveriesOf(target.id);
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, nextAttemptAt: null });

    const attempts = await attemptsOf(delivery!.id);
    expect(attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    expect(attempts[0]!.responseExcerpt).toBe('kaputt');
    const gaps = [1, 2].map(
      (i) => attempts[i]!.attemptedAt.getTime() - attempts[i - 1]!.attemptedAt.getTime(),
    );
    // Each gap is the schedule's delay with at most 10 % jitter.
    expect(gaps[0]).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[0] * 0.9);
    expect(gaps[0]).toBeLessThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[0] * 1.1);
    expect(gaps[1]).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[1] * 0.9);
    expect(gaps[1]).toBeLessThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[1] * 1.1);
    // The attempt that arrived clears the endpoint's failing mark.
    expect((await endpointRow(target.id)).failingSince).toBeNull();
  });

  it('gives up after the last delay of the schedule', async () => {
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    answers.set(target.path, [{ status: 502 }]);
    await emit(business);
    const [delivery] = await deliveriesOf(target.id);
    for (let i = 0; i <= WEBHOOK_RETRY_DELAYS_MS.length; i += 1) await runWhenDue(delivery!.id);
    const [row] = await deliveriesOf(target.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 8, nextAttemptAt: null });
    expect(await attemptsOf(delivery!.id)).toHaveLength(8);
    expect(receivedAt(target.path)).toHaveLength(8);
    // About three days in all, less than the five that disable the endpoint.
    expect((await endpointRow(target.id)).disabledAt).toBeNull();
  });

  it('honours Retry-After on 429 and 5xx when it asks for longer, in seconds or as a date', async () => {
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    answers.set(target.path, [
      { status: 503, headers: { 'retry-after': '120' } },
      () => ({
        status: 429,
        headers: { 'retry-after': new Date(t.clock.now().getTime() + 3_600_000).toUTCString() },
      }),
      // Shorter than the schedule's 30 minutes: the schedule wins.
      { status: 503, headers: { 'retry-after': '1' } },
      { status: 200 },
    ]);
    await emit(business);
    const [delivery] = await deliveriesOf(target.id);
    const waits: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await runWhenDue(delivery!.id);
      const [row] = await deliveriesOf(target.id);
      waits.push(row!.nextAttemptAt!.getTime() - t.clock.now().getTime());
    }
    expect(waits[0]).toBe(120_000);
    // An HTTP date has whole seconds.
    expect(waits[1]).toBeGreaterThan(3_600_000 - 1_000);
    expect(waits[1]).toBeLessThanOrEqual(3_600_000);
    expect(waits[2]).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[2] * 0.9);
    await runWhenDue(delivery!.id);
    expect((await deliveriesOf(target.id))[0]!.state).toBe('delivered');
  });

  it('410 Gone disables the endpoint and cancels its other deliveries', async () => {
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    answers.set(target.path, [{ status: 410, body: 'Endpunkt gelöscht' }]);
    await emit(business);
    await emit(business);
    await runWebhookDeliveries(context(), { limit: 1 });
    const row = await endpointRow(target.id);
    expect(row.disabledReason).toBe('gone');
    expect(row.disabledAt).not.toBeNull();
    const states = (await deliveriesOf(target.id)).map((delivery) => delivery.state).sort();
    expect(states).toEqual(['cancelled', 'failed']);
    expect(receivedAt(target.path)).toHaveLength(1);
    // A disabled endpoint receives no new events.
    expect((await emit(business)).deliveries).toBe(0);
  });

  it('a redirect is not followed: recorded as a failed attempt', async () => {
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    const elsewhere = `/elsewhere/${randomUUID()}`;
    answers.set(target.path, [{ status: 302, headers: { location: `${origin}${elsewhere}` } }]);
    await emit(business);
    await runWebhookDeliveries(context());
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
    const [attempt] = await attemptsOf(delivery!.id);
    expect(attempt!.status).toBe(302);
    expect(attempt!.error).toMatch(/Weiterleitung/);
    expect(receivedAt(elsewhere)).toHaveLength(0);
  });

  it('an endpoint failing for five days is disabled, and each owner gets one German mail', async () => {
    const business = await createBusiness(t.database.db, {
      employees: [{}, { role: 'business_owner' }, { role: 'business_owner', disabled: true }],
    });
    const target = await endpoint(business);
    answers.set(target.path, [{ status: 503, body: 'Wartung' }]);
    await emit(business);
    await runWebhookDeliveries(context());
    const since = (await endpointRow(target.id)).failingSince!;
    expect(since).toEqual(t.clock.now());

    // Four days on, another event fails too: still enabled.
    t.clock.advance(4 * 24 * 3_600_000);
    await emit(business);
    await runWebhookDeliveries(context());
    expect((await endpointRow(target.id)).disabledAt).toBeNull();

    // Five days after the first failure: disabled, pending deliveries cancelled, owners told.
    t.clock.set(since.getTime() + WEBHOOK_DISABLE_AFTER_MS + 60_000);
    await emit(business);
    await runWebhookDeliveries(context());
    const row = await endpointRow(target.id);
    expect(row.disabledReason).toBe('failing');
    const states = (await deliveriesOf(target.id)).map((delivery) => delivery.state);
    expect(states).not.toContain('pending');

    // The active owners; not the employee, not the disabled owner.
    const owners = [business.owner.email, business.employees[1]!.email];
    const mails = await t.database.db
      .select({
        to: outboxEmails.toAddress,
        subject: outboxEmails.subject,
        text: outboxEmails.textBody,
      })
      .from(outboxEmails)
      .where(
        and(
          inArray(outboxEmails.toAddress, [...owners, ...business.employees.map((e) => e.email)]),
          eq(outboxEmails.subject, 'Webhook-Endpunkt abgeschaltet'),
        ),
      );
    expect(mails.map((mail) => mail.to).sort()).toEqual(owners.sort());
    expect(mails[0]!.text).toContain(row.url);
    expect(mails[0]!.text).toContain('abgeschaltet');
    expect(mails[0]!.text).toContain('/admin/api');

    // Nothing more goes there, and nobody is mailed again.
    expect((await emit(business)).deliveries).toBe(0);
    t.clock.advance(24 * 3_600_000);
    await runWebhookDeliveries(context());
    const again = await t.database.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(
        and(
          inArray(outboxEmails.toAddress, owners),
          eq(outboxEmails.subject, 'Webhook-Endpunkt abgeschaltet'),
        ),
      );
    expect(again).toHaveLength(2);
  });

  it('a worker that dies after claiming leaves the delivery to another after the lease, sent once', async () => {
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    const event = await emit(business);
    // Claimed, then "crashed" before sending or recording anything.
    const claimed = await claimWebhookDeliveries(context(), 100);
    expect(claimed.map((delivery) => delivery.eventId)).toContain(event.id);
    // Within the lease nobody takes it again.
    t.clock.advance(WEBHOOK_LEASE_MS - 1_000);
    await runWebhookDeliveries(context());
    expect(receivedAt(target.path)).toHaveLength(0);
    // After it, another worker delivers it once.
    t.clock.advance(2_000);
    await runWebhookDeliveries(context());
    await runWebhookDeliveries(context());
    const got = receivedAt(target.path);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['webhook-id']).toBe(event.id);
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery!.state).toBe('delivered');
    expect(await attemptsOf(delivery!.id)).toHaveLength(1);
  });

  it('a worker whose lease ran out does not overwrite the one that took over', async () => {
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    await emit(business);
    const [stale] = (await claimWebhookDeliveries(context(), 100)).filter(
      (delivery) => delivery.endpointId === target.id,
    );
    t.clock.advance(WEBHOOK_LEASE_MS + 1_000);
    await runWebhookDeliveries(context());
    const { deliverClaimed } = await import('./delivery');
    expect(await deliverClaimed(context(), stale!)).toBe('lost');
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(await attemptsOf(delivery!.id)).toHaveLength(1);
  });

  it('two workers on one database deliver 50 events exactly once each', async () => {
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    const ids = new Set<string>();
    for (let i = 0; i < 50; i += 1) ids.add((await emit(business)).id);
    const workers = [
      startWebhookWorker(context(), { concurrency: 4, pollMs: 20 }),
      startWebhookWorker(context(), { concurrency: 4, pollMs: 20 }),
    ];
    try {
      await vi.waitFor(
        async () => {
          const states = (await deliveriesOf(target.id)).map((delivery) => delivery.state);
          expect(states.filter((state) => state === 'delivered')).toHaveLength(50);
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const counted = new Map<string, number>();
    for (const request of receivedAt(target.path)) {
      const id = String(request.headers['webhook-id']);
      counted.set(id, (counted.get(id) ?? 0) + 1);
    }
    expect([...counted.keys()].sort()).toEqual([...ids].sort());
    expect([...counted.values()].every((n) => n === 1)).toBe(true);
  });

  it('a stopping worker aborts its sends and gives the deliveries back untried', async () => {
    const business = await createBusiness(t.database.db);
    const target = await endpoint(business);
    hanging.add(target.path);
    await emit(business);
    const worker = startWebhookWorker(context(), { pollMs: 20 });
    try {
      await vi.waitFor(() => expect(receivedAt(target.path)).toHaveLength(1), {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      await worker.stop();
    }
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 0 });
    expect(delivery!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(await attemptsOf(delivery!.id)).toHaveLength(0);
    // The next worker sends it.
    hanging.delete(target.path);
    await runWebhookDeliveries(context());
    expect((await deliveriesOf(target.id))[0]).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('refuses at delivery time a name that resolves to a private address, sending nothing', async () => {
    const business = await createBusiness(t.database.db);
    const path = `/ssrf/${randomUUID()}`;
    const port = (receiver.address() as AddressInfo).port;
    const byName = await endpoint(business, { path, url: `http://localhost:${port}${path}` });
    const rebound = await endpoint(business, {
      path,
      url: `http://hooks.invalid:${port}${path}`,
    });
    const strict = context({
      config: { ...t.config, webhookAllowPrivate: false },
      // The public name now answers with a private address (DNS rebinding after the check).
      resolve: async (hostname) =>
        hostname === 'hooks.invalid'
          ? [{ address: '10.0.0.7', family: 4 }]
          : [{ address: '127.0.0.1', family: 4 }],
    });
    await emit(business);
    const before = received.length;
    await runWebhookDeliveries(strict);
    expect(received.length).toBe(before);
    for (const target of [byName, rebound]) {
      const [delivery] = await deliveriesOf(target.id);
      expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
      const [attempt] = await attemptsOf(delivery!.id);
      expect(attempt!.status).toBeNull();
      expect(attempt!.error).toMatch(/ist privat, lokal oder reserviert/);
    }
    expect(receivedAt(path)).toHaveLength(0);
  });

  it('an endpoint that cannot be reached records the reason and retries', async () => {
    const business = await createBusiness(t.database.db);
    // A port nothing listens on: a closed server's.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const target = await endpoint(business, { url: `http://127.0.0.1:${port}/weg` });
    await emit(business);
    await runWebhookDeliveries(context());
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
    const [attempt] = await attemptsOf(delivery!.id);
    expect(attempt!.status).toBeNull();
    expect(attempt!.error).toMatch(/^Verbindung fehlgeschlagen: ECONNREFUSED/);
    expect((await endpointRow(target.id)).failingSince).not.toBeNull();
  });
});
