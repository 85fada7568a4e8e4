import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness } from '../../../../test/support/factories';
import { DEFAULT_THANK_YOU_MESSAGE } from '../../../shared/domain/constants';
import { guestCatalogue as de } from '../../../shared/i18n/guest-de';
import { guestCatalogue as en } from '../../../shared/i18n/guest-en';
import { guestCatalogue as es } from '../../../shared/i18n/guest-es';
import { guestCatalogue as fr } from '../../../shared/i18n/guest-fr';
import { guestCatalogue as it_ } from '../../../shared/i18n/guest-it';
import { GUEST_LOCALES } from '../../../shared/i18n/guest-locale';
import { GUEST_SERVER_TEXTS } from '../../../shared/i18n/guest-server';
import { businesses, paymentEntrypoints, profiles, users } from '../../db/schema';
import { readableText } from '../../../../test/support/markup';

/**
 * What the server says on a guest's page or API answer is in the guest's language,
 * including a deactivated person's page and the pages it offers instead (decision 0270).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const catalogues = { de, en, fr, es, it: it_ };
const asEnglish = { 'accept-language': 'en-GB,en;q=0.9' };
/** The JSON the page hydrates from, as the browser reads it. */
const initialOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="guest-initial">([^<]*)<\/script>/.exec(html)![1]!,
  );
const textOf = readableText;

async function deactivatedPerson(points: ('person' | 'team' | 'business')[]) {
  const shop = await createBusiness(t.database.db, {
    employees: 2,
    teams: [{ name: 'Küche', members: [0, 1] }],
    points,
  });
  await t.database.db
    .update(users)
    .set({ disabledAt: t.clock.now() })
    .where(eq(users.id, shop.employees[0]!.id));
  return shop;
}

describe('a deactivated person’s page in the guest’s language', () => {
  it('offers the team and the business as facts; the API and the page name them in English and French', async () => {
    const shop = await deactivatedPerson(['person', 'team', 'business']);
    const code = shop.points[0]!.uid;
    const alternatives = [
      { path: `/t/${shop.points[1]!.uid}`, kind: 'team', name: 'Küche' },
      // Named as the page it opens is titled: the point's label.
      { path: `/t/${shop.points[2]!.uid}`, kind: 'business', name: shop.points[2]!.label },
    ];

    const api = await t.inject({ url: `/api/guest/codes/${code}`, headers: asEnglish });
    expect(api.statusCode).toBe(410);
    expect(api.json().error).toEqual({
      code: 'recipient_deactivated',
      title: en.pages.tipPage.personGone.title,
      message: en.pages.tipPage.personGone.description,
      alternatives,
    });

    for (const locale of ['en', 'fr'] as const) {
      const page = await t.app.inject({ url: `/t/${code}?lang=${locale}` });
      expect(page.statusCode).toBe(410);
      const texts = catalogues[locale].pages.tipPage;
      const body = textOf(page.body);
      expect(body).toContain(`<html lang="${locale}"`);
      expect(body).toContain(`<title>${texts.personGone.title}</title>`);
      expect(body).toContain(texts.personGone.description);
      expect(body).toContain(texts.tipTeam('Küche'));
      expect(body).toContain(texts.tipBusiness(shop.points[2]!.label));
      expect(body).not.toMatch(/Trinkgeld|Bitte/);
      expect(initialOf(page.body).problem).toEqual({ kind: 'person-gone', alternatives });
    }
  });

  it('without a team or business page asks the guest to see the staff, in every language', async () => {
    const shop = await deactivatedPerson(['person']);
    const code = shop.points[0]!.uid;
    for (const locale of GUEST_LOCALES) {
      const { personGone } = catalogues[locale].pages.tipPage;
      const api = await t.inject({
        url: `/api/guest/codes/${code}`,
        headers: { cookie: `trinkgeld_lang=${locale}` },
      });
      expect(api.json().error).toMatchObject({
        title: personGone.title,
        message: personGone.alone,
        alternatives: [],
      });
      const page = await t.app.inject({ url: `/t/${code}?lang=${locale}` });
      expect(page.statusCode).toBe(410);
      expect(textOf(page.body)).toContain(personGone.alone);
      if (locale !== 'de') expect(textOf(page.body)).not.toMatch(/Trinkgeld|Bitte/);
    }
  });
});

describe('the other guest error pages in all five languages', () => {
  it('answer an unknown, an inactive, an orphaned code and a closed business in the page’s language', async () => {
    const inactive = await createBusiness(t.database.db, { points: ['object'] });
    await t.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.id, inactive.points[0]!.id));
    const closed = await createBusiness(t.database.db, { points: ['object'] });
    await t.database.db
      .update(businesses)
      .set({ active: false })
      .where(eq(businesses.id, closed.id));
    const cases = [
      {
        code: 't-gibt-es-nicht-42',
        status: 404,
        api: 'code_not_found',
        words: (c: typeof de) => c.pages.invalidUid.title,
      },
      {
        code: inactive.points[0]!.uid,
        status: 410,
        api: 'code_inactive',
        words: (c: typeof de) => c.pages.tipPage.codeInactive.title,
      },
      {
        code: closed.points[0]!.uid,
        status: 403,
        api: 'business_deactivated',
        words: (c: typeof de) => c.pages.tipPage.deactivated.title,
      },
    ] as const;
    for (const locale of GUEST_LOCALES) {
      for (const { code, status, api: apiCode, words } of cases) {
        const page = await t.app.inject({ url: `/t/${code}?lang=${locale}` });
        expect(page.statusCode).toBe(status);
        expect(textOf(page.body)).toContain(words(catalogues[locale]));
        const api = await t.inject({
          url: `/api/guest/codes/${code}`,
          headers: { cookie: `trinkgeld_lang=${locale}` },
        });
        expect(api.statusCode).toBe(status);
        expect(api.json().error.title).toBe(GUEST_SERVER_TEXTS[locale].errors[apiCode].title);
      }
    }
  });
});

describe('texts the server sends for the page to say', () => {
  it('sends who receives as facts besides the note in the asked language', async () => {
    const shop = await createBusiness(t.database.db, { employees: 3, points: ['team', 'object'] });
    const team = await t.inject({
      url: `/api/guest/codes/${shop.points[0]!.uid}`,
      headers: asEnglish,
    });
    expect(team.json()).toMatchObject({
      receiver: { kind: 'team', rule: 'equal', members: 3, onShift: false },
      receiverNote: en.first.receiver.equal(3),
    });
    const table = await t.inject({ url: `/api/guest/codes/${shop.points[1]!.uid}` });
    expect(table.json()).toMatchObject({
      // Nobody on shift and no team: the payment leaves it in the pool, and the page says so
      //.
      receiver: { kind: 'pool', businessName: shop.name },
      receiverNote: de.first.receiver.pool(shop.name),
    });
  });

  it('says a thank-you nobody changed in the guest’s language, and one somebody wrote as written', async () => {
    const shop = await createBusiness(t.database.db, {
      employees: 2,
      points: ['person', 'person'],
    });
    await t.database.db
      .update(profiles)
      .set({ thankYouMessage: 'Merci vielmals!' })
      .where(eq(profiles.id, shop.employees[1]!.id));
    const untouched = await t.app.inject({ url: `/t/${shop.points[0]!.uid}`, headers: asEnglish });
    expect(textOf(untouched.body)).toContain(`„${en.first.defaultThanks}“`);
    expect(textOf(untouched.body)).not.toContain(DEFAULT_THANK_YOU_MESSAGE);
    const own = await t.app.inject({ url: `/t/${shop.points[1]!.uid}`, headers: asEnglish });
    expect(textOf(own.body)).toContain('„Merci vielmals!“');
  });
});

describe('bad input to a guest endpoint', () => {
  it('is answered in the guest’s language, and German by default', async () => {
    const bad = { code: 'irgendwas', amountCents: 'zwölf' };
    const french = await t.inject({
      method: 'POST',
      url: '/api/guest/tips',
      headers: { 'accept-language': 'fr-FR' },
      payload: bad,
    });
    expect(french.statusCode).toBe(400);
    expect(french.json().error).toMatchObject({
      code: 'validation_failed',
      ...GUEST_SERVER_TEXTS.fr.errors.validation_failed,
    });
    const german = await t.inject({ method: 'POST', url: '/api/guest/tips', payload: bad });
    expect(german.json().error.title).toBe('Eingabefehler');
  });
});
