import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness } from '../../../../test/support/factories';
import { MAX_PAYMENT_ATTEMPTS } from '../../../shared/domain/payments';
import { paymentEntrypoints, paymentSessions, tips } from '../../db/schema';

let t: TestApp;
let hotel: Awaited<ReturnType<typeof createBusiness>>;
beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { points: ['person', 'team', 'object'] });
});
afterAll(async () => {
  await t.close();
});

const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
const countTips = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tips))[0]!.n;

describe('the tip page rendered on the server', () => {
  it('answers the first screen in the HTML, without any request headers', async () => {
    const point = hotel.points[0]!;
    const response = await t.app.inject({ method: 'GET', url: `/t/${point.uid}`, headers: {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(hotel.name);
    expect(response.body).toContain('Trinkgeld geben');
    expect(response.body).toContain(`action="/t/${point.uid}/checkout"`);
    expect(response.body).toContain('name="custom"');
    expect(response.body).toMatch(/<button type="submit" value="500"[^>]*name="amount"/);
    // The data to hydrate from travels as JSON that never runs.
    expect(response.body).toContain('<script type="application/json" id="guest-initial">');
  });

  it("speaks the guest's language from Accept-Language and ?lang, and the team's note too", async () => {
    const team = hotel.points[1]!;
    const english = await t.app.inject({
      url: `/t/${team.uid}`,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain('Leave a tip');
    expect(english.body).toMatch(/Your tip/);
    const french = await t.app.inject({ url: `/t/${team.uid}?lang=fr` });
    expect(french.body).toContain('<html lang="fr"');
    expect(french.body).toMatch(/Votre pourboire/);
  });

  it('answers 304 for an unchanged page and a new ETag once the point changes', async () => {
    const point = hotel.points[2]!;
    const first = await t.app.inject({ url: `/t/${point.uid}` });
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      url: `/t/${point.uid}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await t.database.db
      .update(paymentEntrypoints)
      .set({ label: 'Terrasse Nord' })
      .where(eq(paymentEntrypoints.id, point.id));
    const changed = await t.app.inject({
      url: `/t/${point.uid}`,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Terrasse Nord');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers 404 for an unknown uid and 410 for an inactive one, as HTML pages', async () => {
    const unknown = await t.app.inject({ url: '/t/t-gibt-es-nicht-42', headers: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('Ungültige UID');

    const other = await createBusiness(t.database.db, { points: ['object'] });
    await t.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.id, other.points[0]!.id));
    const inactive = await t.app.inject({ url: `/t/${other.points[0]!.uid}` });
    expect(inactive.statusCode).toBe(410);
    expect(inactive.body).toContain('QR-Code nicht gültig');
    expect(inactive.body).toContain('Code nicht aktiv');
  });
});

describe('the plain form that starts a checkout without JavaScript', () => {
  it('starts the tip and its session in one go and redirects to the checkout (303)', async () => {
    const point = hotel.points[0]!;
    const response = await t.inject({
      method: 'POST',
      url: `/t/${point.uid}/checkout`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ custom: '12,5', lang: 'de', pay: '1' }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toContain('/checkout/demo/');
    const [tip] = await t.database.db.select().from(tips).where(eq(tips.entrypointId, point.id));
    expect(tip?.amountCents).toBe(1250);
    const sessions = await t.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.tipId, tip!.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.checkoutUrl).toBeTruthy();
  });

  it('answers bad input with a German 400 page and writes nothing', async () => {
    const before = await countTips();
    const bodies: Record<string, string>[] = [
      { custom: '12.345' },
      { custom: '1e3' },
      { amount: 'abc' },
      {},
    ];
    for (const body of bodies) {
      const response = await t.inject({
        method: 'POST',
        url: `/t/${hotel.points[1]!.uid}/checkout`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(body),
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Betrag nicht möglich');
    }
    const tooHigh = await t.inject({
      method: 'POST',
      url: `/t/${hotel.points[1]!.uid}/checkout`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ amount: '99999999' }),
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(await countTips()).toBe(before);
  });

  it('refuses an amount below the 0,50 € minimum in the guest’s language (decision 0476)', async () => {
    const before = await countTips();
    const post = (lang: string) =>
      t.inject({
        method: 'POST',
        url: `/t/${hotel.points[1]!.uid}/checkout`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ custom: '0,49', lang, pay: '1' }),
      });
    const german = await post('de');
    expect(german.statusCode).toBe(400);
    expect(german.body).toContain('Der Betrag muss mindestens 0,50\u00a0€ betragen.');
    const english = await post('en');
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain('The amount must be at least €0.50.');
    expect(await countTips()).toBe(before);
  });

  it('refuses a form post from another site (origin check)', async () => {
    const before = await countTips();
    const response = await t.app.inject({
      method: 'POST',
      url: `/t/${hotel.points[1]!.uid}/checkout`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: form({ amount: '500' }),
    });
    expect(response.statusCode).toBe(403);
    expect(await countTips()).toBe(before);
  });

  it('keeps the retry limit (3 retries) for one browser across form posts', async () => {
    const other = await createBusiness(t.database.db, { points: ['object'] });
    const uid = other.points[0]!.uid;
    let cookies = '';
    const post = () =>
      t.inject({
        method: 'POST',
        url: `/t/${uid}/checkout`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies },
        payload: form({ amount: '500', pay: '1' }),
      });
    for (let attempt = 1; attempt <= MAX_PAYMENT_ATTEMPTS; attempt++) {
      const started = await post();
      expect(started.statusCode, started.body).toBe(303);
      const set = ([] as string[]).concat(started.headers['set-cookie'] ?? []);
      cookies = set.map((c) => c.split(';')[0]).join('; ');
      // The guest cancels at the checkout: the cancel return ends the attempt.
      const tipId = /trinkgeld_tip=([0-9a-f-]{36})\./.exec(cookies)![1]!;
      const cancelled = await t.app.inject({
        url: `/t/${uid}/cancelled?tip=${tipId}`,
        headers: { cookie: cookies },
      });
      // The cancel return explains itself now.
      expect(cancelled.statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    const oneMore = await post();
    expect(oneMore.statusCode).toBe(429);
    expect(oneMore.body).toContain('Maximale Versuche erreicht');
  });
});

describe('the plain form has the payment step: contribution and message', () => {
  const post = (uid: string, body: Record<string, string>, cookie = '') =>
    t.inject({
      method: 'POST',
      url: `/t/${uid}/checkout`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: form(body),
    });

  it('answers a chosen amount with the payment step: contribution box, message field, pay', async () => {
    const uid = hotel.points[2]!.uid;
    const before = await countTips();
    const step = await post(uid, { amount: '1000', lang: 'de' });
    expect(step.statusCode).toBe(200);
    expect(step.headers['content-type']).toContain('text/html');
    expect(step.body).toContain('<h1>Zahlungsmethode</h1>');
    expect(step.body).toMatch(/Ich übernehme die Plattformkosten von 0,45\s€/);
    expect(step.body).toMatch(/<input type="checkbox" name="fee" value="1"/);
    expect(step.body).toMatch(/<textarea[^>]*name="message"[^>]*maxlength="200"/);
    expect(step.body).toContain('name="amount" value="1000"');
    expect(step.body).toContain('Mit Karte bezahlen');
    expect(step.body).toContain(`href="/t/${uid}"`);
    expect(await countTips()).toBe(before);
  });

  it('starts the checkout with the contribution and the message the guest gave', async () => {
    const other = await createBusiness(t.database.db, { points: ['object'] });
    const point = other.points[0]!;
    const response = await post(point.uid, {
      amount: '1000',
      pay: '1',
      fee: '1',
      message: '  Danke für den tollen Abend!  ',
    });
    expect(response.statusCode, response.body).toBe(303);
    const [tip] = await t.database.db.select().from(tips).where(eq(tips.entrypointId, point.id));
    expect(tip).toMatchObject({
      amountCents: 1000,
      platformFeeCents: 45,
      guestMessage: 'Danke für den tollen Abend!',
    });
  });

  it('refuses a message over 200 characters with a German 400 page', async () => {
    const before = await countTips();
    const response = await post(hotel.points[2]!.uid, {
      amount: '500',
      pay: '1',
      message: 'x'.repeat(201),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Die Nachricht darf höchstens 200 Zeichen lang sein.');
    expect(await countTips()).toBe(before);
  });

  it('explains a cancelled checkout on the way back, in the guest language', async () => {
    const other = await createBusiness(t.database.db, { points: ['object'] });
    const uid = other.points[0]!.uid;
    const started = await post(uid, { amount: '500', pay: '1' });
    const cookie = ([] as string[])
      .concat(started.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const tipId = /trinkgeld_tip=([0-9a-f-]{36})\./.exec(cookie)![1]!;
    const back = await t.app.inject({
      url: `/t/${uid}/cancelled?tip=${tipId}`,
      headers: { cookie },
    });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Zahlung abgebrochen');
    expect(back.body).toContain('Es wurde nichts abgebucht.');
    expect(back.body).toContain(`href="/t/${uid}"`);
    const [tip] = await t.database.db.select().from(tips).where(eq(tips.id, tipId));
    expect(tip?.status).toBe('cancelled');
    const english = await t.app.inject({
      url: `/t/${uid}/cancelled`,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Payment cancelled');
  });
});

describe("guest endpoints' errors in the guest's language", () => {
  it('answers an unknown code in English for an English browser, German without one', async () => {
    const english = await t.app.inject({
      url: '/api/guest/codes/t-gibt-es-nicht-43',
      headers: { 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(404);
    expect(english.json()).toMatchObject({
      error: { code: 'code_not_found', title: 'Invalid UID' },
    });
    const german = await t.app.inject({ url: '/api/guest/codes/t-gibt-es-nicht-43' });
    expect(german.json()).toMatchObject({ error: { title: 'Ungültige UID' } });
  });
});

describe('/thank-you without a tip', () => {
  it('redirects to / as the spec says, and serves the page when a tip is named', async () => {
    for (const url of ['/thank-you', '/thank-you/', '/thank-you?foo=1', '/thank-you?tipId=']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/');
    }
    const named = await t.app.inject({
      url: '/thank-you?tipId=2f6a1e4c-8d3b-4f7a-9c1e-5b6d7e8f9a0b',
    });
    expect(named.statusCode).not.toBe(302);
    const bySession = await t.app.inject({ url: '/thank-you?session_id=cs_test_1' });
    expect(bySession.statusCode).not.toBe(302);
  });
});

describe('the pages the server renders whole', () => {
  // A page without an icon link makes the browser ask for /favicon.ico, a 404 in its console.
  it('name the site icon: the payment step, the demo checkout and the legal page', async () => {
    const point = hotel.points[0]!;
    const post = (pay: boolean) =>
      t.inject({
        method: 'POST',
        url: `/t/${point.uid}/checkout`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ amount: '500', lang: 'de', ...(pay ? { pay: '1' } : {}) }),
      });
    const step = await post(false);
    const checkout = await t.inject({ url: String((await post(true)).headers.location) });
    const legal = await t.inject({ url: '/impressum' });
    for (const page of [step, checkout, legal]) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  });
});
