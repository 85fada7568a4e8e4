import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { signIn } from '../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../test/support/guest';

// The smaller ones, each with the request that showed it.
let t: TestApp;
let hotel: FactoryBusiness;
beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
});
afterAll(async () => {
  await t.close();
});

describe('finding 7: smaller hardening', () => {
  it('signs out with 204 even when the browser sends a JSON content type and no body', async () => {
    const cookie = await signIn(t, hotel.employees[0]!.email);
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    const again = await t.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(again.json().session).toBeNull();
  });

  it('still refuses an empty body where a body is required, with a German message', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/[äöüÄÖÜß]|Bitte|ungültig|erforderlich/i);
  });

  it('forbids framing the same way in X-Frame-Options and the CSP', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('marks staff and admin API answers Cache-Control: no-store', async () => {
    const business = await createBusiness(t.database.db, { employees: 1 });
    const employee = await signIn(t, business.employees[0]!.email);
    const owner = await signIn(t, business.owner.email);
    for (const [url, cookie] of [
      ['/api/employee/today?from=2026-03-02T00:00:00Z', employee],
      ['/api/profiles/me', employee],
      [`/api/admin/dashboard`, owner],
    ] as const) {
      const response = await t.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBeLessThan(300);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it("shows a tip's message only to the browser holding the tip's secret", async () => {
    const started = await startedTip(t, {
      code: hotel.points[0]!.uid,
      guestMessage: 'Nur für Anna bestimmt',
    });
    await decideDemoCheckout(t, started.checkoutUrl, 'pay');

    const status = await t.inject({ method: 'GET', url: `/api/guest/tips/${started.tipId}` });
    expect(status.statusCode).toBe(200);
    expect(status.json().guestMessage).toBeNull();
    const thanks = await t.inject({
      method: 'GET',
      url: `/api/guest/thank-you?tipId=${started.tipId}`,
    });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.json().guestMessage).toBeNull();
    expect(thanks.body).not.toContain('Nur für Anna');

    const wrong = await t.inject({
      method: 'GET',
      url: `/api/guest/tips/${started.tipId}`,
      headers: { 'x-tip-token': 'A'.repeat(32) },
    });
    expect(wrong.json().guestMessage).toBeNull();

    const own = { 'x-tip-token': started.token };
    const ownStatus = await t.inject({
      method: 'GET',
      url: `/api/guest/tips/${started.tipId}`,
      headers: own,
    });
    expect(ownStatus.json().guestMessage).toBe('Nur für Anna bestimmt');
    const ownThanks = await t.inject({
      method: 'GET',
      url: `/api/guest/thank-you?tipId=${started.tipId}`,
      headers: own,
    });
    expect(ownThanks.json().guestMessage).toBe('Nur für Anna bestimmt');
  });
});

describe('finding 5: hostile characters', () => {
  it.each([
    ['POST', '/api/auth/sign-in', { email: 'anna@demo.local\u0000', password: 'geheim123' }],
    ['POST', '/api/guest/tips', { code: 'aio-anna\u0000', amountCents: 500 }],
    ['POST', '/api/auth/magic-link', { email: 'x@y.de', ['k\u0000']: 1 }],
    ['GET', '/api/guest/codes/aio-anna%00-x', undefined],
    ['GET', '/api/guest/thank-you?session_id=cs_%00abc', undefined],
    ['GET', '/api/admin/audit-log?action=%00', undefined],
  ] as const)(
    '%s %s with a NUL character answers 400 with a German message',
    async (method, url, payload) => {
      const before = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM tips');
      const response = await t.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'invalid_characters',
        title: 'Eingabefehler',
        message: 'Die Anfrage enthält unzulässige Steuerzeichen (z. B. ein Nullzeichen).',
      });
      const after = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM tips');
      expect(after[0]!.n).toBe(before[0]!.n);
    },
  );
});
