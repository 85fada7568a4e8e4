import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DPA_VERSION, TERMS_VERSION } from '../../../shared/domain/agreements';
import { legalConfigProblems } from './page';

let configured: TestApp;
let unset: TestApp;
beforeAll(async () => {
  [configured, unset] = await Promise.all([
    createTestApp({
      config: {
        legal: {
          operator: 'Seeblick Digital GmbH',
          address: 'Uferweg 1, 82319 Starnberg',
          register: 'Amtsgericht München, HRB 123456',
          contact: 'recht@seeblick.example',
          vatId: null,
          phone: null,
        },
      },
    }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([configured.close(), unset.close()]);
});

describe('legal pages', () => {
  it('fills the imprint from the configuration, as plain HTML without headers', async () => {
    const response = await configured.inject({ method: 'GET', url: '/impressum', headers: {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Impressum</h1>');
    expect(response.body).toContain('Seeblick Digital GmbH');
    expect(response.body).toContain('Amtsgericht München, HRB 123456');
    expect(response.body).toContain('href="/datenschutz"');
  });

  it('says what the guest page stores and for how long', async () => {
    const response = await configured.inject({ method: 'GET', url: '/datenschutz' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Datenschutzerklärung</h1>');
    expect(response.body).toContain('kein Konto');
    expect(response.body).toContain('keine IP-Adressen');
    expect(response.body).toContain('Zahlungsanbieter');
  });

  it('shows clear placeholders and names the missing settings when unset', async () => {
    const response = await unset.inject({ method: 'GET', url: '/impressum' });
    expect(response.body).toContain('[Betreiber eintragen: LEGAL_OPERATOR]');
    expect(legalConfigProblems(unset.config)).toEqual([
      'LEGAL_OPERATOR',
      'LEGAL_ADDRESS',
      'LEGAL_REGISTER',
    ]);
    expect(legalConfigProblems(configured.config)).toEqual([]);
  });

  it('escapes what the configuration holds', async () => {
    const app = await createTestApp({
      config: {
        legal: {
          operator: '<b>x</b>',
          address: null,
          register: null,
          contact: null,
          vatId: null,
          phone: null,
        },
      },
    });
    const response = await app.inject({ method: 'GET', url: '/impressum' });
    expect(response.body).toContain('&lt;b&gt;x&lt;/b&gt;');
    await app.close();
  });

  it.each([
    ['en', 'Legal notice', 'Privacy policy', 'no IP addresses'],
    ['fr', 'Mentions légales', 'Politique de confidentialité', 'ni adresses IP'],
    ['es', 'Aviso legal', 'Política de privacidad', 'No guardamos direcciones IP'],
    ['it', 'Note legali', 'Informativa sulla privacy', 'Non salviamo indirizzi IP'],
  ])('speaks %s when the guest pages ask for it', async (lang, imprint, privacy, noIp) => {
    const page = await configured.inject({ method: 'GET', url: `/impressum?lang=${lang}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<html lang="${lang}">`);
    expect(page.body).toContain(`<h1>${imprint}</h1>`);
    expect(page.body).toContain('Seeblick Digital GmbH');
    // The footer keeps the language.
    expect(page.body).toContain(`href="/datenschutz?lang=${lang}"`);
    const policy = await configured.inject({ method: 'GET', url: `/datenschutz?lang=${lang}` });
    expect(policy.body).toContain(`<h1>${privacy}</h1>`);
    expect(policy.body).toContain(noIp);
    expect(policy.headers['content-language']).toBe(lang);
  });

  it("follows the browser's language without ?lang=, and falls back to German", async () => {
    const french = await configured.inject({
      method: 'GET',
      url: '/datenschutz',
      headers: { 'accept-language': 'nl-NL, fr;q=0.8, de;q=0.5' },
    });
    expect(french.body).toContain('<h1>Politique de confidentialité</h1>');
    const dutch = await configured.inject({
      method: 'GET',
      url: '/datenschutz',
      headers: { 'accept-language': 'nl-NL' },
    });
    expect(dutch.body).toContain('<h1>Datenschutzerklärung</h1>');
    // An unknown code is no error: the page shows in German.
    const unknown = await configured.inject({ method: 'GET', url: '/impressum?lang=xx' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<h1>Impressum</h1>');
  });

  it("follows the guest's remembered language (cookie) and offers the language switch", async () => {
    // Italiano chosen on the tip page: the switch there sets the cookie.
    const italian = await configured.inject({
      method: 'GET',
      url: '/impressum',
      headers: { cookie: 'trinkgeld_lang=it', 'accept-language': 'de-DE' },
    });
    expect(italian.body).toContain('<html lang="it">');
    expect(italian.body).toContain('<h1>Note legali</h1>');
    expect(italian.headers.vary).toContain('cookie');
    // The switch: every guest language, the current one marked, each a plain link.
    for (const lang of ['de', 'en', 'fr', 'es', 'it']) {
      expect(italian.body).toContain(`href="/impressum?lang=${lang}"`);
    }
    expect(italian.body).toMatch(/<a[^>]*aria-current="true"[^>]*>Italiano<\/a>/);
    // A choice made here is remembered for the guest pages too.
    const chosen = await configured.inject({
      method: 'GET',
      url: '/datenschutz?lang=fr',
      headers: { cookie: 'trinkgeld_lang=it' },
    });
    expect(chosen.body).toContain('<h1>Politique de confidentialité</h1>');
    expect(String(chosen.headers['set-cookie'])).toContain('trinkgeld_lang=fr');
  });

  it('names the missing settings in the placeholders of every language', async () => {
    const response = await unset.inject({ method: 'GET', url: '/impressum?lang=en' });
    expect(response.body).toContain('[Enter operator: LEGAL_OPERATOR]');
  });

  it.each([
    ['/agb', 'Allgemeine Geschäftsbedingungen (AGB)', TERMS_VERSION, '§ 4 Entgelte', '/avv'],
    ['/avv', 'Vertrag zur Auftragsverarbeitung (AVV)', DPA_VERSION, 'Art. 28 DSGVO', '/agb'],
  ])(
    'serves %s, the contract of sign-up, with its version',
    async (url, title, version, part, other) => {
      const response = await configured.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-language']).toBe('de');
      expect(response.body).toContain(`<h1>${title}</h1>`);
      expect(response.body).toContain(`Version ${version}`);
      expect(response.body).toContain(part);
      expect(response.body).toContain('Seeblick Digital GmbH, Uferweg 1, 82319 Starnberg');
      expect(response.body).not.toContain('{operator}');
      expect(response.body).toContain(`href="${other}"`);
      const placeholders = await unset.inject({ method: 'GET', url });
      expect(placeholders.body).toContain('[Betreiber eintragen: LEGAL_OPERATOR]');
    },
  );
});
