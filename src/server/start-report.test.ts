import { describe, expect, it } from 'vitest';
import { testConfig } from './config';
import { startReport, undeliverableMailDomain } from './start-report';

const production = testConfig({
  nodeEnv: 'production',
  publicOrigin: 'https://trinkgeld.example.com',
  databaseUrl: 'postgres://trinkgeld:streng-geheim@db.intern:5432/trinkgeld',
  paymentProvider: 'stripe',
  mailTransport: 'smtp',
  smtpUrl: 'smtp://mail.intern:587',
  mailFrom: 'Trinkgeld <no-reply@gasthof-sonne.de>',
  signup: 'closed',
  legal: {
    operator: 'Gasthof Sonne GmbH',
    address: 'Sonnenweg 1, 79098 Freiburg',
    register: 'HRB 1234, Amtsgericht Freiburg',
    contact: null,
    vatId: null,
    phone: null,
  },
});

describe('startReport', () => {
  it('names version, database without its password, payment provider and origin', () => {
    const report = startReport(production, '1.2.3');
    expect(report.lines[0]).toBe(
      'Trinkgeld läuft auf https://trinkgeld.example.com (Version 1.2.3, PostgreSQL db.intern:5432/trinkgeld, Zahlungsanbieter: stripe)',
    );
    expect(report.lines.join('\n')).not.toContain('streng-geheim');
    expect(report.lines[1]).toBe('Zusatzfunktionen: keine');
    expect(report.warnings).toEqual([]);
  });

  it('names the embedded database with its folder', () => {
    const report = startReport(
      testConfig({ databaseUrl: undefined, dataDir: '/srv/daten' }),
      '1.2.3',
    );
    expect(report.lines[0]).toContain('(Version 1.2.3, eingebettete Datenbank (/srv/daten), ');
  });

  it('lists the optional features that are on', () => {
    const report = startReport(
      {
        ...production,
        metricsToken: 'm'.repeat(32),
        appleWallet: {
          passTypeId: 'pass.x',
          teamId: 'ABCDE12345',
          certPath: '/c',
          keyPath: '/k',
          keyPassphrase: undefined,
          wwdrPath: '/w',
        },
        googleWallet: { issuerId: '1234567', serviceAccountPath: '/g' },
        signup: 'open',
        aioApiUrl: 'https://api.aio.example.com/graphql',
        aioApiToken: 'token',
        aioSyncSecret: 's'.repeat(16),
      },
      '1.2.3',
    );
    expect(report.lines[1]).toBe(
      'Zusatzfunktionen: Metriken (/metrics), Apple Wallet, Google Wallet, Registrierung (/registrieren), AiO (Abgleich und Empfang)',
    );
  });

  it('warns in German in production: demo payments, http origin, undeliverable sender, legal gaps', () => {
    const report = startReport(
      {
        ...production,
        paymentProvider: 'demo',
        publicOrigin: 'http://trinkgeld.example.com',
        mailFrom: 'Trinkgeld <no-reply@trinkgeld.local>',
        legal: {
          operator: null,
          address: null,
          register: null,
          contact: null,
          vatId: null,
          phone: null,
        },
      },
      '1.2.3',
    );
    expect(report.warnings).toEqual([
      'WARNUNG: Zahlungsanbieter demo: Gäste zahlen nicht wirklich. Für echte Trinkgelder PAYMENT_PROVIDER=stripe mit STRIPE_SECRET_KEY und STRIPE_WEBHOOK_SECRET setzen.',
      'WARNUNG: PUBLIC_ORIGIN beginnt mit http://: Anmeldung und Zahlung brauchen https://. PUBLIC_ORIGIN=https://… setzen.',
      'WARNUNG: MAIL_FROM nennt die Domain trinkgeld.local, an die keine Antwort zugestellt werden kann; Mailserver lehnen solche Absender oft ab. Eine Adresse der eigenen Domain setzen.',
      'WARNUNG: Impressum und Datenschutz zeigen Platzhalter: LEGAL_OPERATOR, LEGAL_ADDRESS, LEGAL_REGISTER setzen.',
    ]);
  });

  it('warns about nothing outside production', () => {
    const report = startReport(testConfig({ paymentProvider: 'demo' }), '1.2.3');
    expect(report.warnings).toEqual([]);
  });
});

describe('undeliverableMailDomain', () => {
  it('finds reserved and local domains', () => {
    for (const [from, domain] of [
      ['Trinkgeld <no-reply@trinkgeld.local>', 'trinkgeld.local'],
      ['no-reply@trinkgeld.example', 'trinkgeld.example'],
      ['a@example.com', 'example.com'],
      ['a@mail.example.org', 'mail.example.org'],
      ['a@localhost', 'localhost'],
      ['a@server.test', 'server.test'],
      ['a@intranet', 'intranet'],
    ] as const) {
      expect(undeliverableMailDomain(from), from).toBe(domain);
    }
  });

  it('accepts real domains', () => {
    for (const from of ['Trinkgeld <no-reply@gasthof-sonne.de>', 'hallo@trinkgeld.app']) {
      expect(undeliverableMailDomain(from), from).toBeNull();
    }
  });
});
