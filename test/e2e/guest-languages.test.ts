import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branding, paymentEntrypoints, users } from '../../src/server/db/schema';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { horizontalOverflow, spillingLabels } from './support/page-checks';
import { trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

/** The guest pages speak the browser's language (five of them), at 390 px. */
const e2e = useE2E({ seeded: false });

let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
/** The codes guests scan: the hotel's four people's, its Hausteam's, and Lena's at the café. */
const code = { anna: '', ben: '', clara: '', david: '', hausteam: '', lena: '' };

beforeAll(async () => {
  const { db } = e2e.server.deps.database;
  hotel = await createBusiness(db, {
    name: 'Hotel Seeblick',
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'Ben Müller', jobTitle: 'Kellner' },
      { fullName: 'Clara Fischer', jobTitle: 'Barkeeperin' },
      { fullName: 'David Wagner', jobTitle: 'Concierge' },
    ],
    // David is in two teams: his page offers the first by name, not the first made.
    teams: [
      { name: 'Rezeption & Concierge', members: [0, 3] },
      { name: 'Hausteam', members: [0, 1, 2, 3], splitRule: 'weighted' },
    ],
    points: ['person', 'person', 'person', 'person', 'team', 'team', 'object', 'business'],
  });
  const [anna, ben, clara, david, , hausteam, bar] = hotel.points;
  Object.assign(code, {
    anna: anna!.uid,
    ben: ben!.uid,
    clara: clara!.uid,
    david: david!.uid,
    hausteam: hausteam!.uid,
  });
  // The bar counter is an object (its tips go to whoever is on shift): never offered for David.
  await db
    .update(paymentEntrypoints)
    .set({ label: 'Hotelbar Tresen', metadata: { name: 'Hotelbar Tresen' } })
    .where(eq(paymentEntrypoints.id, bar!.id));

  cafe = await createBusiness(db, {
    name: 'Café Morgenrot',
    employees: [{ fullName: 'Lena Hoffmann', jobTitle: 'Barista' }],
    points: ['person'],
  });
  code.lena = cafe.points[0]!.uid;
});

/** A phone 390 px wide whose browser speaks this language (German without one). */
const phone = (locale?: string) =>
  e2e.context({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    ...(locale ? { locale } : {}),
  });

const text = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

interface Journey {
  locale: string;
  lang: string;
  heading: string;
  preset: string;
  continueTo: string;
  paymentTitle: string;
  feeLabel: RegExp;
  messageLabel: string;
  card: string;
  /** The demo checkout's pay button, in the guest's language too. */
  checkoutPay: string;
  success: string;
  tip: string;
  contribution: string;
  feedback: string;
  skip: string;
  thankYou: string;
  totalPaid: string;
  back: string;
  privacy: string;
  privacyHeading: string;
}

const journeys: Journey[] = [
  {
    locale: 'en-GB',
    lang: 'en',
    heading: 'Leave a tip',
    preset: '€10',
    continueTo: 'Continue to payment · €10.00',
    paymentTitle: 'Payment method',
    feeLabel: /platform costs of €0\.45/,
    messageLabel: 'Personal message (optional)',
    card: 'Pay by card',
    checkoutPay: 'Pay',
    success: 'Thank you for your appreciation!',
    tip: '€10.00',
    contribution: 'Plus your service contribution to the platform: €0.45Total paid: €10.45',
    feedback: 'Anything else you’d like to say?',
    skip: 'Skip',
    thankYou: 'Thank you!',
    totalPaid: '€10.45',
    back: 'Back to the tip page',
    privacy: 'Privacy',
    privacyHeading: 'Privacy policy',
  },
  {
    locale: 'fr-FR',
    lang: 'fr',
    heading: 'Laisser un pourboire',
    preset: '10 €',
    continueTo: 'Continuer vers le paiement · 10,00 €',
    paymentTitle: 'Moyen de paiement',
    feeLabel: /frais de plateforme de 0,45/,
    messageLabel: 'Message personnel (facultatif)',
    card: 'Payer par carte',
    checkoutPay: 'Payer',
    success: 'Merci pour votre reconnaissance !',
    tip: '10,00 €',
    contribution:
      'En plus, votre contribution de service à la plateforme : 0,45 €Total payé : 10,45 €',
    feedback: 'Vous voulez ajouter quelque chose ?',
    skip: 'Passer',
    thankYou: 'Merci !',
    totalPaid: '10,45 €',
    back: 'Retour à la page de pourboire',
    privacy: 'Confidentialité',
    privacyHeading: 'Politique de confidentialité',
  },
];

async function payOnDemandCheckout(page: Page, uid: string, j: Journey): Promise<void> {
  await page.getByRole('button', { name: j.card }).click();
  await page.waitForURL('**/checkout/demo/**');
  // The demo checkout stands in for the provider's hosted page and speaks the guest's language.
  await page.getByRole('button', { name: j.checkoutPay, exact: true }).click();
  await page.waitForURL(`**/t/${uid}**`);
}

describe('guest languages', () => {
  it.each(journeys)('pays a tip with every step in the browser language $lang', async (j) => {
    const context = await phone(j.locale);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const uid = j.lang === 'en' ? code.anna : code.clara;
    await page.goto(`/t/${uid}`);

    await page.getByRole('heading', { name: j.heading, level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(j.lang);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('button', { name: j.preset, exact: true }).click();
    await page.getByRole('button', { name: j.continueTo }).click();

    await page.getByRole('heading', { name: j.paymentTitle }).waitFor();
    await page.getByLabel(j.feeLabel).check();
    await page.getByLabel(j.messageLabel).fill('Merci / thanks');
    await payOnDemandCheckout(page, uid, j);

    await page.getByRole('heading', { name: j.success }).waitFor();
    expect(text(await page.getByTestId('success-tip-amount').textContent())).toBe(j.tip);
    expect(text(await page.getByTestId('success-contribution').textContent())).toBe(j.contribution);
    const dialog = page.getByRole('dialog', { name: j.feedback });
    await dialog.getByRole('button', { name: j.skip }).click();

    await page.waitForURL('**/thank-you?tipId=**');
    await page.getByRole('heading', { name: j.thankYou }).waitFor();
    expect(text(await page.getByTestId('thank-you-amount').textContent())).toBe(j.totalPaid);
    await page.getByRole('link', { name: j.back }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);

    // The legal pages follow the guest's language.
    await page.getByRole('link', { name: j.privacy }).click();
    await page.getByRole('heading', { name: j.privacyHeading, level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('remembers the language chosen in the switch, over the browser language', async () => {
    const context = await phone('en-US');
    const page = await context.newPage();
    await page.goto(`/t/${code.ben}`);
    await page.getByRole('heading', { name: 'Leave a tip', level: 2 }).waitFor();
    await page.getByLabel('Language').selectOption('it');
    await page.getByRole('heading', { name: 'Lascia una mancia', level: 2 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Lascia una mancia', level: 2 }).waitFor();
    await page.getByLabel('Lingua').selectOption('de');
    await page.getByRole('heading', { name: 'Trinkgeld geben', level: 2 }).waitFor();
    expect(await page.getByRole('button', { name: '5 €', exact: true }).count()).toBe(1);
    await context.close();
  });

  it.each([
    {
      locale: 'en-GB',
      gone: 'No longer available',
      team: 'Tip the Hausteam team',
      otherTeamOfDavid: 'Tip the Rezeption & Concierge team',
      // The hotel as a whole (its pool), named as its page is titled.
      business: 'Tip Hotel Seeblick',
      object: 'Tip Hotelbar Tresen',
      note: 'Your tip is split by points among 3 staff members.',
      other: 'fr',
      otherTeam: "Donner un pourboire à l'équipe Hausteam",
      otherNote: 'Votre pourboire est réparti selon des points entre 3 employés.',
    },
    {
      locale: 'fr-FR',
      gone: 'Plus joignable',
      team: "Donner un pourboire à l'équipe Hausteam",
      otherTeamOfDavid: "Donner un pourboire à l'équipe Rezeption & Concierge",
      business: 'Donner un pourboire à Hotel Seeblick',
      object: 'Donner un pourboire à Hotelbar Tresen',
      note: 'Votre pourboire est réparti selon des points entre 3 employés.',
      other: 'en',
      otherTeam: 'Tip the Hausteam team',
      otherNote: 'Your tip is split by points among 3 staff members.',
    },
  ])(
    "a deactivated person's page offers the team in $locale; its labels and the team's note follow the switch at once",
    async (j) => {
      // David no longer works here: his personal tip page offers his team and the hotel.
      const { db } = e2e.server.deps.database;
      const david = eq(users.id, hotel.employees[3]!.id);
      await db.update(users).set({ disabledAt: new Date() }).where(david);
      try {
        const context = await phone(j.locale);
        const page = await context.newPage();
        const errors = trackPageErrors(page);
        const response = await page.goto(`/t/${code.david}`);
        expect(response?.status()).toBe(410);
        await page.getByRole('heading', { name: j.gone, level: 1 }).waitFor();
        await page.getByRole('link', { name: j.business, exact: true }).waitFor();
        await page.getByRole('link', { name: j.otherTeamOfDavid, exact: true }).waitFor();
        expect(await page.getByRole('link', { name: j.object }).count()).toBe(0);
        expect(await page.getByText(/Trinkgeld|Bitte/).count()).toBe(0);
        expect(await horizontalOverflow(page)).toBe(0);
        // Every offer's label wraps inside its button at 390 px.
        expect(await spillingLabels(page)).toEqual([]);

        // The switch renames the offered pages without a reload.
        await page.getByRole('link', { name: j.team }).waitFor();
        await page.getByRole('combobox').first().selectOption(j.other);
        await page.getByRole('link', { name: j.otherTeam }).waitFor();
        await page.getByRole('combobox').first().selectOption(j.locale.slice(0, 2));
        await page.getByRole('link', { name: j.team }).click();

        await page.waitForURL(`**/t/${code.hausteam}`);
        const note = page.getByTestId('receiver-note');
        expect(text(await note.textContent())).toBe(j.note);
        await page.getByRole('combobox').first().selectOption(j.other);
        await page.getByTestId('receiver-note').getByText(j.otherNote).waitFor();
        expect(await horizontalOverflow(page)).toBe(0);
        expect(errors).toEqual([]);
        await context.close();
      } finally {
        await db.update(users).set({ disabledAt: null }).where(david);
      }
    },
  );

  it("a deactivated person's page in German offers his teams and the hotel, labels inside their buttons", async () => {
    const { db } = e2e.server.deps.database;
    const david = eq(users.id, hotel.employees[3]!.id);
    await db.update(users).set({ disabledAt: new Date() }).where(david);
    try {
      const context = await phone('de-DE');
      const page = await context.newPage();
      const response = await page.goto(`/t/${code.david}`);
      expect(response?.status()).toBe(410);
      await page.getByRole('heading', { name: 'Nicht mehr erreichbar', level: 1 }).waitFor();
      const offers = await page.locator('main a[href^="/t/"]').allTextContents();
      expect(offers.map(text)).toEqual([
        'Dem Team Hausteam Trinkgeld geben',
        'Dem Team Rezeption & Concierge Trinkgeld geben',
        'Hotel Seeblick Trinkgeld geben',
      ]);
      expect(await spillingLabels(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await context.close();
    } finally {
      await db.update(users).set({ disabledAt: null }).where(david);
    }
  });

  it('says a pay-later link that could not be made for want of a network in English', async () => {
    const context = await phone('en-GB');
    const page = await context.newPage();
    await page.goto(`/t/${code.ben}`);
    await page.getByRole('button', { name: '€5', exact: true }).click();
    await page.getByRole('button', { name: 'Continue to payment · €5.00' }).click();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL('**/checkout/demo/**');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL(`**/t/${code.ben}**`);
    await page
      .getByRole('heading', { name: 'Unfortunately the payment could not be completed' })
      .waitFor();

    await page.route('**/api/guest/pay-later-links', (route) =>
      route.abort('internetdisconnected'),
    );
    await page.getByRole('button', { name: 'Pay later' }).click();
    await page.getByText('Connection problem').waitFor();
    expect(await page.getByText('Verbindungsproblem').count()).toBe(0);
    await context.close();
  });

  it('sends the pages the browser renders with language, title and no-script note in English', async () => {
    const pages = [
      ['/qr-error', 'QR code not valid'],
      ['/error/invalid-uid', 'Invalid UID'],
      [`/thank-you?tipId=${randomUUID()}`, 'Thank you'],
    ];
    for (const [path, title] of pages) {
      const response = await fetch(`${e2e.server.url}${path}`, {
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toContain('accept-language');
      const html = await response.text();
      expect(html).toContain('<html lang="en"');
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain('<noscript>Please enable JavaScript to leave a tip.</noscript>');
      expect(html).toMatch(/<script type="module"[^>]*src="\/assets\/guest-/);
    }
    const german = await (await fetch(`${e2e.server.url}/qr-error`)).text();
    expect(german).toContain('<html lang="de"');
    expect(german).toContain('<title>QR-Code nicht gültig</title>');
  });

  it("falls back to the business's branding language for a browser language the pages do not speak", async () => {
    // Café Morgenrot greets its guests in Spanish unless their browser speaks one of the five.
    const { db } = e2e.server.deps.database;
    await db
      .insert(branding)
      .values({ businessId: cafe.id, language: 'es' })
      .onConflictDoUpdate({ target: branding.businessId, set: { language: 'es' } });

    const dutch = await phone('nl-NL');
    const page = await dutch.newPage();
    await page.goto(`/t/${code.lena}`);
    await page.getByRole('heading', { name: 'Dejar una propina', level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await dutch.close();

    // A browser that speaks one of the five wins over the business's language.
    const german = await phone();
    const other = await german.newPage();
    await other.goto(`/t/${code.lena}`);
    await other.getByRole('heading', { name: 'Trinkgeld geben', level: 2 }).waitFor();
    await german.close();
  });
});
