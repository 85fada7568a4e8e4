import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgain, createTestDatabase } from '../../../../test/support/database';
import type { Database } from '../../db/connect';
import { RealtimeHub, TIP_EVENTS_CHANNEL, type TipChange } from './hub';

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

function change(employeeIds: string[]): TipChange {
  return {
    tipId: '33333333-3333-4333-8333-333333333333',
    status: 'pending',
    employeeIds,
    teamId: null,
    businessId: null,
  };
}

async function until(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
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
});
