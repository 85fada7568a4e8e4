import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { connectAgain } from '../../../../test/support/database';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../../test/support/guest';
import type { Database } from '../../db/connect';
import { paymentContext } from '../payments/context';
import { runPaymentSessionExpiry } from '../payments/expiry';
import { RealtimeHub } from '../realtime/hub';
import { TIP_EVENTS_CHANNEL } from '../tip-lifecycle/events';

/**
 * Every tip change is published inside the transaction that makes it true
 * (a NOTIFY queued in it), never afterwards: an instance that stops right after the commit would
 * otherwise leave dashboards on other instances without the change until they reconnect.
 */
let t: TestApp;
let listener: Database;
let hub: RealtimeHub;
let hotel: FactoryBusiness;
const afterCommit: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  listener = await connectAgain(t.database);
  hub = new RealtimeHub(listener);
  await hub.start();
  hotel = await createBusiness(t.database.db, { employees: 1, points: ['person', 'object'] });
  // Any publish that goes through the database's own NOTIFY runs outside a transaction.
  const notify = t.database.notify.bind(t.database);
  t.database.notify = async (channel: string, payload: string) => {
    if (channel === TIP_EVENTS_CHANNEL) afterCommit.push(payload);
    return notify(channel, payload);
  };
});
afterAll(async () => {
  await hub.stop();
  await listener.close();
  await t.close();
});

async function received(employeeId: string, act: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const stop = hub.subscribe(employeeId, (change) => seen.push(change.tipId));
  await act();
  await vi.waitFor(() => expect(seen).not.toEqual([]), { timeout: 5_000, interval: 10 });
  stop();
  return seen;
}

describe('tip changes are published inside their transaction', () => {
  it('feedback, a reply, a pool assignment, an expiry and a payout', async () => {
    const employee = hotel.employees[0]!;
    const person = hotel.points[0]!;
    const owner = await signIn(t, hotel.owner.email);
    const staff = await signIn(t, employee.email);

    const paid = await startedTip(t, { code: person.uid, amountCents: 700 });
    await decideDemoCheckout(t, paid.checkoutUrl, 'pay');
    afterCommit.length = 0;

    const feedback = await received(employee.id, () =>
      t.inject({
        method: 'POST',
        url: `/api/guest/tips/${paid.tipId}/feedback`,
        payload: { token: paid.token, emoji: 'clap', message: 'Danke!' },
      }),
    );
    expect(feedback).toContain(paid.tipId);

    const reply = await received(employee.id, () =>
      t.inject({
        method: 'POST',
        url: `/api/employee/tips/${paid.tipId}/reply`,
        headers: { cookie: staff },
        payload: { message: 'Gern geschehen!' },
      }),
    );
    expect(reply).toContain(paid.tipId);

    const pooled = await createTip(t.database.db, {
      businessId: hotel.id,
      entrypoint: hotel.points[1]!,
      amountCents: 500,
    });
    const assigned = await received(employee.id, () =>
      t.inject({
        method: 'POST',
        url: `/api/admin/pool/${pooled.id}/assign`,
        headers: { cookie: owner },
        payload: { profileId: employee.id },
      }),
    );
    expect(assigned).toContain(pooled.id);

    const open = await startedTip(t, { code: person.uid, amountCents: 300 });
    t.clock.advance(6 * 60_000);
    const expired = await received(employee.id, () =>
      runPaymentSessionExpiry(paymentContext(t.app.deps, t.app.log)),
    );
    expect(expired).toContain(open.tipId);

    const payout = await received(employee.id, () =>
      t.inject({ method: 'POST', url: '/api/admin/payouts', headers: { cookie: owner } }),
    );
    expect(payout.length).toBeGreaterThan(0);

    expect(afterCommit).toEqual([]);
  });
});
