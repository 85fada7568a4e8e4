import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness } from '../../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../../test/support/guest';
import { PAYMENT_SESSION_TIMEOUT_MS } from '../../../shared/domain/constants';
import { demoCheckoutSessions, paymentSessions, tips } from '../../db/schema';
import { PAYMENT_EXPIRY_INTERVAL_MS, startJobs } from '../../jobs';
import { TIP_EVENTS_CHANNEL, type TipChange } from '../tip-lifecycle/events';
import { paymentContext } from './context';
import { runPaymentSessionExpiry } from './expiry';

let t: TestApp;
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  code = (await createBusiness(t.database.db, { points: ['person'] })).points[0]!.uid;
});
afterAll(async () => {
  await t.close();
});

const ctx = () => paymentContext(t.app.deps, t.app.log);

describe('expiring unfinished payment sessions', () => {
  it('ends sessions after five minutes, once, even with two runs at the same time', async () => {
    const published: TipChange[] = [];
    const unlisten = await t.database.listen(TIP_EVENTS_CHANNEL, (payload) =>
      published.push(JSON.parse(payload) as TipChange),
    );
    const started = [];
    for (let i = 0; i < 6; i += 1)
      started.push(await startedTip(t, { code, amountCents: 500 + i }));
    const ids = started.map((s) => s.tipId);

    t.clock.advance(PAYMENT_SESSION_TIMEOUT_MS - 1);
    expect(await runPaymentSessionExpiry(ctx())).toBe(0);
    t.clock.advance(1);
    const [a, b] = await Promise.all([
      runPaymentSessionExpiry(ctx()),
      runPaymentSessionExpiry(ctx()),
    ]);
    expect(a + b).toBe(6);

    const rows = await t.database.db.select().from(tips).where(inArray(tips.id, ids));
    expect(
      rows.every((row) => row.status === 'expired' && row.failureReason === 'session_expired'),
    ).toBe(true);
    const sessions = await t.database.db
      .select()
      .from(paymentSessions)
      .where(inArray(paymentSessions.tipId, ids));
    expect(sessions.every((s) => s.status === 'expired' && s.endedAt !== null)).toBe(true);
    await expect.poll(() => published.filter((c) => ids.includes(c.tipId)).length).toBe(6);
    await unlisten();

    // The demo checkout is closed at the "provider" too: paying now is refused.
    const [checkout] = await t.database.db
      .select()
      .from(demoCheckoutSessions)
      .where(eq(demoCheckoutSessions.paymentSessionId, sessions[0]!.id));
    expect(checkout?.status).toBe('expired');
    const late = await decideDemoCheckout(t, `http://x/checkout/demo/${checkout!.id}`, 'pay');
    expect(late.statusCode).toBe(303);
    const page = await t.inject({ method: 'GET', url: late.headers.location as string });
    expect(page.body).toContain('Zahlung abgelaufen');
  });

  it('runs periodically on every instance and stops cleanly', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const jobs = startJobs(t.app.deps, t.app.log);
      const started = await startedTip(t, { code });
      t.clock.advance(PAYMENT_SESSION_TIMEOUT_MS);
      vi.advanceTimersByTime(PAYMENT_EXPIRY_INTERVAL_MS);
      await jobs.stop();
      const [row] = await t.database.db.select().from(tips).where(eq(tips.id, started.tipId));
      expect(row?.status).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
  });
});
