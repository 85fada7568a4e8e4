import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { signIn } from '../../../test/support/auth';
import { connectAgain } from '../../../test/support/database';
import { createBusiness, type FactoryBusiness } from '../../../test/support/factories';
import { GUEST_RATE_RULES } from './guest-rate-rules';

/**
 * Two app instances on one database, as behind a load balancer (docs/deployment.md): whatever
 * one instance writes or ends, the other sees on the very next request. Nothing that decides
 * access (sessions, codes, accounts, rate-limit counters) is kept in process memory, so there is
 * no cache that could go stale on the other instance (decision 0240).
 */
describe('two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let hotel: FactoryBusiness;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: await connectAgain(a.database), clock: a.clock });
    hotel = await createBusiness(a.database.db, { employees: 2, points: ['person', 'person'] });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b.close();
    await b.database.close();
    await a.close();
  });

  it('accepts a session created on one instance on the other, and ends it on both', async () => {
    const cookie = await signIn(a, hotel.employees[0]!.email);
    const onA = await a.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    const onB = await b.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(onA.statusCode).toBe(200);
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toEqual(onA.json());

    const signOut = await b.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
    });
    expect(signOut.statusCode).toBeLessThan(300);
    const afterOnA = await a.inject({
      method: 'GET',
      url: '/api/employee/messages',
      headers: { cookie },
    });
    expect(afterOnA.statusCode).toBe(401);
  });

  it('stops a payment point deactivated on one instance on the other at once', async () => {
    const point = hotel.points[1]!;
    const guestStart = (app: TestApp) =>
      app.inject({
        method: 'POST',
        url: '/api/guest/tips',
        // Its own client address, so the shared rate-limit test below keeps its full budget.
        remoteAddress: '192.0.2.10',
        payload: {
          code: point.uid,
          amountCents: 300,
          platformFee: false,
          paymentMethod: 'stripe',
          guestSessionId: 'scale-out-guest-session-0001',
        },
      });
    const lookup = (app: TestApp) =>
      app.inject({ method: 'GET', url: `/api/guest/codes/${point.uid}` });

    expect((await guestStart(b)).statusCode).toBe(201);
    const activeOnB = (await lookup(b)).json();

    const owner = await signIn(a, hotel.owner.email);
    const deactivated = await a.inject({
      method: 'POST',
      url: `/api/admin/entrypoints/${point.id}/deactivate`,
      headers: { cookie: owner },
    });
    expect(deactivated.statusCode).toBe(200);

    expect((await lookup(b)).json()).not.toEqual(activeOnB);
    const refused = await guestStart(b);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
  });

  it('signs a deactivated person out on the other instance and ends its open stream', async () => {
    const employee = hotel.employees[1]!;
    const cookie = await signIn(b, employee.email);
    const read = () =>
      b.inject({ method: 'GET', url: '/api/employee/messages', headers: { cookie } });
    expect((await read()).statusCode).toBe(200);
    // The open stream is the one piece of per-instance state about a session: instance B learns
    // of the deactivation through the account_events NOTIFY, not by polling.
    const port = (b.app.server.address() as AddressInfo).port;
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/employee/stream`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const streamText = new Response(stream.body).text().catch(() => '');

    const owner = await signIn(a, hotel.owner.email);
    const deactivated = await a.inject({
      method: 'POST',
      url: `/api/admin/users/${employee.id}/deactivate`,
      headers: { cookie: owner },
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await read()).statusCode).toBe(401);
    // The stream ends by itself (the test would time out otherwise) with session-ended.
    expect(await streamText).toContain('event: session-ended');
    controller.abort();
  });

  it('counts one rate limit across both instances', async () => {
    const rule = GUEST_RATE_RULES.payLaterLink;
    const code = hotel.points[0]!.uid;
    const create = (app: TestApp) =>
      app.inject({
        method: 'POST',
        url: '/api/guest/pay-later-links',
        remoteAddress: '198.51.100.7',
        payload: { code, amountCents: 500 },
      });
    // Alternating: each instance alone sees only half of the limit.
    const statuses: number[] = [];
    for (let i = 0; i < rule.limit; i += 1) {
      statuses.push((await create(i % 2 === 0 ? a : b)).statusCode);
    }
    expect(statuses.every((status) => status === 201)).toBe(true);
    const overOnA = await create(a);
    const overOnB = await create(b);
    expect(overOnA.statusCode).toBe(429);
    expect(overOnB.statusCode).toBe(429);
    expect(overOnB.headers['retry-after']).toBeDefined();
  });
});
