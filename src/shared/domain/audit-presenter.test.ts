import { describe, expect, expectTypeOf, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from './audit';
import type { AuditEvent, AuditPayloads } from './audit-events';
import {
  AUDIT_PRESENTERS,
  type AuditDescription,
  type AuditRowFacts,
  describeAuditEntry,
} from './audit-presenter';

const PERSON = '5f0c8a1e-1111-4111-8111-111111111111';
const TIP = '7b1d2c3e-2222-4222-8222-222222222222';
const POINT = '9a8b7c6d-3333-4333-8333-333333333333';
const TEAM = '1c2d3e4f-4444-4444-8444-444444444444';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** A row as the log stores it; the payload is typed by its action. */
function row<A extends AuditAction>(
  action: A,
  payload: AuditPayloads[A],
  target: Partial<Pick<AuditRowFacts, 'targetType' | 'targetId'>> = {},
): AuditRowFacts {
  return { action, targetType: null, targetId: null, payload, ...target };
}

/** An older row: whatever was stored then (ids, no names), untyped. */
function stored(
  action: string,
  payload: Record<string, unknown>,
  target: Partial<Pick<AuditRowFacts, 'targetType' | 'targetId'>> = {},
): AuditRowFacts {
  return { action, targetType: null, targetId: null, payload, ...target };
}

/** Sentences use a no-break space before '€' and between number and unit; tests read plain. */
function said(description: AuditDescription): string {
  return description.sentence.replace(/\u00a0/g, ' ');
}

describe('every audit action is complete', () => {
  it('has its own German label, a presenter and a payload type', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action], action).toMatch(/^[A-ZÄÖÜ]/);
      expect(typeof AUDIT_PRESENTERS[action], action).toBe('function');
    }
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    expect(Object.keys(AUDIT_PRESENTERS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    // The records are typed by action, so a new action without either does not compile.
    expectTypeOf(AUDIT_ACTION_LABELS).toEqualTypeOf<Record<AuditAction, string>>();
    expectTypeOf<keyof AuditPayloads>().toEqualTypeOf<AuditAction>();
    expectTypeOf<AuditEvent['action']>().toEqualTypeOf<AuditAction>();
    expectTypeOf<keyof typeof AUDIT_PRESENTERS>().toEqualTypeOf<AuditAction>();
  });

  it('says something readable for every action, even for a row stored without its facts', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const payload of [{}, { unexpected: { nested: true } }]) {
        const description = describeAuditEntry(stored(action, payload, { targetId: PERSON }));
        expect(description.label, action).toBe(AUDIT_ACTION_LABELS[action]);
        expect(description.sentence, action).toMatch(/^[A-ZÄÖÜ„].*\.$/);
        expect(description.sentence, action).not.toMatch(
          /undefined|null|NaN|\[object|—|unexpected/,
        );
        expect(description.sentence, action).not.toMatch(UUID);
        expect(description.target, action).not.toMatch(UUID);
      }
    }
  });

  it('keeps ids out of the sentence: they are references to copy', () => {
    const description = describeAuditEntry(
      stored(
        'pool_tip_assign',
        { profileId: PERSON, amountCents: 1500 },
        {
          targetType: 'tip',
          targetId: TIP,
        },
      ),
    );
    expect(said(description)).toBe('Trinkgeld über 15,00 € aus dem Pool vergeben.');
    expect(description.sentence).not.toMatch(/profileId|amountCents/);
    expect(description.references).toEqual([
      { label: 'Trinkgeld', id: TIP },
      { label: 'Person', id: PERSON },
    ]);
  });
});

describe('deactivation and deletion', () => {
  it('logs a deactivation as its own action, with the person’s name', () => {
    const description = describeAuditEntry(
      row(
        'user_deactivate',
        {
          personName: 'Anna Schneider',
          email: 'anna@hotel.de',
          status: { from: 'active', to: 'deactivated' },
        },
        { targetType: 'user', targetId: PERSON },
      ),
    );
    expect(description).toEqual({
      label: 'Benutzer deaktiviert',
      target: 'Anna Schneider',
      sentence: 'Anna Schneider (anna@hotel.de) wurde deaktiviert und abgemeldet.',
      references: [{ label: 'Benutzer', id: PERSON }],
    });
  });

  it('reads an older deactivation, stored as user_delete, as a deactivation', () => {
    const description = describeAuditEntry(
      stored(
        'user_delete',
        { email: 'anna@hotel.de', status: { from: 'active', to: 'deactivated' } },
        { targetType: 'user', targetId: PERSON },
      ),
    );
    expect(description.label).toBe('Benutzer deaktiviert');
    expect(description.target).toBe('anna@hotel.de');
    expect(description.sentence).toBe('anna@hotel.de wurde deaktiviert und abgemeldet.');
  });

  it('keeps user_delete for an employee’s own erasure, which names nobody', () => {
    const description = describeAuditEntry(
      row('user_delete', { reason: 'own_request' }, { targetType: 'user', targetId: PERSON }),
    );
    expect(description.label).toBe('Benutzer gelöscht');
    expect(description.sentence).toBe(
      'Konto auf eigenen Wunsch gelöscht; Name, Kontaktdaten und Bilder wurden entfernt.',
    );
  });
});

describe('Benutzer geändert says what changed', () => {
  const target = { targetType: 'user' as const, targetId: PERSON };

  it('a role', () => {
    const description = describeAuditEntry(
      row(
        'user_update',
        {
          personName: 'Anna Schneider',
          fields: ['role'],
          role: { from: 'employee', to: 'business_owner' },
        },
        target,
      ),
    );
    expect(description.sentence).toBe(
      'Rolle von Anna Schneider von Mitarbeiter zu Geschäftsinhaber geändert.',
    );
    expect(description.target).toBe('Anna Schneider');
    // An older row without the name still says what changed.
    expect(
      describeAuditEntry(
        stored(
          'user_update',
          { fields: ['role'], role: { from: 'business_owner', to: 'employee' } },
          target,
        ),
      ).sentence,
    ).toBe('Rolle einer Person von Geschäftsinhaber zu Mitarbeiter geändert.');
  });

  it('a reactivation, a resent invitation and a profile edit', () => {
    expect(
      describeAuditEntry(
        row(
          'user_update',
          { personName: 'Ben Müller', status: { from: 'deactivated', to: 'active' } },
          target,
        ),
      ).sentence,
    ).toBe('Ben Müller wurde wieder aktiviert und kann sich wieder anmelden.');
    expect(
      describeAuditEntry(
        stored('user_update', { status: { from: 'deactivated', to: 'active' } }, target),
      ).sentence,
    ).toBe('Eine Person wurde wieder aktiviert und kann sich wieder anmelden.');
    expect(
      describeAuditEntry(
        row(
          'user_update',
          { personName: 'lena@hotel.de', email: 'lena@hotel.de', invitation: 'resent' },
          target,
        ),
      ).sentence,
    ).toBe('Einladung an lena@hotel.de erneut gesendet (7 Tage gültig).');
    expect(
      describeAuditEntry(
        row(
          'user_update',
          { personName: 'Clara Weber', fields: ['fullName', 'jobTitle'] },
          { targetType: 'profile', targetId: PERSON },
        ),
      ).sentence,
    ).toBe('Profil von Clara Weber geändert: Name, Berufsbezeichnung.');
  });
});

describe('money, shifts and payouts in German', () => {
  it('a pool assignment with its euro amount, place and time', () => {
    const description = describeAuditEntry(
      row(
        'pool_tip_assign',
        {
          profileId: PERSON,
          personName: 'Anna Schneider',
          amountCents: 1500,
          currency: 'eur',
          pointLabel: 'Hotelbar Tresen',
          paidAt: '2026-03-14T20:15:00.000Z',
        },
        { targetType: 'tip', targetId: TIP },
      ),
    );
    expect(said(description)).toBe(
      'Trinkgeld über 15,00 € (Hotelbar Tresen, bezahlt am 14.03.2026 um 21:15 Uhr) aus dem Pool an Anna Schneider gegeben.',
    );
    expect(said(description).replace(/ /g, ' ')).toContain('15,00 €');
    expect(description.target.replace(/\u00a0/g, ' ')).toBe('Trinkgeld 15,00 €');
  });

  it('a shift on a point for a time, and on a team for the whole day', () => {
    const shift = {
      targetKind: 'point' as const,
      targetId: POINT,
      targetName: 'Hotelbar Tresen',
      profileId: PERSON,
      personName: 'Anna Schneider',
      day: '2026-03-16',
      startTime: '11:00',
      endTime: '15:00',
    };
    const assigned = describeAuditEntry(
      row('shift_assign', shift, { targetType: 'shift', targetId: TEAM }),
    );
    expect(assigned.sentence).toBe(
      'Anna Schneider für Montag, 16.03.2026, 11:00–15:00 an „Hotelbar Tresen“ eingeteilt.',
    );
    expect(assigned.target).toBe('Anna Schneider');
    expect(assigned.references.map((r) => r.label)).toEqual(['Dienst', 'Bezahlpunkt', 'Person']);
    expect(
      describeAuditEntry(
        row('shift_assign', {
          ...shift,
          targetKind: 'team',
          targetName: 'Service',
          personName: 'Ben Müller',
          day: '2026-03-17',
          startTime: null,
          endTime: null,
        }),
      ).sentence,
    ).toBe('Ben Müller für Dienstag, 17.03.2026 (ganztägig) im Team „Service“ eingeteilt.');
    expect(describeAuditEntry(row('shift_unassign', shift)).sentence).toBe(
      'Dienst von Anna Schneider am Montag, 16.03.2026, 11:00–15:00 an „Hotelbar Tresen“ entfernt.',
    );
    // The defect's row: 'day · endTime · targetKind' with ids only.
    const older = describeAuditEntry(
      stored('shift_unassign', {
        targetKind: 'point',
        targetId: POINT,
        profileId: PERSON,
        day: '2026-03-16',
      }),
    );
    expect(older.sentence).toBe(
      'Dienst einer Person am Montag, 16.03.2026 an einem Bezahlpunkt entfernt.',
    );
    expect(
      describeAuditEntry(
        row('shift_copy_week', {
          targetKind: 'point',
          targetName: 'Hotelbar Tresen',
          fromDay: '2026-03-09',
          toDay: '2026-03-16',
          copied: 5,
          removed: 1,
        }),
      ).sentence,
    ).toBe(
      'Dienstplan an „Hotelbar Tresen“ der Woche ab Montag, 09.03.2026 in die Woche ab Montag, 16.03.2026 kopiert: 5 Dienste übernommen, 1 Dienst ersetzt.',
    );
  });

  it('a payout run, an instant payout and a released tip', () => {
    expect(
      said(
        describeAuditEntry(
          row('payout_batch_run', { transfers: 3, totalCents: 24550, skipped: 1 }),
        ),
      ),
    ).toBe(
      'Auszahlung von 245,50 € an 3 Personen gestartet; 1 Person ohne Auszahlungskonto übersprungen.',
    );
    expect(
      said(
        describeAuditEntry(row('payout_batch_run', { transfers: 1, totalCents: 1000, skipped: 0 })),
      ),
    ).toBe('Auszahlung von 10,00 € an 1 Person gestartet.');
    expect(
      said(
        describeAuditEntry(
          row('instant_payout_request', { payoutId: TIP, amountCents: 5000, feeCents: 50 }),
        ),
      ),
    ).toBe('Sofortauszahlung von 50,00 € angefordert; nach 0,50 € Gebühr kommen 49,50 € an.');
    expect(
      said(
        describeAuditEntry(
          row('held_tip_release', {
            reason: 'Betrag weicht ab: erwartet 10,00 €, bezahlt 12,00 €.',
            amountCents: 1000,
            currency: 'eur',
          }),
        ),
      ),
    ).toBe(
      'Angehaltenes Trinkgeld über 10,00 € zur Auszahlung freigegeben. Angehalten, weil: Betrag weicht ab: erwartet 10,00 €, bezahlt 12,00 €.',
    );
  });

  it('a refund of a tip paid twice, and of a held one', () => {
    const paidTwice = describeAuditEntry(
      row(
        'payment_refund',
        {
          reason: 'pay_later_paid_twice',
          refundId: 're_demo_1',
          provider: 'demo',
          amountCents: 1000,
          platformFeeCents: 45,
          payLaterLinkId: POINT,
          paidTipId: PERSON,
        },
        { targetType: 'tip', targetId: TIP },
      ),
    );
    expect(said(paidTwice)).toBe(
      'Zahlung für ein Trinkgeld über 10,00 € dem Gast vollständig erstattet: Das Trinkgeld war schon bezahlt und wurde über den Später-zahlen-Link ein zweites Mal bezahlt.',
    );
    expect(paidTwice.references).toEqual([
      { label: 'Trinkgeld', id: TIP },
      { label: 'Zuerst bezahltes Trinkgeld', id: PERSON },
      { label: 'Später-zahlen-Link', id: POINT },
      { label: 'Erstattung', id: 're_demo_1' },
    ]);
    const held = describeAuditEntry(
      row('payment_refund', {
        reason: 'held_for_review',
        review: 'Währung weicht ab: erwartet EUR, bezahlt USD',
        refundId: 're_2',
        provider: 'stripe',
        amountCents: 2500,
        platformFeeCents: 45,
      }),
    );
    expect(said(held)).toBe(
      'Angehaltenes Trinkgeld über 25,00 € dem Gast vollständig erstattet. Angehalten, weil: Währung weicht ab: erwartet EUR, bezahlt USD.',
    );
  });
});

describe('API keys', () => {
  it('names the key, its scopes and expiry, and the address it was first used from', () => {
    expect(
      said(
        describeAuditEntry(
          row('api_key_create', {
            name: 'Lohnbüro',
            scopes: ['tips:read', 'staff:read'],
            expiresAt: '2026-12-31T22:59:59.999Z',
            prefix: 'tg_test_',
          }),
        ),
      ),
    ).toMatch(
      /^API-Schlüssel „Lohnbüro“ erstellt mit den Berechtigungen tips:read, staff:read, gültig bis .*2026.*\.$/,
    );
    expect(said(describeAuditEntry(row('api_key_revoke', { name: 'Lohnbüro' })))).toBe(
      'API-Schlüssel „Lohnbüro“ widerrufen; Anfragen mit ihm werden abgelehnt.',
    );
    expect(
      said(
        describeAuditEntry(
          row('api_key_new_address', { name: 'Lohnbüro', address: '203.0.113.7' }),
        ),
      ),
    ).toBe('API-Schlüssel „Lohnbüro“ zum ersten Mal von der Adresse 203.0.113.7 benutzt.');
  });
});

describe('webhook endpoints', () => {
  it('names the endpoint by its URL, what changed and the key that changed it', () => {
    const url = 'https://pms.example/hooks';
    expect(
      said(describeAuditEntry(row('webhook_endpoint_create', { url, eventTypes: ['tip.paid'] }))),
    ).toBe('Webhook-Endpunkt „https://pms.example/hooks“ hinzugefügt für tip.paid.');
    expect(
      said(
        describeAuditEntry(
          row('webhook_endpoint_update', {
            url,
            changed: ['description', 'enabled'],
            apiKey: 'Kasse',
          }),
        ),
      ),
    ).toBe(
      'Webhook-Endpunkt „https://pms.example/hooks“ geändert (Beschreibung) und aktiviert über den API-Schlüssel „Kasse“.',
    );
    expect(said(describeAuditEntry(row('webhook_endpoint_delete', { url })))).toBe(
      'Webhook-Endpunkt „https://pms.example/hooks“ gelöscht.',
    );
    expect(
      said(
        describeAuditEntry(
          row('webhook_endpoint_secret_roll', { url, previousUntil: '2026-05-02T10:00:00.000Z' }),
        ),
      ),
    ).toMatch(
      /^Secret von Webhook-Endpunkt „https:\/\/pms.example\/hooks“ erneuert; das bisherige gilt noch bis .*2026.*\.$/,
    );
    expect(
      said(
        describeAuditEntry(
          row('webhook_endpoint_replay', { url, eventId: 'msg_1', type: 'tip.paid' }),
        ),
      ),
    ).toBe(
      'Ereignis tip.paid msg_1 erneut an Webhook-Endpunkt „https://pms.example/hooks“ gesendet.',
    );
    expect(said(describeAuditEntry(row('webhook_endpoint_test', { url, eventId: 'msg_2' })))).toBe(
      'Testereignis an Webhook-Endpunkt „https://pms.example/hooks“ gesendet.',
    );
  });
});

describe('security and the operator console', () => {
  it('a two-factor reset names the person', () => {
    const reset = describeAuditEntry(
      row(
        'two_factor_reset',
        { personName: 'Anna Schneider', email: 'anna@hotel.de' },
        { targetType: 'user', targetId: PERSON },
      ),
    );
    expect(reset.sentence).toBe(
      'Zwei-Faktor-Anmeldung von Anna Schneider (anna@hotel.de) zurückgesetzt; alle Sitzungen der Person wurden beendet.',
    );
    expect(reset.target).toBe('Anna Schneider');
    expect(
      describeAuditEntry(stored('two_factor_reset', { email: 'anna@hotel.de' })).sentence,
    ).toBe(
      'Zwei-Faktor-Anmeldung von anna@hotel.de zurückgesetzt; alle Sitzungen der Person wurden beendet.',
    );
    expect(
      describeAuditEntry(row('two_factor_disable', { secondFactor: 'recovery_code' })).sentence,
    ).toBe('Zwei-Faktor-Anmeldung ausgeschaltet (bestätigt mit einem Wiederherstellungscode).');
    expect(
      describeAuditEntry(row('admin_login', { method: 'password', secondFactor: 'totp' })).sentence,
    ).toBe('Angemeldet mit Passwort und Authenticator-App.');
  });

  it('a business suspended, reactivated, closed and erased', () => {
    const target = { targetType: 'business' as const, targetId: TEAM };
    const suspended = describeAuditEntry(
      row(
        'business_suspend',
        { name: 'Hotel Adler', reason: 'Zahlungsverzug', sessionsEnded: 4 },
        target,
      ),
    );
    expect(suspended.sentence).toBe(
      'Betrieb „Hotel Adler“ gesperrt. Grund: Zahlungsverzug. 4 Sitzungen wurden beendet.',
    );
    expect(suspended.target).toBe('Betrieb „Hotel Adler“');
    expect(
      describeAuditEntry(
        row('business_suspend', { name: 'Hotel Adler', reason: 'Prüfung.', sessionsEnded: 1 }),
      ).sentence,
    ).toBe('Betrieb „Hotel Adler“ gesperrt. Grund: Prüfung. 1 Sitzung wurde beendet.');
    expect(
      describeAuditEntry(
        row('business_reactivate', {
          name: 'Hotel Adler',
          status: { from: 'suspended', to: 'active' },
          suspendedSince: '2026-03-01T09:00:00.000Z',
        }),
      ).sentence,
    ).toBe('Betrieb „Hotel Adler“ reaktiviert (gesperrt seit 01.03.2026 um 10:00 Uhr).');
    expect(
      describeAuditEntry(
        row('business_close', {
          name: 'Hotel Adler',
          status: { from: 'suspended', to: 'closed' },
          retentionDays: 90,
          sessionsEnded: 0,
        }),
      ).sentence,
    ).toBe(
      'Betrieb „Hotel Adler“ geschlossen. Personenbezogene Daten werden nach 90 Tagen gelöscht.',
    );
    expect(
      describeAuditEntry(
        row('business_erase', { people: 3, media: 1, messages: 5, retentionDays: 90 }),
      ).sentence,
    ).toBe(
      'Personenbezogene Daten nach 90 Tagen Aufbewahrung gelöscht: 3 Personen anonymisiert, 1 Bild und 5 Nachrichten entfernt.',
    );
  });

  it('pages by their names, payment points by label and uid', () => {
    const navigation = describeAuditEntry(
      row(
        'admin_navigation',
        { destination: '/admin/uid-management', from: '/admin/dashboard' },
        { targetType: 'page', targetId: '/admin/uid-management' },
      ),
    );
    expect(navigation.sentence).toBe('Seite „UID-Verwaltung“ geöffnet (von „Dashboard“).');
    expect(navigation.target).toBe('Seite „UID-Verwaltung“');
    expect(navigation.references).toEqual([]);
    const renewed = describeAuditEntry(
      row(
        'entrypoint_regenerate_uid',
        { label: 'Tisch 7', oldUid: 'tisch-7-aaaa', newUid: 'tisch-7-bbbb' },
        { targetType: 'entrypoint', targetId: POINT },
      ),
    );
    expect(renewed.sentence).toBe(
      'Neue UID tisch-7-bbbb für Bezahlpunkt „Tisch 7“; die alte UID tisch-7-aaaa gilt nicht mehr.',
    );
    expect(renewed.target).toBe('Bezahlpunkt „Tisch 7“');
    expect(
      describeAuditEntry(
        row('entrypoint_create', {
          uid: 'anna-fruehstueck-k7p2m9xq4d',
          type: 'person',
          label: 'Anna Frühstücksservice',
          targetType: 'user',
          targetId: PERSON,
          targetName: 'Anna Schneider',
        }),
      ).sentence,
    ).toBe(
      'Bezahlpunkt „Anna Frühstücksservice“ für Anna Schneider erstellt (UID anna-fruehstueck-k7p2m9xq4d).',
    );
    expect(
      describeAuditEntry(
        row(
          'team_update',
          {
            teamName: 'Service',
            members: [
              { profileId: PERSON, personName: 'Anna Schneider', weight: 1 },
              { profileId: TIP, personName: 'Ben Müller', weight: 2 },
            ],
          },
          { targetType: 'team', targetId: TEAM },
        ),
      ).sentence,
    ).toBe(
      'Mitglieder von Team „Service“ festgelegt: Anna Schneider (1 Punkt), Ben Müller (2 Punkte).',
    );
  });
});
