import type { BrandingField } from '../audit-events';
import type { Presenters } from './facts';
import { asSentence, counted, germanMoment, isRecord, listed, quoted, textOf } from './words';

const BRANDING_FIELDS: Record<BrandingField, string> = {
  primaryColor: 'Primärfarbe',
  secondaryColor: 'Sekundärfarbe',
  accentColor: 'Akzentfarbe',
  fontFamily: 'Schriftart',
  language: 'Sprache',
  tonality: 'Tonalität',
  companyName: 'Firmenname',
  thankYouMessage: 'Dankesnachricht',
  logoUrl: 'Logo',
};

/** Branding fields whose old and new values are short enough to show. */
const BRANDING_SHOWN: ReadonlySet<string> = new Set([
  'primaryColor',
  'secondaryColor',
  'accentColor',
  'fontFamily',
  'language',
  'tonality',
]);

const BRANDING_LANGUAGES: Record<string, string> = {
  de: 'Deutsch',
  en: 'Englisch',
  fr: 'Französisch',
  es: 'Spanisch',
  it: 'Italienisch',
};

const BRANDING_TONALITIES: Record<string, string> = {
  formal: 'förmlich',
  friendly: 'freundlich',
  casual: 'locker',
};

function businessName(name: string | null): string {
  return name ? `Betrieb ${quoted(name)}` : 'Betrieb';
}

function sessionsEnded(n: number | null): string {
  if (!n) return '';
  return ` ${counted(n, 'Sitzung wurde', 'Sitzungen wurden')} beendet.`;
}

function brandingValue(key: string, value: unknown): string | null {
  const text = textOf(value);
  if (!text) return null;
  if (key === 'language') return BRANDING_LANGUAGES[text] ?? text;
  if (key === 'tonality') return BRANDING_TONALITIES[text] ?? text;
  return text;
}

/** The business itself: sign-up, the operator console, settings, integration, branding, demo data. */
export const businessPresenters: Presenters<
  | 'business_signup'
  | 'setup_checklist_dismiss'
  | 'business_create'
  | 'business_update'
  | 'business_suspend'
  | 'business_reactivate'
  | 'business_close'
  | 'business_erase'
  | 'settings_update'
  | 'integration_test'
  | 'branding_update'
  | 'demo_data_generate'
> = {
  business_signup: (f) => {
    const name = f.text('businessName');
    const terms = f.text('termsVersion');
    const dpa = f.text('dpaVersion');
    return {
      sentence: `${businessName(name)} selbst registriert${terms && dpa ? `; AGB (Version ${terms}) und AVV (Version ${dpa}) akzeptiert` : ''}.`,
      target: businessName(name),
    };
  },
  setup_checklist_dismiss: (f) => {
    const progress = f.text('progress');
    return {
      sentence: `Einrichtungs-Checkliste ausgeblendet${progress ? ` (${progress} erledigt)` : ''}.`,
      target: 'Einrichtung',
    };
  },
  business_create: (f) => {
    const name = f.text('name');
    const contact = f.text('contactEmail');
    const owner = f.text('ownerEmail');
    return {
      sentence: `${businessName(name)} angelegt${contact ? ` (Kontakt: ${contact})` : ''}${owner ? `; Inhaber eingeladen: ${owner}` : ''}.`,
      target: businessName(name),
    };
  },
  business_update: (f) => {
    const change = (key: 'name' | 'contactEmail') => {
      const value = f.change(key);
      return value ? { from: textOf(value.from), to: textOf(value.to) } : null;
    };
    const name = change('name');
    const contact = change('contactEmail');
    const parts = [
      name ? `Name von ${quoted(name.from ?? '–')} auf ${quoted(name.to ?? '–')}` : '',
      contact ? `Kontakt-E-Mail von ${contact.from ?? '–'} auf ${contact.to ?? '–'}` : '',
    ].filter(Boolean);
    return {
      sentence: parts.length ? `${parts.join(', ')} geändert.` : 'Betriebsdaten geändert.',
      target: businessName(name?.to ?? null),
    };
  },
  business_suspend: (f) => {
    const name = f.text('name');
    const reason = f.text('reason');
    return {
      sentence: `${businessName(name)} gesperrt.${reason ? ` Grund: ${asSentence(reason)}` : ''}${sessionsEnded(f.count('sessionsEnded'))}`,
      target: businessName(name),
    };
  },
  business_reactivate: (f) => {
    const name = f.text('name');
    const since = germanMoment(f.value('suspendedSince'));
    return {
      sentence: `${businessName(name)} reaktiviert${since ? ` (gesperrt seit ${since})` : ''}.`,
      target: businessName(name),
    };
  },
  business_close: (f) => {
    const name = f.text('name');
    const days = f.count('retentionDays');
    return {
      sentence: `${businessName(name)} geschlossen.${sessionsEnded(f.count('sessionsEnded'))}${days ? ` Personenbezogene Daten werden nach ${counted(days, 'Tag', 'Tagen')} gelöscht.` : ''}`,
      target: businessName(name),
    };
  },
  business_erase: (f) => {
    const days = f.count('retentionDays');
    const people = f.count('people');
    const media = f.count('media');
    const messages = f.count('messages');
    const removed = [
      media !== null ? counted(media, 'Bild', 'Bilder') : null,
      messages !== null ? counted(messages, 'Nachricht', 'Nachrichten') : null,
    ].filter((part): part is string => part !== null);
    const parts = [
      people !== null ? `${counted(people, 'Person', 'Personen')} anonymisiert` : null,
      removed.length ? `${listed(removed)} entfernt` : null,
    ].filter(Boolean);
    return {
      sentence: `Personenbezogene Daten${days ? ` nach ${counted(days, 'Tag', 'Tagen')} Aufbewahrung` : ''} gelöscht${parts.length ? `: ${parts.join(', ')}` : ''}.`,
    };
  },
  settings_update: (f) => {
    const from = f.text('from');
    const to = f.text('to');
    if (f.value('reset') === true) {
      return {
        sentence: to
          ? `AiO-Tenant-ID auf den Standardwert ${quoted(to)} zurückgesetzt.`
          : 'AiO-Tenant-ID zurückgesetzt.',
        target: 'AiO Integration',
      };
    }
    return {
      sentence:
        from && to
          ? `AiO-Tenant-ID von ${quoted(from)} auf ${quoted(to)} geändert.`
          : to
            ? `AiO-Tenant-ID ${quoted(to)} eingetragen.`
            : 'AiO-Tenant-ID geändert.',
      target: 'AiO Integration',
    };
  },
  integration_test: (f) => {
    const error = f.text('error');
    const ok = f.text('status') === 'connected';
    return {
      sentence: ok
        ? 'Verbindung zum AiO-Dienst erfolgreich getestet.'
        : error
          ? `Verbindungstest zum AiO-Dienst fehlgeschlagen: ${asSentence(error)}`
          : 'Verbindung zum AiO-Dienst getestet.',
      target: 'AiO Integration',
    };
  },
  branding_update: (f) => {
    const changes = f.value('changes');
    const parts: string[] = [];
    if (isRecord(changes)) {
      for (const [key, change] of Object.entries(changes)) {
        const name = BRANDING_FIELDS[key as BrandingField];
        if (!name) continue;
        const shown = BRANDING_SHOWN.has(key) && isRecord(change);
        const from = shown ? brandingValue(key, change.from) : null;
        const to = shown ? brandingValue(key, change.to) : null;
        parts.push(from && to ? `${name} ${from} → ${to}` : name);
      }
    }
    return {
      sentence: parts.length
        ? `Branding der Gästeseiten geändert: ${parts.join(', ')}.`
        : 'Branding der Gästeseiten gespeichert.',
      target: 'Branding',
    };
  },
  demo_data_generate: (f) => {
    const created = f.count('created');
    const deleted = f.count('deleted');
    const made =
      created === null
        ? 'Demo-Bezahlpunkte erzeugt'
        : `${counted(created, 'Demo-Bezahlpunkt', 'Demo-Bezahlpunkte')} erzeugt`;
    return {
      sentence: `${made}${deleted ? `; ${counted(deleted, 'bisheriger Demo-Bezahlpunkt', 'bisherige Demo-Bezahlpunkte')} entfernt` : ''}.`,
    };
  },
};
