import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentEntrypoints } from '../../src/server/db/schema';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
  type FactoryPerson,
  type FactoryPoint,
} from '../support/factories';
import { openSignedIn } from './support/auth';
import { screenshot, trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

let staff: BrowserContext;
let guest: BrowserContext;
let hotel: FactoryBusiness;
/** The hotel's staff and their personal tip codes, in this order. */
let anna: FactoryPerson, ben: FactoryPerson, clara: FactoryPerson, david: FactoryPerson;
let annaPoint: FactoryPoint, benPoint: FactoryPoint, claraPoint: FactoryPoint;
let davidPoint: FactoryPoint;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  hotel = await createBusiness(db, {
    name: 'Hotel Seeblick',
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'Ben Müller', jobTitle: 'Kellner' },
      { fullName: 'Clara Fischer', jobTitle: 'Barkeeperin' },
      { fullName: 'David Wagner', jobTitle: 'Concierge' },
    ],
    points: ['person', 'person', 'person', 'person'],
  });
  [anna, ben, clara, david] = hotel.employees as [
    FactoryPerson,
    FactoryPerson,
    FactoryPerson,
    FactoryPerson,
  ];
  [annaPoint, benPoint, claraPoint, davidPoint] = hotel.points as [
    FactoryPoint,
    FactoryPoint,
    FactoryPoint,
    FactoryPoint,
  ];
  // Ben's last month: this week's tips still wait for the payout, older ones went out with a
  // transfer reference, as the weekly payout job leaves them.
  const now = Date.now();
  for (const [daysAgo, status, amountCents] of [
    [1, 'pending', 1500],
    [3, 'pending', 500],
    [12, 'completed', 1000],
    [20, 'completed', 2000],
  ] as const) {
    await createTip(db, {
      businessId: hotel.id,
      employeeId: ben.id,
      entrypoint: benPoint,
      amountCents,
      status,
      createdAt: new Date(now - daysAgo * DAY_MS),
    });
  }
  guest = await e2e.context({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
});
// Each test signs in on a browser context of its own (its own cookies).
beforeEach(async () => {
  staff = await e2e.context();
});
afterEach(async () => {
  await staff?.close();
});
afterAll(async () => {
  await guest?.close();
});

const text = (value: string | null) => (value ?? '').replace(/\u00a0/g, ' ').trim();

/** A guest pays `euros` € with a message for Clara (or `to`) through the demo checkout. */
async function guestPays(
  page: Page,
  euros: number,
  message: string,
  to: { point: FactoryPoint; name: string } = { point: claraPoint, name: 'Clara Fischer' },
): Promise<void> {
  await page.goto(`/t/${to.point.uid}`);
  await page.getByRole('heading', { name: to.name }).waitFor();
  await page.getByRole('button', { name: `${euros} €`, exact: true }).click();
  // The amount in the name: the page as the server sent it also has a plain 'Weiter zur Zahlung'
  // (for the own amount), which a click before the app is live would submit empty.
  await page.getByRole('button', { name: `Weiter zur Zahlung · ${euros},00 €` }).click();
  await page.getByLabel('Persönliche Nachricht (optional)').fill(message);
  await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
  await page.waitForURL('**/checkout/demo/**');
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await page.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();
}

describe('employee dashboard', () => {
  // How fast the tip arrives (the spec's 2 s) is measured by `npm run bench live-delivery`; a
  // browser on a busy machine only shows that it arrives live, without a reload.
  it('shows a tip a guest pays in another browser live, without reloading', async () => {
    const page = await staff.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, clara.email);
    expect(new URL(page.url()).pathname).toBe('/employee/dashboard');
    await page.getByRole('heading', { name: 'Willkommen, Clara Fischer!' }).waitFor();
    await page.getByText('Barkeeperin').first().waitFor();
    await page.getByText('Live-Aktualisierung aktiv').waitFor();

    // Start from zero new messages so the badge shows exactly the live one.
    const badge = page.getByTestId('new-message-badge');
    if (await badge.isVisible()) {
      await badge.click();
      await page.getByRole('tab', { name: 'Heute' }).click();
    }
    await expect.poll(() => badge.count()).toBe(0);
    const cents = (value: string | null) => Number(text(value).replace(/\D/g, ''));
    const todayTotal = page.getByTestId('today-total');
    await todayTotal.waitFor();
    const totalBefore = cents(await todayTotal.textContent());
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const guestPage = await guest.newPage();
    const message = `Großartige Drinks, danke! ${randomUUID().slice(0, 8)}`;
    // The highlight of a new message fades after 5 s of real time; the page records that the
    // item arrived highlighted, so a slow machine cannot miss it.
    await page.evaluate((text) => {
      const seen = document.documentElement.dataset;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll(
          '[data-testid="thank-you-item"][data-new="true"]',
        )) {
          if (element.textContent?.includes(text)) seen.liveTipHighlighted = 'true';
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }, message);
    await guestPays(guestPage, 15, message);

    const item = page.getByTestId('thank-you-item').filter({ hasText: message });
    await item.waitFor();
    expect(
      await page.evaluate(() => document.documentElement.dataset.liveTipHighlighted ?? null),
    ).toBe('true');
    expect(text(await item.textContent())).toContain('15,00 €');
    expect(text(await badge.textContent())).toBe('1 neu');
    expect(text(await page.getByTestId('thank-you-new-count').textContent())).toBe('1 neu');
    await expect.poll(async () => cents(await todayTotal.textContent())).toBe(totalBefore + 1500);
    expect(navigations).toBe(0);
    await screenshot(page, 'dashboard-live-tip');

    // The highlight fades after 5 s (or on click); the badge opens the messages and resets.
    await item.click();
    expect(await item.getAttribute('data-new')).toBeNull();
    await badge.click();
    await page.getByRole('tab', { name: 'Nachrichten', selected: true }).waitFor();
    await expect.poll(() => badge.count()).toBe(0);
    await page.getByText('Trinkgelder mit Nachricht').waitFor();
    expect(errors).toEqual([]);
    await guestPage.close();
    await page.close();
  });

  // Decision 0420: opened directly, the dashboard's first answers come with its HTML, and the
  // live stream still brings what is paid afterwards.
  it('opens with today and the messages from its HTML, and still hears a tip live', async () => {
    const page = await staff.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, anna.email);
    await page.getByText('Live-Aktualisierung aktiv').waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/employee/')) asked.push(url.pathname + url.search);
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Willkommen, Anna Schneider!' }).waitFor();
    await page.getByTestId('today-total').waitFor();
    await page.getByText('Live-Aktualisierung aktiv').waitFor();
    expect(asked.filter((url) => /\/(today|messages)\b/.test(url))).toEqual([]);
    expect(asked.some((url) => /^\/api\/employee\/stream\?since=\d+$/.test(url))).toBe(true);

    const guestPage = await guest.newPage();
    const message = `Danke für den Schirm! ${randomUUID().slice(0, 8)}`;
    await guestPays(guestPage, 5, message, { point: annaPoint, name: 'Anna Schneider' });
    await page.getByTestId('thank-you-item').filter({ hasText: message }).waitFor();
    expect(errors).toEqual([]);
    await guestPage.close();
    await page.close();
  });

  // Lighthouse's phone saw the badge move when the live state arrived after it.
  it('keeps the header still when the live state arrives after the new-messages badge', async () => {
    await createTip(e2e.server.deps.database.db, {
      businessId: hotel.id,
      employeeId: david.id,
      entrypoint: davidPoint,
      guestMessage: 'Danke für den Tipp mit dem Museum!',
    });
    const phone = await e2e.context({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const page = await phone.newPage();
      const errors = trackPageErrors(page);
      await openSignedIn(page, e2e.server, david.email);
      await page.getByTestId('new-message-badge').waitFor();
      // The live stream answers late: it is held until the messages, and with them the badge,
      // are on the page.
      let answerStream: () => void = () => {};
      const streamMayAnswer = new Promise<void>((resolve) => (answerStream = resolve));
      await page.route('**/api/employee/stream', async (route) => {
        await streamMayAnswer;
        await route.continue();
      });
      // The held stream holds the page's load event too: wait for the document, not for load.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('new-message-badge').waitFor();
      // From here on every shift is recorded with what moved (so a failure names the element):
      // what the late live state does to the header, not what the page's own loading (its web
      // font, say) did before.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.evaluate(() => {
        const found: string[] = [];
        const record = (list: PerformanceEntry[]) => {
          for (const entry of list as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null; previousRect: DOMRect; currentRect: DOMRect }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const moved = (entry.sources ?? []).map(({ node, previousRect, currentRect }) => {
              const element = node instanceof Element ? node : node?.parentElement;
              const name = element
                ? `${element.tagName.toLowerCase()}[${element.getAttribute('data-testid') ?? element.className}]`
                : '?';
              return `${name} ${previousRect.y}->${currentRect.y}`;
            });
            found.push(`${entry.value.toFixed(4)}: ${moved.join(', ')}`);
          }
        };
        const observer = new PerformanceObserver((list) => record(list.getEntries()));
        observer.observe({ type: 'layout-shift' });
        (window as unknown as { shiftsSoFar: () => string[] }).shiftsSoFar = () => {
          record(observer.takeRecords());
          return found;
        };
      });
      answerStream();
      await page.getByText('Live-Aktualisierung aktiv').waitFor();
      // Two frames after the live state is on screen, its frame has been laid out and any shift
      // it caused is in the observer's records.
      const shifts = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve((window as unknown as { shiftsSoFar: () => string[] }).shiftsSoFar()),
              ),
            ),
          ),
      );
      expect(shifts).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows the history with status labels and the statistics in de-DE', async () => {
    const page = await staff.newPage();
    await openSignedIn(page, e2e.server, ben.email);
    await page.getByRole('tab', { name: 'Historie' }).click();
    await page.getByRole('radio', { name: 'Letzter Monat' }).check({ force: true });
    // Newest first: this week's tips are still pending, older ones were paid out.
    await page.getByText('Ausstehend').first().waitFor();
    const paidOut = page.getByText(/^Ausgezahlt am \d{2}\.\d{2}\.\d{4}$/);
    for (let pageNumber = 1; (await paidOut.count()) === 0 && pageNumber < 10; pageNumber += 1) {
      await page.getByRole('button', { name: 'Weiter' }).click();
      await page.getByText(new RegExp(`^${pageNumber * 20 + 1}(–\\d+)? von \\d+$`)).waitFor();
    }
    await paidOut.first().waitFor();
    await page
      .getByText(/^Referenz: /)
      .first()
      .waitFor();
    expect(
      await page
        .getByText(/^Referenz: /)
        .first()
        .textContent(),
    ).toMatch(/^Referenz: \S{8}$/);

    await page.getByRole('tab', { name: 'Statistiken' }).click();
    await page.getByRole('radio', { name: 'Letzte 2 Wochen', checked: true }).waitFor();
    const total = text(await page.getByTestId('stats-total').textContent());
    expect(total).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
    await page.getByRole('img', { name: /Tage, insgesamt/ }).waitFor();
    await screenshot(page, 'dashboard-stats');
    await page.close();
  });

  it('downloads the QR code as a 400x400 PNG and as SVG, both decoding to the tip link', async () => {
    const page = await staff.newPage();
    await openSignedIn(page, e2e.server, anna.email);
    await page.getByRole('tab', { name: 'QR-Code' }).click();
    await page.getByRole('heading', { name: 'Mein QR-Code' }).waitFor();
    const link = `${e2e.server.url}/t/${annaPoint.uid}`;
    expect(text(await page.getByTestId('qr-link').textContent())).toBe(link);
    expect(text(await page.getByTestId('qr-uid').textContent())).toBe(annaPoint.uid);
    expect(await page.getByRole('button', { name: /Apple Wallet · Demnächst/ }).isDisabled()).toBe(
      true,
    );

    const [pngDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PNG Download' }).click(),
    ]);
    expect(pngDownload.suggestedFilename()).toBe(`qr-code-${annaPoint.uid}-Anna-Schneider.png`);
    const png = PNG.sync.read(readFileSync((await pngDownload.path())!));
    expect([png.width, png.height]).toEqual([400, 400]);
    expect([png.data[0], png.data[1], png.data[2]]).toEqual([255, 255, 255]);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);
    await page.getByText('QR-Code wurde als PNG gespeichert.').waitFor();

    const [svgDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'SVG Download' }).click(),
    ]);
    expect(svgDownload.suggestedFilename()).toBe(`qr-code-${annaPoint.uid}-Anna-Schneider.svg`);
    const svg = readFileSync((await svgDownload.path())!, 'utf8');
    expect(svg).toMatch(/^<svg /);
    // Render the downloaded SVG in the browser and decode what it draws.
    const viewer = await staff.newPage();
    await viewer.setViewportSize({ width: 420, height: 420 });
    await viewer.setContent(
      `<body style="margin:0;background:#fff"><img id="qr" width="400" height="400" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body>`,
    );
    const rendered = PNG.sync.read(await viewer.locator('#qr').screenshot());
    expect(jsQR(new Uint8ClampedArray(rendered.data), rendered.width, rendered.height)?.data).toBe(
      link,
    );
    await viewer.close();

    const [preview] = await Promise.all([
      staff.waitForEvent('page'),
      page.getByRole('link', { name: 'Vorschau' }).click(),
    ]);
    await preview.waitForLoadState();
    expect(preview.url()).toBe(link);
    await preview.close();
    await page.close();
  });

  it('creates a personal QR code from the empty state', async () => {
    const page = await staff.newPage();
    await openSignedIn(page, e2e.server, david.email);
    await e2e.server.deps.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.id, davidPoint.id));
    await page.getByRole('tab', { name: 'QR-Code' }).click();
    await page.getByText('Kein QR-Code vorhanden').waitFor();
    await page.getByRole('button', { name: 'QR-Code erstellen' }).click();
    await page.getByText('Ihr neuer QR-Code wurde erfolgreich generiert.').waitFor();
    await expect
      .poll(async () => text(await page.getByTestId('qr-uid').textContent()))
      .toMatch(/^david-wagner-[a-z2-9]{10}$/);
    await page.close();
  });

  it('edits the profile in the settings and explains payouts in demo mode', async () => {
    const page = await staff.newPage();
    await openSignedIn(page, e2e.server, david.email);
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Einstellungen' });
    await dialog.getByLabel('Position').fill('Chef-Concierge');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Profil gespeichert').waitFor();
    await page.getByText('Chef-Concierge').first().waitFor();
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await page.getByTestId('payout-demo-note').waitFor();
    expect(text(await page.getByTestId('payout-demo-note').textContent())).toContain(
      'Demo-Zahlungsanbieter',
    );
    await page.close();
  });
});
