import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgain, createTestDatabase } from '../../../../test/support/database';
import type { Database } from '../../db/connect';
import { RealtimeHub } from '../realtime/hub';
import { publishTipChangesInTransaction, type TipChange } from '../tip-lifecycle/events';

let writer: Database;
let listener: Database;
let hub: RealtimeHub;

beforeAll(async () => {
  writer = await createTestDatabase();
  listener = await connectAgain(writer);
  hub = new RealtimeHub(listener);
  await hub.start();
});
afterAll(async () => {
  await hub.stop();
  await listener.close();
  await writer.close();
});

const employee = '44444444-4444-4444-8444-444444444444';
const change = (tipId: string): TipChange => ({
  tipId,
  status: 'pending',
  employeeIds: [employee],
  teamId: null,
  businessId: '77777777-7777-4777-8777-777777777777',
});

describe('tip events queued inside a transaction', () => {
  it('reach another instance on commit and never after a rollback', async () => {
    const received: string[] = [];
    const stop = hub.subscribe(employee, (c) => received.push(c.tipId));
    const rolledBack = '55555555-5555-4555-8555-555555555555';
    const committed = '66666666-6666-4666-8666-666666666666';

    await expect(
      writer.db.transaction(async (tx) => {
        await publishTipChangesInTransaction(tx, writer, [change(rolledBack)]);
        throw new Error('the settlement failed');
      }),
    ).rejects.toThrow('the settlement failed');
    await writer.db.transaction(async (tx) => {
      await publishTipChangesInTransaction(tx, writer, [change(committed)]);
      // Nothing is delivered before the commit: every notification committed so far (the rolled
      // back one, had it been sent) has reached the other instance once this resolves.
      await listener.syncNotifications();
      expect(received).toEqual([]);
    });

    await listener.syncNotifications();
    expect(received).toEqual([committed]);
    stop();
  });
});
