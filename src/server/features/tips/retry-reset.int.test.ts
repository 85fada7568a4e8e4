import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness } from '../../../../test/support/factories';
import {
  decideDemoCheckout,
  newGuestSessionId,
  startedTip,
  startTip,
} from '../../../../test/support/guest';

let t: TestApp;
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  code = (await createBusiness(t.database.db, { points: ['object'] })).points[0]!.uid;
});
afterAll(async () => {
  await t.close();
});

describe("'Zurück' from the error step starts the count over (spec §4)", () => {
  it('gives the start after Zurück attempt 1 again, while a reload still continues the count', async () => {
    const guestSessionId = newGuestSessionId();
    const first = await startedTip(t, { code, guestSessionId });
    expect(first.attempt).toBe(1);
    await decideDemoCheckout(t, first.checkoutUrl, 'fail');
    // A reload (no retryOf, no restart) is the same flow: attempt 2.
    const reload = await startedTip(t, { code, guestSessionId });
    expect(reload.attempt).toBe(2);
    await decideDemoCheckout(t, reload.checkoutUrl, 'fail');
    // 'Zurück' on the error step, then pay: a new flow, attempt 1 with all retries left.
    const restarted = await startedTip(t, { code, guestSessionId, restart: true });
    expect(restarted.attempt).toBe(1);
    await decideDemoCheckout(t, restarted.checkoutUrl, 'fail');
    // Its retry counts on from the new flow.
    t.clock.advance(1_000);
    const retry = await startedTip(t, {
      code,
      guestSessionId,
      retryOf: { tipId: restarted.tipId, token: restarted.token },
    });
    expect(retry.attempt).toBe(2);
  });

  it('takes restart only as true', async () => {
    const response = await startTip(t, {
      code,
      guestSessionId: newGuestSessionId(),
      restart: 'yes' as unknown as true,
    });
    expect(response.statusCode).toBe(400);
  });
});
