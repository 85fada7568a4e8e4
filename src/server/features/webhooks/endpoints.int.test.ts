import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import type { ApiKeyCreated, ApiKeyScope } from '../../../shared/api/api-keys';
import {
  WEBHOOK_ENDPOINTS_PER_BUSINESS,
  WEBHOOK_ERRORS,
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_PREVIOUS_SECRET_MS,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookSent,
} from '../../../shared/api/webhooks';
import type { AuditAction } from '../../../shared/domain/audit';
import {
  adminAuditLog,
  outgoingWebhookEvents,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { recordWebhookEvent } from './outbox';
import { openWebhookSecret } from './secret';

/**
 * Webhook endpoints and their delivery log (decision 0650): managed by the
 * owners of a business in the console and by its keys with `webhooks:write`, never by another
 * business; secrets shown once and kept sealed; rolled with the old one kept 24 hours; test
 * events and replays as new deliveries.
 */
let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 1 });
  other = await createBusiness(t.database.db, { employees: 0 });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function as(email: string, method: Method, url: string, payload?: object) {
  const cookie = await signIn(t, email);
  return t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

// As a hotel's system sends it: no Origin, no Referer, no cookie (`t.inject` would add Origin).
const withKey = (secret: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: '203.0.113.9',
    headers: { authorization: `Bearer ${secret}` },
    ...(payload ? { payload } : {}),
  });

let receiverPort = 40000;
/** A receiver's URL on 127.0.0.1 (tests allow private targets); each endpoint its own. */
const receiverUrl = () => `http://127.0.0.1:${(receiverPort += 1)}/trinkgeld`;

async function addEndpoint(
  business: FactoryBusiness,
  input: Partial<{ url: string; description: string; eventTypes: string[] }> = {},
): Promise<WebhookEndpointWithSecret> {
  const response = await as(business.owner.email, 'POST', '/api/admin/webhooks', {
    url: receiverUrl(),
    description: 'Lohnbüro',
    eventTypes: ['tip.paid'],
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookEndpointWithSecret>();
}

async function keyOf(business: FactoryBusiness, scopes: ApiKeyScope[] = ['webhooks:write']) {
  const response = await as(business.owner.email, 'POST', '/api/admin/api-keys', {
    name: 'Kasse',
    scopes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeyCreated>().secret;
}

async function auditRows(businessId: string, action: AuditAction) {
  return t.database.db
    .select({ payload: adminAuditLog.payload, targetId: adminAuditLog.targetId })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.businessId, businessId), eq(adminAuditLog.action, action)));
}

async function storedEndpoint(id: string) {
  const [row] = await t.database.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row!;
}

async function deliveriesOf(endpointId: string) {
  return t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
}

async function freshBusiness(plan?: 'basis') {
  return createBusiness(t.database.db, { employees: 0, ...(plan ? { plan } : {}) });
}

describe('webhook endpoints in the console', () => {
  it('shows the secret once and keeps only its seal; the list never shows it', async () => {
    const created = await addEndpoint(hotel, { eventTypes: ['tip.paid', 'payout.failed'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.endpoint).toMatchObject({
      description: 'Lohnbüro',
      eventTypes: ['tip.paid', 'payout.failed'],
      state: 'enabled',
      disabledReason: null,
      lastDelivery: null,
      previousSecretExpiresAt: null,
    });
    const stored = await storedEndpoint(created.endpoint.id);
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(6));
    expect(openWebhookSecret(t.config.sessionSecret, stored.id, stored.secretSealed)).toBe(
      created.secret,
    );

    const list = await as(hotel.owner.email, 'GET', '/api/admin/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(stored.secretSealed);
    expect(list.json<WebhookEndpointList>().items.map((item) => item.id)).toContain(
      created.endpoint.id,
    );
    expect(await auditRows(hotel.id, 'webhook_endpoint_create')).toContainEqual({
      targetId: created.endpoint.id,
      payload: { url: created.endpoint.url, eventTypes: ['tip.paid', 'payout.failed'] },
    });
  });

  it('belongs to its business only: another owner neither sees nor changes it', async () => {
    const created = await addEndpoint(hotel);
    const id = created.endpoint.id;
    const theirs = await as(other.owner.email, 'GET', '/api/admin/webhooks');
    expect(theirs.json<WebhookEndpointList>().items.map((item) => item.id)).not.toContain(id);
    const attempts = [
      await as(other.owner.email, 'PATCH', `/api/admin/webhooks/${id}`, { description: 'X' }),
      await as(other.owner.email, 'DELETE', `/api/admin/webhooks/${id}`),
      await as(other.owner.email, 'POST', `/api/admin/webhooks/${id}/roll-secret`),
      await as(other.owner.email, 'POST', `/api/admin/webhooks/${id}/test`),
      await as(other.owner.email, 'GET', `/api/admin/webhooks/${id}/deliveries`),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({
        error: { code: 'webhook_endpoint_not_found' },
      });
    }
    const stored = await storedEndpoint(id);
    expect(stored.description).toBe('Lohnbüro');
    expect(stored.previousSecretSealed).toBeNull();
    expect(await deliveriesOf(id)).toEqual([]);
    // An employee of the hotel manages no endpoints either.
    const employee = await as(hotel.employees[0]!.email, 'GET', '/api/admin/webhooks');
    expect(employee.statusCode).toBe(403);
  });

  it("'Secret erneuern' shows a new secret once and keeps the previous one for 24 hours", async () => {
    const created = await addEndpoint(hotel);
    const before = await storedEndpoint(created.endpoint.id);
    const rolled = await as(
      hotel.owner.email,
      'POST',
      `/api/admin/webhooks/${created.endpoint.id}/roll-secret`,
    );
    expect(rolled.statusCode, rolled.body).toBe(200);
    const answer = rolled.json<WebhookEndpointWithSecret>();
    expect(answer.secret).toMatch(/^whsec_/);
    expect(answer.secret).not.toBe(created.secret);
    const until = new Date(t.clock.now().getTime() + WEBHOOK_PREVIOUS_SECRET_MS).toISOString();
    expect(answer.endpoint.previousSecretExpiresAt).toBe(until);

    const after = await storedEndpoint(created.endpoint.id);
    expect(after.previousSecretSealed).toBe(before.secretSealed);
    expect(after.previousSecretExpiresAt?.toISOString()).toBe(until);
    const secrets = t.config.sessionSecret;
    expect(openWebhookSecret(secrets, after.id, after.secretSealed)).toBe(answer.secret);
    expect(openWebhookSecret(secrets, after.id, after.previousSecretSealed!)).toBe(created.secret);
    expect(JSON.stringify(after)).not.toContain(answer.secret);
    expect(await auditRows(hotel.id, 'webhook_endpoint_secret_roll')).toContainEqual({
      targetId: created.endpoint.id,
      payload: { url: created.endpoint.url, previousUntil: until },
    });
  });

  it("'Testereignis senden' makes one webhook.test delivery to that endpoint only", async () => {
    const inn = await freshBusiness();
    const first = await addEndpoint(inn, { eventTypes: ['payout.paid'] });
    const second = await addEndpoint(inn, { eventTypes: ['payout.paid'] });
    const sent = await as(inn.owner.email, 'POST', `/api/admin/webhooks/${first.endpoint.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const { eventId, deliveryId } = sent.json<WebhookSent>();
    expect(eventId).toMatch(/^msg_/);
    const deliveries = await deliveriesOf(first.endpoint.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      id: deliveryId,
      eventId,
      origin: 'test',
      state: 'pending',
      nextAttemptAt: t.clock.now(),
    });
    expect(await deliveriesOf(second.endpoint.id)).toEqual([]);
    const [event] = await t.database.db
      .select()
      .from(outgoingWebhookEvents)
      .where(eq(outgoingWebhookEvents.id, eventId));
    expect(event).toMatchObject({ businessId: inn.id, type: 'webhook.test' });
    expect(JSON.parse(event!.payload!)).toMatchObject({
      type: 'webhook.test',
      data: { object: 'webhook_endpoint', id: first.endpoint.id },
    });
    expect(await auditRows(inn.id, 'webhook_endpoint_test')).toContainEqual({
      targetId: first.endpoint.id,
      payload: { url: first.endpoint.url, eventId },
    });
  });

  it('the delivery log pages by `before`: every delivery once, newest first, ties by id', async () => {
    const inn = await freshBusiness();
    const created = await addEndpoint(inn);
    const endpointId = created.endpoint.id;
    // 53 events in one moment: the order must not rest on the time alone.
    const now = t.clock.now();
    await t.database.db.transaction(async (tx) => {
      for (let index = 0; index < WEBHOOK_LOG_LIMIT + 3; index += 1) {
        await recordWebhookEvent(tx, {
          businessId: inn.id,
          type: 'tip.paid',
          data: { object: 'tip', id: `tip-${index}` },
          now,
        });
      }
    });
    const url = `/api/admin/webhooks/${endpointId}/deliveries`;
    const first = await as(inn.owner.email, 'GET', url);
    expect(first.statusCode, first.body).toBe(200);
    const firstPage = first.json<WebhookDeliveryList>();
    expect(firstPage.items).toHaveLength(WEBHOOK_LOG_LIMIT);
    expect(firstPage.nextCursor).toBe(firstPage.items.at(-1)!.id);
    const second = await as(inn.owner.email, 'GET', `${url}?before=${firstPage.nextCursor}`);
    expect(second.statusCode, second.body).toBe(200);
    const secondPage = second.json<WebhookDeliveryList>();
    expect(secondPage.items).toHaveLength(3);
    expect(secondPage.nextCursor).toBeNull();

    const shown = [...firstPage.items, ...secondPage.items].map((item) => item.id);
    const stored = (await deliveriesOf(endpointId))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    expect(shown).toEqual(stored);

    // A position from another endpoint, even the business's own, is not a position here.
    const otherEndpoint = await addEndpoint(inn);
    const foreign = await as(
      inn.owner.email,
      'GET',
      `/api/admin/webhooks/${otherEndpoint.endpoint.id}/deliveries?before=${firstPage.nextCursor}`,
    );
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json()).toMatchObject({
      error: {
        code: 'webhook_delivery_not_found',
        message: WEBHOOK_ERRORS.webhook_delivery_not_found.message,
      },
    });
    // Another business sees neither the log nor its pages.
    const stranger = await as(other.owner.email, 'GET', `${url}?before=${firstPage.nextCursor}`);
    expect(stranger.statusCode, stranger.body).toBe(404);
    // A malformed position is a German 400, not a 500.
    const malformed = await as(inn.owner.email, 'GET', `${url}?before=kaputt`);
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.body).toContain('Die Position im Protokoll ist ungültig');
  });

  it("the delivery log lists deliveries newest first with their attempts; 'Erneut senden' adds one", async () => {
    const inn = await freshBusiness();
    const created = await addEndpoint(inn);
    const endpointId = created.endpoint.id;
    const event = await t.database.db.transaction((tx) =>
      recordWebhookEvent(tx, {
        businessId: inn.id,
        type: 'tip.paid',
        data: { object: 'tip', id: 'x' },
        now: t.clock.now(),
      }),
    );
    expect(event.deliveries).toBe(1);
    const [original] = await deliveriesOf(endpointId);
    await t.database.db
      .update(webhookDeliveries)
      .set({ state: 'failed', nextAttemptAt: null, attempts: 2, finishedAt: t.clock.now() })
      .where(eq(webhookDeliveries.id, original!.id));
    await t.database.db.insert(webhookAttempts).values([
      {
        deliveryId: original!.id,
        attemptedAt: new Date(t.clock.now().getTime() - 5000),
        status: 500,
        durationMs: 42,
        responseExcerpt: 'Interner Fehler',
      },
      {
        deliveryId: original!.id,
        attemptedAt: t.clock.now(),
        status: null,
        durationMs: 15000,
        error: 'Zeitüberschreitung nach 15 s',
      },
    ]);

    const log = await as(inn.owner.email, 'GET', `/api/admin/webhooks/${endpointId}/deliveries`);
    expect(log.statusCode, log.body).toBe(200);
    const [entry] = log.json<WebhookDeliveryList>().items;
    expect(entry).toMatchObject({
      id: original!.id,
      eventId: event.id,
      type: 'tip.paid',
      origin: 'event',
      state: 'failed',
      attempts: 2,
      nextAttemptAt: null,
      payloadKept: true,
    });
    expect(entry!.attemptLog.map((attempt) => [attempt.status, attempt.durationMs])).toEqual([
      [500, 42],
      [null, 15000],
    ]);
    expect(entry!.attemptLog[0]!.responseExcerpt).toBe('Interner Fehler');
    expect(entry!.attemptLog[1]!.error).toBe('Zeitüberschreitung nach 15 s');

    t.clock.advance(1000);
    const replayed = await as(
      inn.owner.email,
      'POST',
      `/api/admin/webhooks/${endpointId}/deliveries/${original!.id}/replay`,
    );
    expect(replayed.statusCode, replayed.body).toBe(202);
    const sent = replayed.json<WebhookSent>();
    expect(sent.eventId).toBe(event.id);
    const [again] = (await deliveriesOf(endpointId)).filter((row) => row.id === sent.deliveryId);
    expect(again).toMatchObject({
      eventId: event.id,
      origin: 'replay',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: t.clock.now(),
    });
    const newest = (
      await as(inn.owner.email, 'GET', `/api/admin/webhooks/${endpointId}/deliveries`)
    ).json<WebhookDeliveryList>();
    expect(newest.items.map((item) => item.id)).toEqual([sent.deliveryId, original!.id]);
    const listed = (
      await as(inn.owner.email, 'GET', '/api/admin/webhooks')
    ).json<WebhookEndpointList>();
    expect(listed.items[0]!.lastDelivery).toEqual({
      state: 'pending',
      createdAt: t.clock.now().toISOString(),
    });
    expect(await auditRows(inn.id, 'webhook_endpoint_replay')).toContainEqual({
      targetId: endpointId,
      payload: { url: created.endpoint.url, eventId: event.id, type: 'tip.paid' },
    });

    // Another business cannot replay it, not even naming its own endpoint.
    const mine = await addEndpoint(other);
    for (const url of [
      `/api/admin/webhooks/${endpointId}/deliveries/${original!.id}/replay`,
      `/api/admin/webhooks/${mine.endpoint.id}/deliveries/${original!.id}/replay`,
    ]) {
      const refused = await as(other.owner.email, 'POST', url);
      expect(refused.statusCode, refused.body).toBe(404);
    }

    // Once retention cleared the body, there is nothing to send again.
    await t.database.db
      .update(outgoingWebhookEvents)
      .set({ payload: null })
      .where(eq(outgoingWebhookEvents.id, event.id));
    const cleared = await as(
      inn.owner.email,
      'POST',
      `/api/admin/webhooks/${endpointId}/deliveries/${original!.id}/replay`,
    );
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json()).toMatchObject({
      error: {
        code: 'webhook_payload_cleared',
        message: WEBHOOK_ERRORS.webhook_payload_cleared.message,
      },
    });
    const afterClear = (
      await as(inn.owner.email, 'GET', `/api/admin/webhooks/${endpointId}/deliveries`)
    ).json<WebhookDeliveryList>();
    expect(afterClear.items.every((item) => !item.payloadKept)).toBe(true);
  });

  it("'Deaktivieren' and 'Aktivieren': a disabled endpoint gets no test event; enabling forgets the failures", async () => {
    const created = await addEndpoint(hotel);
    const id = created.endpoint.id;
    const off = await as(hotel.owner.email, 'PATCH', `/api/admin/webhooks/${id}`, {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<WebhookEndpoint>()).toMatchObject({
      state: 'disabled',
      disabledReason: 'owner',
    });
    const test = await as(hotel.owner.email, 'POST', `/api/admin/webhooks/${id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json()).toMatchObject({ error: { code: 'webhook_endpoint_disabled' } });

    // The worker disabled it after five days of failures; the owner switches it on again.
    await t.database.db
      .update(webhookEndpoints)
      .set({ disabledReason: 'failing', failingSince: new Date(0) })
      .where(eq(webhookEndpoints.id, id));
    const on = await as(hotel.owner.email, 'PATCH', `/api/admin/webhooks/${id}`, {
      enabled: true,
      description: 'Lohnbüro neu',
      eventTypes: ['tip.paid', 'tip.refunded'],
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<WebhookEndpoint>()).toMatchObject({
      state: 'enabled',
      disabledReason: null,
      description: 'Lohnbüro neu',
      eventTypes: ['tip.paid', 'tip.refunded'],
    });
    expect((await storedEndpoint(id)).failingSince).toBeNull();
    const changes = (await auditRows(hotel.id, 'webhook_endpoint_update')).filter(
      (row) => row.targetId === id,
    );
    expect(changes.map((row) => (row.payload as { changed: string[] }).changed)).toEqual([
      ['disabled'],
      ['description', 'eventTypes', 'enabled'],
    ]);
  });

  it('deletes an endpoint with its log, audited', async () => {
    const inn = await freshBusiness();
    const created = await addEndpoint(inn);
    await as(inn.owner.email, 'POST', `/api/admin/webhooks/${created.endpoint.id}/test`);
    const deleted = await as(
      inn.owner.email,
      'DELETE',
      `/api/admin/webhooks/${created.endpoint.id}`,
    );
    expect(deleted.statusCode).toBe(204);
    expect(await deliveriesOf(created.endpoint.id)).toEqual([]);
    const again = await as(inn.owner.email, 'DELETE', `/api/admin/webhooks/${created.endpoint.id}`);
    expect(again.statusCode).toBe(404);
    expect(await auditRows(inn.id, 'webhook_endpoint_delete')).toEqual([
      { targetId: created.endpoint.id, payload: { url: created.endpoint.url } },
    ]);
  });

  it(`limits a business to ${WEBHOOK_ENDPOINTS_PER_BUSINESS} endpoints`, async () => {
    const busy = await freshBusiness();
    for (let i = 0; i < WEBHOOK_ENDPOINTS_PER_BUSINESS; i += 1) await addEndpoint(busy);
    const refused = await as(busy.owner.email, 'POST', '/api/admin/webhooks', {
      url: receiverUrl(),
      eventTypes: ['tip.paid'],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'webhook_endpoint_limit', message: expect.stringContaining('höchstens 10') },
    });
  });

  it('checks the body in German and writes nothing for bad input', async () => {
    const inn = await freshBusiness();
    for (const body of [
      { url: '', eventTypes: ['tip.paid'] },
      { url: 'ftp://example.com/x', eventTypes: ['tip.paid'] },
      { url: 'kein-link', eventTypes: ['tip.paid'] },
      { url: `https://example.com/${'x'.repeat(2050)}`, eventTypes: ['tip.paid'] },
      { url: receiverUrl(), eventTypes: [] },
      { url: receiverUrl(), eventTypes: ['tip.created'] },
      { url: receiverUrl(), eventTypes: ['tip.paid', 'tip.paid'] },
      { url: receiverUrl(), eventTypes: ['tip.paid'], description: 'x'.repeat(201) },
    ]) {
      const response = await as(inn.owner.email, 'POST', '/api/admin/webhooks', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).not.toMatch(/Invalid|expected/);
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(
        /bitte|höchstens|unbekannt/i,
      );
    }
    const list = (
      await as(inn.owner.email, 'GET', '/api/admin/webhooks')
    ).json<WebhookEndpointList>();
    expect(list.items).toEqual([]);
    const created = await addEndpoint(inn);
    const empty = await as(
      inn.owner.email,
      'PATCH',
      `/api/admin/webhooks/${created.endpoint.id}`,
      {},
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: { message: expect.stringContaining('Bitte geben Sie an') },
    });
  });
});

describe('webhook endpoints and the plan', () => {
  it('on Basis: no new endpoint; existing ones stay listed and can be removed', async () => {
    const cafe = await freshBusiness();
    const created = await addEndpoint(cafe);
    const basis = await freshBusiness('basis');
    const refused = await as(basis.owner.email, 'POST', '/api/admin/webhooks', {
      url: receiverUrl(),
      eventTypes: ['tip.paid'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'plan_required' } });
    expect((await as(basis.owner.email, 'GET', '/api/admin/webhooks')).statusCode).toBe(200);
    expect(
      (await as(cafe.owner.email, 'DELETE', `/api/admin/webhooks/${created.endpoint.id}`))
        .statusCode,
    ).toBe(204);
  });
});

describe('where a webhook may go', () => {
  it('refuses private and loopback targets unless the operator allows them (422, German)', async () => {
    const strict = await createTestApp({ config: { webhookAllowPrivate: false } });
    try {
      const inn = await createBusiness(strict.database.db, { employees: 0 });
      const cookie = await signIn(strict, inn.owner.email);
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/hook',
      ]) {
        const response = await strict.inject({
          method: 'POST',
          url: '/api/admin/webhooks',
          headers: { cookie },
          payload: { url, eventTypes: ['tip.paid'] },
        });
        expect(response.statusCode, url).toBe(422);
        expect(response.json()).toMatchObject({
          error: {
            code: 'webhook_url_refused',
            message: expect.stringContaining('privat, lokal oder reserviert'),
          },
        });
      }
      // A public address is fine (no name to resolve here).
      const created = await strict.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: { cookie },
        payload: { url: 'https://93.184.215.14/hook', eventTypes: ['tip.paid'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      // Changing the URL to a private one is refused the same way.
      const id = created.json<WebhookEndpointWithSecret>().endpoint.id;
      const moved = await strict.inject({
        method: 'PATCH',
        url: `/api/admin/webhooks/${id}`,
        headers: { cookie },
        payload: { url: 'http://192.168.0.10/hook' },
      });
      expect(moved.statusCode).toBe(422);
      const [row] = await strict.database.db
        .select({ url: webhookEndpoints.url })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id));
      expect(row?.url).toBe('https://93.184.215.14/hook');
    } finally {
      await strict.close();
    }
  });
});

describe('the business API: /api/v1/webhook-endpoints', () => {
  it('a key with webhooks:write manages its own business’s endpoints, audited with its name', async () => {
    const inn = await freshBusiness();
    const key = await keyOf(inn);
    const url = receiverUrl();
    const created = await withKey(key, 'POST', '/api/v1/webhook-endpoints', {
      url,
      description: 'PMS',
      enabled_events: ['tip.paid', 'tip.refunded'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<{ id: string; secret: string }>();
    expect(created.json()).toMatchObject({
      object: 'webhook_endpoint',
      url,
      description: 'PMS',
      enabled_events: ['tip.paid', 'tip.refunded'],
      status: 'enabled',
      disabled_reason: null,
    });
    expect(body.secret).toMatch(/^whsec_/);
    const stored = await storedEndpoint(body.id);
    expect(stored.createdBy).toBeNull();
    expect(JSON.stringify(stored)).not.toContain(body.secret);

    const list = await withKey(key, 'GET', '/api/v1/webhook-endpoints');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ object: 'list', has_more: false, data: [{ id: body.id }] });
    expect(list.body).not.toContain(body.secret);
    const one = await withKey(key, 'GET', `/api/v1/webhook-endpoints/${body.id}`);
    expect(one.json()).toMatchObject({ id: body.id, url });
    expect(one.body).not.toContain('"secret"');

    const patched = await withKey(key, 'PATCH', `/api/v1/webhook-endpoints/${body.id}`, {
      disabled: true,
    });
    expect(patched.json()).toMatchObject({ status: 'disabled', disabled_reason: 'owner' });
    const test = await withKey(key, 'POST', `/api/v1/webhook-endpoints/${body.id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json()).toMatchObject({
      error: { code: 'webhook_endpoint_disabled', message: expect.stringMatching(/aktivieren/) },
    });
    await withKey(key, 'PATCH', `/api/v1/webhook-endpoints/${body.id}`, { disabled: false });
    const sent = await withKey(key, 'POST', `/api/v1/webhook-endpoints/${body.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ object: 'event', type: 'webhook.test' });
    expect(await deliveriesOf(body.id)).toHaveLength(1);

    const rolled = await withKey(key, 'POST', `/api/v1/webhook-endpoints/${body.id}/roll-secret`);
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json<{ secret: string }>().secret).not.toBe(body.secret);
    expect(rolled.json()).toMatchObject({
      previous_secret_expires_at: new Date(
        t.clock.now().getTime() + WEBHOOK_PREVIOUS_SECRET_MS,
      ).toISOString(),
    });

    const deleted = await withKey(key, 'DELETE', `/api/v1/webhook-endpoints/${body.id}`);
    expect(deleted.json()).toEqual({ object: 'webhook_endpoint', id: body.id, deleted: true });
    const gone = await withKey(key, 'GET', `/api/v1/webhook-endpoints/${body.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      error: {
        code: 'webhook_endpoint_not_found',
        message: WEBHOOK_ERRORS.webhook_endpoint_not_found.message,
      },
    });

    const rows = await t.database.db
      .select({ action: adminAuditLog.action, payload: adminAuditLog.payload })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.businessId, inn.id), eq(adminAuditLog.targetId, body.id)));
    expect(rows.map((row) => row.action).sort()).toEqual(
      [
        'webhook_endpoint_create',
        'webhook_endpoint_delete',
        'webhook_endpoint_secret_roll',
        'webhook_endpoint_test',
        'webhook_endpoint_update',
        'webhook_endpoint_update',
      ].sort(),
    );
    expect(rows.every((row) => (row.payload as { apiKey?: string }).apiKey === 'Kasse')).toBe(true);
  });

  it("a key never sees or changes another business's endpoint, and needs webhooks:write", async () => {
    const theirs = await addEndpoint(hotel);
    const id = theirs.endpoint.id;
    const stranger = await keyOf(other);
    const list = await withKey(stranger, 'GET', '/api/v1/webhook-endpoints');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(id);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/webhook-endpoints/${id}`],
      ['PATCH', `/api/v1/webhook-endpoints/${id}`, { description: 'gekapert' }],
      ['DELETE', `/api/v1/webhook-endpoints/${id}`],
      ['POST', `/api/v1/webhook-endpoints/${id}/roll-secret`],
      ['POST', `/api/v1/webhook-endpoints/${id}/test`],
    ] as const) {
      const response = await withKey(stranger, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain(theirs.endpoint.url);
    }
    const stored = await storedEndpoint(id);
    expect(stored.description).toBe('Lohnbüro');
    expect(stored.previousSecretSealed).toBeNull();
    expect(await deliveriesOf(id)).toEqual([]);

    const reader = await keyOf(hotel, ['tips:read']);
    const refused = await withKey(reader, 'GET', '/api/v1/webhook-endpoints');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'api_key_scope_missing' } });
  });

  it('answers bad input with a stable code and a German message', async () => {
    const inn = await freshBusiness();
    const key = await keyOf(inn);
    const bad = await withKey(key, 'POST', '/api/v1/webhook-endpoints', {
      url: 'ftp://x',
      enabled_events: ['tip.paid'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'validation_failed', message: expect.stringContaining('https://') },
    });
    const noTypes = await withKey(key, 'POST', '/api/v1/webhook-endpoints', {
      url: receiverUrl(),
      enabled_events: [],
    });
    expect(noTypes.statusCode).toBe(400);
    expect(noTypes.body).toContain('mindestens ein Ereignis');
    const badId = await withKey(key, 'GET', '/api/v1/webhook-endpoints/nicht-da');
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('Ungültige Endpunkt-ID');
  });
});

describe('the business API description', () => {
  it('describes the webhook endpoints’ operations from their schemas', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const document = response.json<{
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown }>>;
    }>();
    const collection = document.paths['/api/v1/webhook-endpoints']!;
    expect(Object.keys(collection).sort()).toEqual(['get', 'post']);
    expect(collection.post!.tags).toEqual(['Betriebs-API']);
    expect(JSON.stringify(collection.post!.requestBody)).toContain('enabled_events');
    expect(Object.keys(document.paths['/api/v1/webhook-endpoints/{id}']!).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
  });
});
