import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { seriousA11yViolations } from './support/axe';
import { consoleProblems } from './support/console';
import { useE2E } from './support/environment';
import { screenshot } from './support/harness';
import { horizontalOverflow } from './support/page-checks';

/**
 * Outgoing webhooks in the browser (decisions 0631, 0650): an owner on Pro creates an API key, adds an
 * endpoint that is a local receiver, a guest pays a tip, the receiver gets a signed `tip.paid`,
 * the owner sees the delivery in the log and sends it again: the receiver gets the same
 * `webhook-id` once more. The test server allows private targets (WEBHOOK_ALLOW_PRIVATE, set by
 * the test config), so 127.0.0.1 is a valid target.
 */
const e2e = useE2E({ seeded: false });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1: answers 200 and lets the test wait for a request. */
class Receiver {
  readonly received: Received[] = [];
  private waiters: { match: (entry: Received) => boolean; resolve: (entry: Received) => void }[] =
    [];
  private server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      this.received.push(entry);
      response.writeHead(200, { 'content-type': 'text/plain' }).end('angekommen');
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(entry)) return true;
        waiter.resolve(entry);
        return false;
      });
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/trinkgeld`;
  }

  /** The first request (already received or still to come) that `match` accepts. */
  next(match: (entry: Received) => boolean, skip = 0): Promise<Received> {
    const seen = this.received.filter(match);
    if (seen.length > skip) return Promise.resolve(seen[skip]!);
    let count = seen.length;
    return new Promise((resolve) => {
      this.waiters.push({
        match: (entry) => match(entry) && (count += 1) > skip,
        resolve,
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const typeOf = (entry: Received) => (JSON.parse(entry.body) as { type: string }).type;

const contexts: BrowserContext[] = [];
/** Each run of the test its own receiver, so a retried run hears only its own webhooks. */
let receiver: Receiver | undefined;

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await receiver?.close();
  receiver = undefined;
});

/** A guest tips the person at `uid` 5 € through the demo checkout, on a phone. */
async function guestPays(uid: string): Promise<void> {
  const context = await e2e.context({ viewport: { width: 390, height: 844 }, isMobile: true });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/t/${uid}`);
  await page.getByRole('button', { name: '5 €', exact: true }).click();
  await page.getByRole('button', { name: 'Weiter zur Zahlung · 5,00 €' }).click();
  await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
  await page.waitForURL('**/checkout/demo/**');
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await page.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();
}

async function createKey(page: Page): Promise<string> {
  await page.getByLabel(/^Name/).fill('Kassensystem');
  await page.getByRole('checkbox', { name: /webhooks:write/ }).check();
  await page.getByRole('button', { name: 'Schlüssel erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
  const secret = await dialog.getByTestId('api-key-secret').inputValue();
  await dialog.getByRole('button', { name: 'Fertig' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return secret;
}

describe('Webhooks', () => {
  it('an owner adds a local receiver, a guest pays, the delivery shows in the log and is sent again (1280 px)', async () => {
    const hooks = new Receiver();
    receiver = hooks;
    const receiverUrl = await hooks.start();
    const hotel = await createBusiness(e2e.server.deps.database.db, {
      name: `Hotel Webhook ${Date.now()}`,
      employees: 1,
      points: ['person'],
    });
    const context = await e2e.context({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await openSignedIn(page, e2e.server, hotel.owner.email, '/admin/dashboard');
    await page.getByRole('link', { name: 'API und Webhooks' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'API und Webhooks' }).waitFor();
    await page.getByText('Noch keine Webhook-Endpunkte.').waitFor();

    const key = await createKey(page);

    // The form checks first: a URL and at least one event.
    await page.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();
    await page.getByText('Bitte wählen Sie mindestens ein Ereignis.').waitFor();
    await page.getByLabel(/^URL des Endpunkts/).fill(receiverUrl);
    await page.getByLabel(/^Beschreibung/).fill('Lohnbüro');
    await page.getByRole('checkbox', { name: /tip\.paid/ }).check();
    await page.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Secret des Endpunkts' });
    await dialog.waitFor();
    const secret = await dialog.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'webhook-secret-1280');
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('main').textContent()).not.toContain(secret);
    const item = page.getByTestId('webhook-endpoint').filter({ hasText: receiverUrl });
    await item.getByText('Aktiv', { exact: true }).waitFor();

    // The key sees the endpoint through the business API.
    const listed = await page.request.get('/api/v1/webhook-endpoints', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(listed.status()).toBe(200);
    expect(await listed.json()).toMatchObject({
      data: [{ url: receiverUrl, enabled_events: ['tip.paid'], status: 'enabled' }],
    });

    // A guest pays; the receiver gets tip.paid, signed with the endpoint's secret.
    const paid = hooks.next((entry) => typeOf(entry) === 'tip.paid');
    await guestPays(hotel.points[0]!.uid);
    const first = await paid;
    const payload = new Webhook(secret).verify(first.body, {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    }) as { type: string; data: { object: string; amount: number } };
    expect(payload).toMatchObject({ type: 'tip.paid', data: { object: 'tip', amount: 500 } });
    const webhookId = String(first.headers['webhook-id']);
    expect(webhookId).toMatch(/^msg_/);

    // The delivery log shows it as delivered, with its attempt.
    await item.getByRole('button', { name: 'Zustellprotokoll anzeigen' }).click();
    const entries = item.getByTestId('webhook-delivery');
    const delivered = entries.filter({ hasText: webhookId });
    await delivered.getByText('Zugestellt', { exact: true }).waitFor();
    expect(await delivered.textContent()).toContain('HTTP 200');
    expect(await delivered.textContent()).toContain('angekommen');
    await screenshot(page, 'webhook-log-1280');

    // 'Erneut senden': the same event, the same webhook-id, once more.
    const again = hooks.next((entry) => entry.headers['webhook-id'] === webhookId, 1);
    await delivered.getByRole('button', { name: `Erneut senden: Ereignis ${webhookId}` }).click();
    const second = await again;
    expect(second.body).toBe(first.body);
    await entries.first().getByText('Erneut gesendet').waitFor();
    await entries.first().getByText('Zugestellt', { exact: true }).waitFor();
    expect(await entries.count()).toBe(2);

    // The list learnt it from the log.
    await item.getByText(/Letzte Zustellung\s*Zugestellt/).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // On a phone the same page, log open, needs no sideways scrolling.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });
});
