import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectAgain, createTestDatabase } from '../../../../test/support/database';
import type { Database } from '../../db/connect';
import { CATCH_UP_WINDOW_MS, RealtimeHub, TIP_EVENTS_CHANNEL, type TipChange } from './hub';

let instanceA: Database;
let instanceB: Database;

beforeAll(async () => {
  instanceA = await createTestDatabase();
  instanceB = await connectAgain(instanceA);
});
afterAll(async () => {
  await instanceB.close();
  await instanceA.close();
});

const employee = '11111111-1111-4111-8111-111111111111';
const colleague = '22222222-2222-4222-8222-222222222222';

function change(employeeIds: string[], tipId = '33333333-3333-4333-8333-333333333333'): TipChange {
  return {
    tipId,
    status: 'pending',
    employeeIds,
    teamId: null,
    businessId: null,
  };
}

async function until(condition: () => boolean, timeout = 3_000): Promise<void> {
  await vi.waitFor(() => expect(condition()).toBe(true), { timeout, interval: 10 });
}

describe('realtime hub', () => {
  it('delivers a change published by one instance to a subscriber on another', async () => {
    const hub = new RealtimeHub(instanceB);
    await hub.start();
    const received: TipChange[] = [];
    const otherReceived: TipChange[] = [];
    hub.subscribe(employee, (c) => received.push(c));
    hub.subscribe('44444444-4444-4444-8444-444444444444', (c) => otherReceived.push(c));

    await instanceA.notify(TIP_EVENTS_CHANNEL, JSON.stringify(change([employee, colleague])));
    await until(() => received.length === 1);
    expect(received[0]!.tipId).toBe('33333333-3333-4333-8333-333333333333');
    expect(otherReceived).toEqual([]);
    await hub.stop();
  });

  it('stops delivering after unsubscribe and ignores malformed messages', async () => {
    const bad: string[] = [];
    const hub = new RealtimeHub(instanceB, (payload) => bad.push(payload));
    await hub.start();
    const received: TipChange[] = [];
    const unsubscribe = hub.subscribe(employee, (c) => received.push(c));
    await instanceA.notify(TIP_EVENTS_CHANNEL, '{not json');
    await until(() => bad.length === 1);
    unsubscribe();
    expect(hub.connectionCount()).toBe(0);
    await instanceA.notify(TIP_EVENTS_CHANNEL, JSON.stringify(change([employee])));
    // Notifications arrive in the order they were sent: once a later one for a colleague has
    // arrived, the one for the unsubscribed employee has been handled (and reached nobody).
    const later: TipChange[] = [];
    hub.subscribe(colleague, (c) => later.push(c));
    await instanceA.notify(TIP_EVENTS_CHANNEL, JSON.stringify(change([colleague])));
    await until(() => later.length === 1);
    expect(received).toEqual([]);
    await hub.stop();
  });

  // Decision 0420: a stream opened after its page's HTML learns what changed in between.
  it('tells what changed for an employee since a moment it still remembers, and nothing else', async () => {
    let now = 1_000_000;
    const hub = new RealtimeHub(instanceB, undefined, () => now);
    expect(hub.changesSince(employee, now)).toBeNull(); // not listening yet
    await hub.start();
    const started = now;
    const heard: TipChange[] = [];
    hub.subscribe(employee, (c) => heard.push(c));
    // Each change is heard before the clock moves on, so each is heard at the time set for it.
    const publish = async (employeeIds: string[], tipId?: string) => {
      const count = heard.length + (employeeIds.includes(employee) ? 1 : 0);
      await instanceA.notify(TIP_EVENTS_CHANNEL, JSON.stringify(change(employeeIds, tipId)));
      await until(() => heard.length === count);
    };
    now += 1_000;
    const before = '55555555-5555-4555-8555-555555555555';
    await publish([employee], before);
    now += 1_000;
    const servedAt = now;
    now += 1_000;
    const after = '66666666-6666-4666-8666-666666666666';
    await publish([employee, colleague], after);
    // A colleague's change, then one of the employee's: once that is heard, so was the colleague's.
    await publish([colleague]);
    const last = '88888888-8888-4888-8888-888888888888';
    await publish([employee], last);

    expect(hub.changesSince(employee, servedAt)!.map((c) => c.tipId)).toEqual([after, last]);
    expect(hub.changesSince(employee, started)!.map((c) => c.tipId)).toEqual([before, after, last]);
    expect(hub.changesSince('77777777-7777-4777-8777-777777777777', servedAt)).toEqual([]);
    // Before listening began, or longer ago than the window: unknown, the page fetches afresh.
    expect(hub.changesSince(employee, started - 1)).toBeNull();
    now = servedAt + CATCH_UP_WINDOW_MS + 1;
    expect(hub.changesSince(employee, servedAt)).toBeNull();
    expect(hub.changesSince(employee, now)).toEqual([]);
    await hub.stop();
  });

  it('forgets the oldest changes beyond its count, and then answers unknown for them', async () => {
    let now = 5_000_000;
    // A small log: the same rule as the real 5,000 without 5,000 NOTIFYs on a busy machine.
    const max = 50;
    const hub = new RealtimeHub(instanceB, undefined, () => now, max);
    await hub.start();
    const first = now;
    const heard: TipChange[] = [];
    hub.subscribe(employee, (c) => heard.push(c));
    for (let index = 0; index <= max; index += 1) {
      now += 1;
      await instanceA.notify(TIP_EVENTS_CHANNEL, JSON.stringify(change([employee])));
    }
    await until(() => heard.length === max + 1, 30_000);
    expect(hub.changesSince(employee, first)).toBeNull();
    // The newest are kept.
    expect(hub.changesSince(employee, now)?.length).toBeGreaterThanOrEqual(1);
    await hub.stop();
  });
});
