import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
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
      config: { legal: { operator: '<b>x</b>', address: null, register: null, contact: null } },
    });
    const response = await app.inject({ method: 'GET', url: '/impressum' });
    expect(response.body).toContain('&lt;b&gt;x&lt;/b&gt;');
    await app.close();
  });
});
