import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import {
  decideDemoCheckout,
  guestHeaders,
  startedTip,
  startTip,
  type GuestTipBody,
} from '../../../../test/support/guest';
import { readableText } from '../../../../test/support/markup';
import type { StartTipPaymentResponse } from '../../../shared/api/tips';
import { payoutContext, runManualPayoutBatch } from '../payouts/batches';

/**
 * A checkout opened before its business was suspended or closed, or before its
 * person was deactivated, completes as designed (decision 0322). Everything the way back from the
 * checkout asks the server (the return page, the payment's status, the thank-you, the receipt,
 * the feedback) says it was paid; new tips through the code stay refused.
 */

let t: TestApp;
let adminCookie: string;
/** A second business: its tips never open another business's return page. */
let cafe: FactoryBusiness;
let cafeTip: StartTipPaymentResponse;

beforeAll(async () => {
  t = await createTestApp();
  cafe = await createBusiness(t.database.db, { name: 'Café Morgenrot', points: ['person'] });
  const admin = await createPlatformAdmin(t.database.db, { businessId: cafe.id });
  adminCookie = await signIn(t, admin.email);
  cafeTip = await startedTip(t, { code: cafe.points[0]!.uid });
  await decideDemoCheckout(t, cafeTip.checkoutUrl, 'pay');
});
afterAll(async () => {
  await t.close();
});

const admin = (path: string, payload: object) =>
  t.inject({ method: 'POST', url: path, headers: { cookie: adminCookie }, payload });

/** The JSON the page hydrates from, as the browser reads it. */
const initialOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="guest-initial">([^<]*)<\/script>/.exec(html)![1]!,
  ) as Record<string, unknown>;

/** Pays on the demo checkout and answers where it sends the browser back to (path and query). */
async function payAndReturn(checkoutUrl: string): Promise<string> {
  const paid = await decideDemoCheckout(t, checkoutUrl, 'pay');
  expect(paid.statusCode).toBe(303);
  const back = new URL(paid.headers.location as string, t.config.publicOrigin);
  return `${back.pathname}${back.search}`;
}

/** What a reader sees of a page, with the spaces Intl puts into amounts made plain. */
const textOf = (html: string) => readableText(html).replace(/[\u00a0\u202f]/g, ' ');
const page = (path: string) => t.app.inject({ method: 'GET', url: path });
const tipStatus = (tip: StartTipPaymentResponse) =>
  t.inject({
    method: 'GET',
    url: `/api/guest/tips/${tip.tipId}`,
    headers: { 'x-tip-token': tip.token },
  });
const thankYou = (tip: StartTipPaymentResponse) =>
  t.inject({
    method: 'GET',
    url: `/api/guest/thank-you?tipId=${tip.tipId}`,
    headers: { 'x-tip-token': tip.token },
  });
const receipt = (tip: StartTipPaymentResponse, email: string) =>
  t.inject({
    method: 'POST',
    url: `/api/guest/tips/${tip.tipId}/receipt`,
    headers: guestHeaders(t),
    payload: { token: tip.token, email, language: 'de' },
  });
const feedback = (tip: StartTipPaymentResponse) =>
  t.inject({
    method: 'POST',
    url: `/api/guest/tips/${tip.tipId}/feedback`,
    headers: guestHeaders(t),
    payload: { token: tip.token, emoji: 'pray', message: 'Trotzdem danke!' },
  });

/** The receipt mailed for `tip`, as printed. */
async function mailedReceipt(tip: StartTipPaymentResponse, email: string): Promise<string> {
  const before = t.printedMails.length;
  const sent = await receipt(tip, email);
  expect(sent.statusCode, sent.body).toBe(202);
  return t.printedMails
    .slice(before)
    .join('\n')
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** The return page of a paid tip: no refusal, and the data that lets the browser say it was paid. */
function expectPaidReturn(
  response: Awaited<ReturnType<typeof page>>,
  tip: StartTipPaymentResponse,
) {
  expect(response.statusCode).toBe(200);
  expect(textOf(response.body)).not.toContain('Service nicht verfügbar');
  expect(textOf(response.body)).not.toContain('nimmt derzeit kein digitales Trinkgeld an');
  expect(initialOf(response.body)).toMatchObject({
    kind: 'checkout-return',
    tipId: tip.tipId,
    how: 'return',
  });
}

async function paidTipStarted(business: FactoryBusiness, body: GuestTipBody = {}) {
  return startedTip(t, { code: business.points[0]!.uid, amountCents: 1250, ...body });
}

describe('the way back from a checkout opened before its code stopped taking tips', () => {
  it('a suspended business: the return page, status, thank-you, feedback and receipt say it was paid; new tips are refused', async () => {
    const hotel = await createBusiness(t.database.db, {
      name: 'Hotel Seeblick',
      employees: [{ fullName: 'Maria Schneider' }],
      points: ['person'],
    });
    const uid = hotel.points[0]!.uid;
    const tip = await paidTipStarted(hotel, { guestMessage: 'Danke für alles!' });
    const failing = await paidTipStarted(hotel);

    const suspended = await admin(`/api/admin/businesses/${hotel.id}/suspend`, {
      reason: 'Vertrag ruht',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const returnPath = await payAndReturn(tip.checkoutUrl);
    expect(returnPath).toMatch(new RegExp(`^/t/${uid}\\?checkout=return&tip=${tip.tipId}`));

    expectPaidReturn(await page(returnPath), tip);
    const status = await tipStatus(tip);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      status: 'pending',
      amountCents: 1250,
      recipientName: 'Maria Schneider',
      guestMessage: 'Danke für alles!',
    });
    const thanks = await thankYou(tip);
    expect(thanks.statusCode).toBe(200);
    expect(thanks.json()).toMatchObject({
      amountCents: 1250,
      businessName: 'Hotel Seeblick',
      recipient: { type: 'person', displayName: 'Maria Schneider' },
      guestMessage: 'Danke für alles!',
    });
    expect(thanks.json().paidAt).not.toBeNull();
    // The reaction after paying belongs to the paid tip: its page shows it back to the guest.
    expect((await feedback(tip)).statusCode).toBe(200);
    expect((await thankYou(tip)).json()).toMatchObject({
      feedbackEmoji: 'pray',
      feedbackMessage: 'Trotzdem danke!',
    });
    const mail = await mailedReceipt(tip, 'gast@example.org');
    expect(mail).toContain('Trinkgeld für Maria: 12,50 €');
    expect(mail).toContain('Betrieb: Hotel Seeblick');
    // The page the checkout of a browser without JavaScript returns to.
    const formThanks = await page(`/t/${uid}/thanks?tip=${tip.tipId}`);
    expect(formThanks.statusCode).toBe(200);
    expect(textOf(formThanks.body)).toContain('12,50 €');
    expect(textOf(formThanks.body)).toContain('Maria Schneider');

    // New tips stay refused: the tip page, a start, and a return that names no paid tip here.
    const tipPage = await page(`/t/${uid}`);
    expect(tipPage.statusCode).toBe(403);
    expect(textOf(tipPage.body)).toContain('Service nicht verfügbar');
    const start = await startTip(t, { code: uid });
    expect(start.statusCode).toBe(403);
    expect(start.json().error.code).toBe('business_deactivated');
    await decideDemoCheckout(t, failing.checkoutUrl, 'fail');
    for (const tipId of [failing.tipId, cafeTip.tipId, '00000000-0000-4000-8000-000000000000']) {
      const refused = await page(`/t/${uid}?checkout=return&tip=${tipId}`);
      expect(refused.statusCode, tipId).toBe(403);
      expect(textOf(refused.body)).toContain('Service nicht verfügbar');
    }
  });

  it('a closed business: the paid-out tip still has its thanks, proof of delivery and receipt', async () => {
    const kiosk = await createBusiness(t.database.db, {
      name: 'Kiosk am Hafen',
      employees: [{ fullName: 'Jonas Weber' }],
      points: ['person'],
    });
    const tip = await paidTipStarted(kiosk);
    const returnPath = await payAndReturn(tip.checkoutUrl);
    await runManualPayoutBatch(payoutContext(t.app.deps, t.app.log), { businessId: kiosk.id });
    const closed = await admin(`/api/admin/businesses/${kiosk.id}/close`, {
      confirmName: 'Kiosk am Hafen',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    expectPaidReturn(await page(returnPath), tip);
    expect((await tipStatus(tip)).json()).toMatchObject({
      status: 'completed',
      recipientName: 'Jonas Weber',
    });
    const thanks = await thankYou(tip);
    expect(thanks.statusCode).toBe(200);
    expect(thanks.json()).toMatchObject({
      amountCents: 1250,
      recipient: { displayName: 'Jonas Weber' },
      delivery: { amountCents: 1250, recipients: ['Jonas'] },
    });
    expect(await mailedReceipt(tip, 'gast@example.org')).toContain('Trinkgeld für Jonas: 12,50 €');
    expect((await page(`/t/${kiosk.points[0]!.uid}`)).statusCode).toBe(403);
  });

  it('a person deactivated while the guest paid: the return page thanks them by name', async () => {
    const bar = await createBusiness(t.database.db, {
      name: 'Bar Blau',
      employees: [{ fullName: 'Lena Hoffmann' }, { fullName: 'Tom Berg' }],
      points: ['person'],
    });
    const tip = await paidTipStarted(bar);
    const owner = await signIn(t, bar.owner.email);
    const deactivated = await t.inject({
      method: 'POST',
      url: `/api/admin/users/${bar.employees[0]!.id}/deactivate`,
      headers: { cookie: owner },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const returnPath = await payAndReturn(tip.checkoutUrl);

    expectPaidReturn(await page(returnPath), tip);
    expect((await tipStatus(tip)).json()).toMatchObject({
      status: 'pending',
      recipientName: 'Lena Hoffmann',
    });
    expect((await thankYou(tip)).json()).toMatchObject({
      recipient: { displayName: 'Lena Hoffmann' },
    });
    expect(await mailedReceipt(tip, 'gast@example.org')).toContain('Trinkgeld für Lena: 12,50 €');
    const tipPage = await page(`/t/${bar.points[0]!.uid}`);
    expect(tipPage.statusCode).toBe(410);
  });
});
