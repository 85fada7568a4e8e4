import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPE_LABELS,
  type AuditAction,
  type AuditTargetType,
} from './audit';
import type { AuditPayloads, BrandingField, PaymentPointField, ProfileField } from './audit-events';
import { formatCents, isCents } from './money';
import { PAYOUT_SCHEDULE_LABELS, type PayoutSchedule } from './payouts';
import { isRole, ROLE_LABELS } from './roles';
import { TEAM_SPLIT_RULE_LABELS, type TeamSplitRule } from './team-split';

/**
 * What an audit row says, in German (issue 30, decision 0340): its action's label, the target by
 * the name people know, one sentence with names, euro amounts and German dates, and the ids as
 * references to copy (never in the sentence). Used by the dashboard's audit log and the CSV.
 * Pure: it reads the row only, so rows written before a payload carried names still read well,
 * just with fewer names.
 */
export interface AuditDescription {
  label: string;
  /** The 'Ziel' column: "Anna Schneider", "Bezahlpunkt „Tisch 7“", "Trinkgeld 15,00 €". */
  target: string;
  sentence: string;
  references: AuditReference[];
}

export interface AuditReference {
  /** What the id identifies: "Trinkgeld", "Person", "Erstattung". */
  label: string;
  id: string;
}

/** The columns of a row the presenter reads. */
export interface AuditRowFacts {
  action: string;
  targetType: string | null;
  targetId: string | null;
  payload: unknown;
}

/** Every key any variant of a payload has (a presenter reads them by name, typo-safe). */
type KeysOf<P> = P extends unknown ? keyof P & string : never;

/**
 * A stored payload read defensively: each accessor checks the value's type and answers null
 * for a missing or odd one, so an older or unexpected row never shows "undefined" or throws.
 */
export class AuditFacts<P> {
  constructor(private readonly raw: Record<string, unknown>) {}

  value(key: KeysOf<P>): unknown {
    return this.raw[key];
  }

  /** A non-empty string. */
  text(key: KeysOf<P>): string | null {
    return textOf(this.raw[key]);
  }

  count(key: KeysOf<P>): number | null {
    const value = this.raw[key];
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
  }

  cents(key: KeysOf<P>): number | null {
    const value = this.raw[key];
    return isCents(value) ? value : null;
  }

  list(key: KeysOf<P>): unknown[] {
    const value = this.raw[key];
    return Array.isArray(value) ? value : [];
  }

  /** A `{ from, to }` pair, each side as stored. */
  change(key: KeysOf<P>): { from: unknown; to: unknown } | null {
    const value = this.raw[key];
    return isRecord(value) && ('from' in value || 'to' in value)
      ? { from: value.from, to: value.to }
      : null;
  }

  has(key: KeysOf<P>): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }

  /** The same row read as an older shape of the payload (rows written before a change). */
  legacy<L>(): AuditFacts<L> {
    return new AuditFacts<L>(this.raw);
  }
}

/** What one presenter says; the label and target fall back to the action's and the type's. */
interface Said {
  sentence: string;
  target?: string | null;
  references?: (AuditReference | null)[];
  /** Only where a stored row means another action (old deactivations). */
  label?: string;
  /** What the row's own target id is, where the target type does not say it. */
  targetReference?: string;
}

type Presenter<A extends AuditAction> = (
  facts: AuditFacts<AuditPayloads[A]>,
  row: AuditRowFacts,
) => Said;

// ---------------------------------------------------------------------------------------------
// German formatting

const TIME_ZONE = 'Europe/Berlin';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

const quoted = (text: string) => `„${text}“`;

/** "1 Sitzung", "3 Sitzungen". */
function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function euro(cents: number | null, currency: unknown = 'eur'): string | null {
  if (cents === null) return null;
  const code = typeof currency === 'string' && /^[a-z]{3}$/i.test(currency) ? currency : 'eur';
  return formatCents(cents, code);
}

/** Ends a quoted reason with exactly one full stop. */
function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

const dayFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'UTC',
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A calendar day YYYY-MM-DD as "Montag, 16.03.2026". */
function germanDay(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : dayFormat.format(date);
}

/** An instant as "14.03.2026 um 21:15 Uhr", in the businesses' time zone. */
function germanMoment(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${dateFormat.format(date)} um ${timeFormat.format(date)} Uhr`;
}

function timeText(value: unknown): string | null {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : null;
}

/** "Montag, 16.03.2026, 11:00–15:00", or "… (ganztägig)" without times. */
function shiftWhen(day: unknown, start: unknown, end: unknown, wholeDay = true): string | null {
  const date = germanDay(day);
  if (!date) return null;
  const from = timeText(start);
  const to = timeText(end);
  if (from && to) return `${date}, ${from}–${to}`;
  return wholeDay && start === null && end === null ? `${date} (ganztägig)` : date;
}

function roleName(value: unknown): string | null {
  return isRole(value) ? ROLE_LABELS[value] : null;
}

function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`;
}

/** Field names of a payload's `fields` list, in German, unknown ones left out. */
function fieldNames(values: unknown[], names: Record<string, string>): string[] {
  return values.flatMap((value) =>
    typeof value === 'string' && names[value] ? [names[value]] : [],
  );
}

function reference(label: string, id: unknown): AuditReference | null {
  const text = textOf(id);
  return text ? { label, id: text } : null;
}

// ---------------------------------------------------------------------------------------------
// Words for the codes payloads carry

const SIGN_IN_METHODS: Record<string, string> = {
  password: 'Passwort',
  magic_link: 'Magic Link',
  sign_up: 'der Registrierung',
};
const SECOND_FACTORS: Record<string, string> = {
  totp: 'Authenticator-App',
  recovery_code: 'Wiederherstellungscode',
};
const PASSWORD_WAYS: Record<string, string> = {
  link: 'über einen Link per E-Mail',
  onboarding: 'beim Vervollständigen des Profils',
  account: 'unter „Konto und Sicherheit“',
  cli: 'über die Kommandozeile',
};
const PROFILE_FIELDS: Record<ProfileField, string> = {
  fullName: 'Name',
  jobTitle: 'Berufsbezeichnung',
  thankYouMessage: 'Dankesnachricht',
  profileImageUrl: 'Profilbild',
  role: 'Rolle',
};
const POINT_FIELDS: Record<PaymentPointField, string> = {
  name: 'Name',
  label: 'Bezeichnung',
  description: 'Beschreibung',
  department: 'Abteilung',
  shift: 'Schicht',
};
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

/** Admin pages by the names their navigation gives them. */
const ADMIN_PAGES: Record<string, string> = {
  '/admin': 'Dashboard',
  '/admin/dashboard': 'Dashboard',
  '/admin/qr-codes': 'QR-Code Verwaltung',
  '/admin/qr-code-view': 'QR-Code Ansicht',
  '/admin/uid-management': 'UID-Verwaltung',
  '/admin/aio-settings': 'AiO Integration',
  '/admin/reports': 'Berichte & Statistiken',
  '/admin/payouts': 'Auszahlungen',
  '/admin/branding': 'Branding Verwaltung',
  '/admin/users': 'Benutzerverwaltung',
  '/admin/shifts': 'Dienstplan',
  '/admin/businesses': 'Betriebe',
};

function pageName(path: unknown): string | null {
  const text = textOf(path);
  if (!text) return null;
  const name = ADMIN_PAGES[text.split('?')[0]!.replace(/\/+$/, '') || '/'];
  return name ? quoted(name) : text;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces of several presenters

type PointFacts = AuditFacts<
  | AuditPayloads['entrypoint_create']
  | AuditPayloads['entrypoint_update']
  | AuditPayloads['entrypoint_activate']
  | AuditPayloads['entrypoint_deactivate']
  | AuditPayloads['entrypoint_regenerate_uid']
  | AuditPayloads['entrypoint_delete']
  | AuditPayloads['entrypoint_sync']
>;

/** "Bezahlpunkt „Tisch 7“", "Bezahlpunkt tisch-7-k7p2" or "Bezahlpunkt". */
function pointName(facts: PointFacts, uidKey: 'uid' | 'newUid' = 'uid'): string {
  const label = facts.text('label');
  if (label) return `Bezahlpunkt ${quoted(label)}`;
  const uid = facts.text(uidKey);
  return uid ? `Bezahlpunkt ${uid}` : 'Bezahlpunkt';
}

/** " (UID tisch-7-k7p2)" when the label names the point; the uid says it otherwise. */
function uidNote(facts: PointFacts): string {
  const uid = facts.text('uid');
  return uid && facts.text('label') ? ` (UID ${uid})` : '';
}

function businessName(name: string | null): string {
  return name ? `Betrieb ${quoted(name)}` : 'Betrieb';
}

function deactivated(person: string | null): Said {
  return {
    sentence: `${person ?? 'Eine Person'} wurde deaktiviert und abgemeldet.`,
    target: person,
  };
}

function sessionsEnded(n: number | null): string {
  if (!n) return '';
  return ` ${counted(n, 'Sitzung wurde', 'Sitzungen wurden')} beendet.`;
}

// ---------------------------------------------------------------------------------------------
// One presenter per action: a missing one is a type error (Record over every action).

export const AUDIT_PRESENTERS: { [A in AuditAction]: Presenter<A> } = {
  admin_login: (f) => {
    const method = SIGN_IN_METHODS[f.text('method') ?? ''];
    const factor = SECOND_FACTORS[f.text('secondFactor') ?? ''];
    if (!method) return { sentence: factor ? `Angemeldet mit ${factor}.` : 'Angemeldet.' };
    return { sentence: `Angemeldet mit ${method}${factor ? ` und ${factor}` : ''}.` };
  },
  admin_logout: () => ({ sentence: 'Abgemeldet.' }),
  admin_navigation: (f) => {
    const page = pageName(f.text('destination'));
    const from = pageName(f.text('from'));
    return {
      sentence: page ? `Seite ${page} geöffnet${from ? ` (von ${from})` : ''}.` : 'Seite geöffnet.',
      target: page ? `Seite ${page}` : null,
    };
  },
  session_timeout: (f) => {
    const seconds = f.count('timeout_duration');
    return {
      sentence:
        seconds && seconds % 60 === 0
          ? `Nach ${counted(seconds / 60, 'Minute', 'Minuten')} ohne Aktivität automatisch abgemeldet.`
          : 'Nach einer Zeit ohne Aktivität automatisch abgemeldet.',
    };
  },
  session_extended: () => ({ sentence: 'Sitzung vor ihrem Ablauf verlängert.' }),
  user_create: (f) => {
    const email = f.text('email');
    const role = roleName(f.value('role'));
    return {
      sentence: `${email ?? 'Eine Person'} ${role ? `als ${role} ` : ''}eingeladen (Einladungslink per E-Mail, 7 Tage gültig).`,
      target: email,
    };
  },
  user_update: (f) => {
    const person = f.text('personName');
    const role = f.change('role');
    const fields = f.list('fields');
    if (role && (fields.length === 0 || (fields.length === 1 && fields[0] === 'role'))) {
      const from = roleName(role.from);
      const to = roleName(role.to);
      const whose = person ? `von ${person}` : 'einer Person';
      return {
        sentence:
          from && to ? `Rolle ${whose} von ${from} zu ${to} geändert.` : `Rolle ${whose} geändert.`,
        target: person,
      };
    }
    const status = f.change('status');
    if (status?.to === 'active') {
      return {
        sentence: `${person ?? 'Eine Person'} wurde wieder aktiviert und kann sich wieder anmelden.`,
        target: person,
      };
    }
    if (f.text('invitation') === 'resent') {
      const who = f.text('email') ?? person;
      return {
        sentence: `Einladung${who ? ` an ${who}` : ''} erneut gesendet (7 Tage gültig).`,
        target: person ?? who,
      };
    }
    const names = fieldNames(fields, PROFILE_FIELDS);
    const roleChange =
      role && roleName(role.from) && roleName(role.to)
        ? ` Rolle von ${roleName(role.from)} zu ${roleName(role.to)}.`
        : '';
    return {
      sentence: `Profil ${person ? `von ${person}` : 'einer Person'} geändert${names.length ? `: ${names.join(', ')}` : ''}.${roleChange}`,
      target: person,
    };
  },
  user_deactivate: (f) => {
    const person = f.text('personName');
    const email = f.text('email');
    const who = person ? `${person}${email && email !== person ? ` (${email})` : ''}` : email;
    return { ...deactivated(who), target: person ?? email };
  },
  user_delete: (f) => {
    // Before user_deactivate existed, a deactivation was stored as user_delete with its status.
    const older = f.legacy<{ email: string; status: unknown }>();
    if (older.change('status')?.to === 'deactivated') {
      return { ...deactivated(older.text('email')), label: AUDIT_ACTION_LABELS.user_deactivate };
    }
    return {
      sentence: 'Konto auf eigenen Wunsch gelöscht; Name, Kontaktdaten und Bilder wurden entfernt.',
    };
  },
  qr_code_create: (f) => {
    const person = f.text('personName');
    const uid = f.text('uid');
    return {
      sentence: `Persönlicher QR-Code${person ? ` für ${person}` : ''} erstellt${uid ? ` (UID ${uid})` : ''}.`,
      target: person,
      references: [reference('Person', f.value('employeeId'))],
    };
  },
  qr_code_disable: (f) => {
    const person = f.text('personName');
    const uid = f.text('uid');
    return {
      sentence: `QR-Code${person ? ` von ${person}` : ''} deaktiviert${uid ? ` (UID ${uid})` : ''}.`,
      target: person,
    };
  },
  payment_reset: (f) => {
    const amount = euro(f.cents('amountCents'), f.value('currency'));
    return { sentence: `Zahlung${amount ? ` über ${amount}` : ''} zurückgesetzt.` };
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
  entrypoint_create: (f) => {
    const label = f.text('label');
    const uid = f.text('uid');
    const owner = f.text('targetName');
    const targetType = f.text('targetType');
    const name = label ? `Bezahlpunkt ${quoted(label)}` : 'Bezahlpunkt';
    const where = f.text('via') === 'qr_generator' ? ' im QR-Generator' : '';
    const forWhom = owner && targetType !== 'tenant' ? ` für ${owner}` : '';
    const owned = targetType === 'team' ? 'Team' : targetType === 'user' ? 'Person' : 'Betrieb';
    return {
      sentence: `${name}${forWhom}${where} erstellt${uid ? ` (UID ${uid})` : ''}.`,
      target: pointName(f),
      references: [reference(owned, f.value('targetId'))],
    };
  },
  entrypoint_update: (f) => {
    const names = fieldNames(f.list('fields'), POINT_FIELDS);
    return {
      sentence: `${pointName(f)}${uidNote(f)} geändert${names.length ? `: ${names.join(', ')}` : ''}.`,
      target: pointName(f),
    };
  },
  entrypoint_activate: (f) => ({
    sentence: `${pointName(f)}${uidNote(f)} aktiviert; Gäste können dort wieder Trinkgeld geben.`,
    target: pointName(f),
  }),
  entrypoint_deactivate: (f) => ({
    sentence: `${pointName(f)}${uidNote(f)} deaktiviert; Gäste sehen dort einen Hinweis statt der Trinkgeldseite.`,
    target: pointName(f),
  }),
  entrypoint_regenerate_uid: (f) => {
    const point = pointName(f, 'newUid');
    const fresh = f.text('newUid');
    const old = f.text('oldUid');
    if (!fresh) return { sentence: `Neue UID für ${point} erzeugt.`, target: point };
    return {
      sentence: `Neue UID ${fresh} für ${point}${old ? `; die alte UID ${old} gilt nicht mehr` : ''}.`,
      target: point,
    };
  },
  entrypoint_delete: (f) => ({
    sentence: `${pointName(f)}${uidNote(f)} gelöscht; seine Trinkgelder bleiben erhalten.`,
    target: pointName(f),
  }),
  entrypoint_sync: (f) => {
    const action = f.text('action');
    const done =
      action === 'created' ? 'angelegt' : action === 'updated' ? 'aktualisiert' : 'synchronisiert';
    return {
      sentence: `${pointName(f)}${uidNote(f)} vom AiO-Dienst ${done}.`,
      target: pointName(f),
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
  team_create: (f) => {
    const name = f.text('name');
    const rule = TEAM_SPLIT_RULE_LABELS[f.text('splitRule') as TeamSplitRule];
    return {
      sentence: `${name ? `Team ${quoted(name)}` : 'Team'} angelegt${rule ? ` (Aufteilung: ${rule})` : ''}.`,
      target: name ? `Team ${quoted(name)}` : null,
    };
  },
  team_update: (f) => {
    const rename = f.change('name');
    const newName = textOf(rename?.to);
    const oldName = textOf(rename?.from);
    const current = f.text('teamName') ?? newName;
    const team = current ? `Team ${quoted(current)}` : 'Team';
    const members = f.list('members');
    if (members.length > 0 || (f.has('members') && !f.has('fields'))) {
      const named = members.flatMap((member) => {
        if (!isRecord(member)) return [];
        const name = textOf(member.personName);
        const weight = typeof member.weight === 'number' ? member.weight : null;
        return name
          ? [weight !== null ? `${name} (${counted(weight, 'Punkt', 'Punkte')})` : name]
          : [];
      });
      return {
        sentence:
          named.length === members.length && named.length > 0
            ? `Mitglieder von ${team} festgelegt: ${named.join(', ')}.`
            : `Mitglieder von ${team} festgelegt: ${counted(members.length, 'Person', 'Personen')}.`,
        target: team,
      };
    }
    const parts: string[] = [];
    if (oldName && newName && oldName !== newName) {
      parts.push(`umbenannt von ${quoted(oldName)} in ${quoted(newName)}`);
    }
    const rule = f.change('splitRule');
    const ruleTo = TEAM_SPLIT_RULE_LABELS[rule?.to as TeamSplitRule];
    if (ruleTo) parts.push(`Aufteilung jetzt: ${ruleTo}`);
    else if (f.list('fields').includes('splitRule')) parts.push('Aufteilung geändert');
    return {
      sentence: parts.length ? `${team} geändert: ${parts.join('; ')}.` : `${team} geändert.`,
      target: team,
    };
  },
  team_delete: (f) => {
    const name = f.text('name');
    return {
      sentence: `${name ? `Team ${quoted(name)}` : 'Team'} gelöscht; die Trinkgelder des Teams bleiben erhalten.`,
      target: name ? `Team ${quoted(name)}` : null,
    };
  },
  payment_refund: (f) => {
    const amount = euro(f.cents('amountCents'), f.value('currency'));
    const tip = amount ? `ein Trinkgeld über ${amount}` : 'ein Trinkgeld';
    const reason = f.text('reason');
    const references = [
      reference('Zuerst bezahltes Trinkgeld', f.value('paidTipId')),
      reference('Später-zahlen-Link', f.value('payLaterLinkId')),
      reference('Erstattung', f.value('refundId')),
    ];
    if (reason === 'held_for_review') {
      const review = f.text('review');
      return {
        sentence: `Angehaltenes Trinkgeld${amount ? ` über ${amount}` : ''} dem Gast vollständig erstattet.${review ? ` Angehalten, weil: ${asSentence(review)}` : ''}`,
        target: amount ? `Trinkgeld ${amount}` : null,
        references,
      };
    }
    const why =
      reason === 'pay_later_paid_twice'
        ? ': Das Trinkgeld war schon bezahlt und wurde über den Später-zahlen-Link ein zweites Mal bezahlt'
        : reason === 'paid_twice'
          ? ': Das Trinkgeld war schon bezahlt und wurde ein zweites Mal bezahlt'
          : '';
    return {
      sentence: `Zahlung für ${tip} dem Gast vollständig erstattet${why}.`,
      target: amount ? `Trinkgeld ${amount}` : null,
      references,
    };
  },
  shift_assign: (f) => {
    const { person, when, where } = shiftFacts(f);
    return {
      sentence: `${person ?? 'Eine Person'}${when ? ` für ${when}` : ''} ${where} eingeteilt.`,
      target: person,
      references: shiftReferences(f),
    };
  },
  shift_unassign: (f) => {
    const { person, when, where } = shiftFacts(f);
    return {
      sentence: `Dienst ${person ? `von ${person}` : 'einer Person'}${when ? ` am ${when}` : ''} ${where} entfernt.`,
      target: person,
      references: shiftReferences(f),
    };
  },
  shift_copy_week: (f) => {
    const name = f.text('targetName');
    const team = f.text('targetKind') === 'team';
    const where = name ? (team ? ` im Team ${quoted(name)}` : ` an ${quoted(name)}`) : '';
    const from = germanDay(f.value('fromDay'));
    const to = germanDay(f.value('toDay'));
    const copied = f.count('copied');
    const removed = f.count('removed');
    const counts =
      copied !== null
        ? `: ${counted(copied, 'Dienst', 'Dienste')} übernommen${removed ? `, ${counted(removed, 'Dienst', 'Dienste')} ersetzt` : ''}`
        : '';
    return {
      sentence:
        from && to
          ? `Dienstplan${where} der Woche ab ${from} in die Woche ab ${to} kopiert${counts}.`
          : `Dienstplan${where} in die Folgewoche kopiert${counts}.`,
      target: name ? (team ? `Team ${quoted(name)}` : `Bezahlpunkt ${quoted(name)}`) : null,
      targetReference: team ? 'Team' : 'Bezahlpunkt',
    };
  },
  pool_tip_assign: (f) => {
    const amount = euro(f.cents('amountCents'), f.value('currency'));
    const person = f.text('personName');
    const details = [f.text('pointLabel'), germanMoment(f.value('paidAt'))]
      .map((part, index) => (part && index === 1 ? `bezahlt am ${part}` : part))
      .filter(Boolean);
    return {
      sentence: `Trinkgeld${amount ? ` über ${amount}` : ''}${details.length ? ` (${details.join(', ')})` : ''} aus dem Pool ${person ? `an ${person} gegeben` : 'vergeben'}.`,
      target: amount ? `Trinkgeld ${amount}` : null,
      references: [reference('Person', f.value('profileId'))],
    };
  },
  payout_batch_run: (f) => {
    const total = euro(f.cents('totalCents'));
    const transfers = f.count('transfers');
    const skipped = f.count('skipped');
    const to = transfers !== null ? ` an ${counted(transfers, 'Person', 'Personen')}` : '';
    return {
      sentence: `Auszahlung${total ? ` von ${total}` : ''}${to} gestartet${skipped ? `; ${counted(skipped, 'Person', 'Personen')} ohne Auszahlungskonto übersprungen` : ''}.`,
      target: total ? `Auszahlung ${total}` : null,
    };
  },
  payout_schedule_update: (f) => {
    const from = PAYOUT_SCHEDULE_LABELS[f.text('from') as PayoutSchedule];
    const to = PAYOUT_SCHEDULE_LABELS[f.text('to') as PayoutSchedule];
    return {
      sentence:
        from && to
          ? `Auszahlungsrhythmus von ${from.toLowerCase()} auf ${to.toLowerCase()} geändert.`
          : to
            ? `Auszahlungsrhythmus auf ${to.toLowerCase()} gestellt.`
            : 'Auszahlungsrhythmus geändert.',
      target: 'Auszahlungen',
    };
  },
  instant_payout_request: (f) => {
    const cents = f.cents('amountCents');
    const fee = f.cents('feeCents');
    const amount = euro(cents);
    const arrives = cents !== null && fee !== null ? euro(cents - fee) : null;
    return {
      sentence: `Sofortauszahlung${amount ? ` von ${amount}` : ''} angefordert${arrives ? `; nach ${euro(fee)} Gebühr kommen ${arrives} an` : ''}.`,
      target: amount ? `Sofortauszahlung ${amount}` : null,
      references: [reference('Auszahlung an die Person', f.value('payoutId'))],
    };
  },
  held_tip_release: (f) => {
    const amount = euro(f.cents('amountCents'), f.value('currency'));
    const reason = f.text('reason');
    return {
      sentence: `Angehaltenes Trinkgeld${amount ? ` über ${amount}` : ''} zur Auszahlung freigegeben.${reason ? ` Angehalten, weil: ${asSentence(reason)}` : ''}`,
      target: amount ? `Trinkgeld ${amount}` : null,
    };
  },
  password_set: (f) => passwordSaid('festgelegt', f),
  password_change: (f) => passwordSaid('geändert', f),
  platform_admin_create: (f) => {
    const email = f.text('email');
    return {
      sentence: `Plattform-Administrator${email ? ` ${email}` : ''} über die Kommandozeile angelegt (npm run admin:create).`,
      target: email,
    };
  },
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
  two_factor_enable: () => ({
    sentence: 'Zwei-Faktor-Anmeldung mit einer Authenticator-App eingeschaltet.',
  }),
  two_factor_disable: (f) => {
    const factor = f.text('secondFactor');
    return {
      sentence: `Zwei-Faktor-Anmeldung ausgeschaltet${factor === 'recovery_code' ? ' (bestätigt mit einem Wiederherstellungscode)' : factor === 'totp' ? ' (bestätigt mit der Authenticator-App)' : ''}.`,
    };
  },
  two_factor_recovery_codes_regenerate: () => ({
    sentence: 'Neue Wiederherstellungscodes erzeugt; die bisherigen gelten nicht mehr.',
  }),
  two_factor_reset: (f) => {
    const person = f.text('personName');
    const email = f.text('email');
    const who = person ? `${person}${email && email !== person ? ` (${email})` : ''}` : email;
    return {
      sentence: `Zwei-Faktor-Anmeldung ${who ? `von ${who}` : 'einer Person'} zurückgesetzt; alle Sitzungen der Person wurden beendet.`,
      target: person ?? email,
    };
  },
};

function brandingValue(key: string, value: unknown): string | null {
  const text = textOf(value);
  if (!text) return null;
  if (key === 'language') return BRANDING_LANGUAGES[text] ?? text;
  if (key === 'tonality') return BRANDING_TONALITIES[text] ?? text;
  return text;
}

type ShiftFacts = AuditFacts<AuditPayloads['shift_assign']>;

function shiftFacts(f: ShiftFacts) {
  const person = f.text('personName');
  const name = f.text('targetName');
  const team = f.text('targetKind') === 'team';
  const where = team
    ? name
      ? `im Team ${quoted(name)}`
      : 'in einem Team'
    : name
      ? `an ${quoted(name)}`
      : 'an einem Bezahlpunkt';
  const when = shiftWhen(f.value('day'), f.value('startTime'), f.value('endTime'));
  return { person, when, where };
}

function shiftReferences(f: ShiftFacts): (AuditReference | null)[] {
  return [
    reference(f.text('targetKind') === 'team' ? 'Team' : 'Bezahlpunkt', f.value('targetId')),
    reference('Person', f.value('profileId')),
  ];
}

function passwordSaid(
  done: 'festgelegt' | 'geändert',
  f: AuditFacts<AuditPayloads['password_set'] | AuditPayloads['password_change']>,
): Said {
  const way = PASSWORD_WAYS[f.text('method') ?? ''];
  const ended = f.count('otherSessionsEnded');
  return {
    sentence: `Passwort${way ? ` ${way}` : ''} ${done}${ended ? `; ${counted(ended, 'andere Sitzung', 'andere Sitzungen')} beendet` : ''}.`,
  };
}

// ---------------------------------------------------------------------------------------------

/** The label of a row's own target as a reference; admin pages are paths, not ids. */
const REFERENCE_LABELS: Record<AuditTargetType, string | null> = {
  ...AUDIT_TARGET_TYPE_LABELS,
  security: 'Benutzer',
  page: null,
};

function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

function targetTypeLabel(type: string | null): string | null {
  return type ? (AUDIT_TARGET_TYPE_LABELS[type as AuditTargetType] ?? null) : null;
}

/** What one audit row says (see AuditDescription). */
export function describeAuditEntry(row: AuditRowFacts): AuditDescription {
  const ownLabel = (said?: Said) =>
    said?.targetReference ??
    (row.targetType ? REFERENCE_LABELS[row.targetType as AuditTargetType] : undefined) ??
    'Ziel';
  if (!isAuditAction(row.action)) {
    const own = row.targetType !== 'page' ? reference(ownLabel(), row.targetId) : null;
    return {
      label: row.action,
      target: targetTypeLabel(row.targetType) ?? '—',
      sentence: 'Aktion ohne Beschreibung.',
      references: own ? [own] : [],
    };
  }
  const facts = new AuditFacts<AuditPayloads[AuditAction]>(
    isRecord(row.payload) ? row.payload : {},
  );
  const presenter = AUDIT_PRESENTERS[row.action] as Presenter<AuditAction>;
  const said = presenter(facts, row);
  const own = row.targetType !== 'page' ? reference(ownLabel(said), row.targetId) : null;
  const references: AuditReference[] = [];
  for (const candidate of [own, ...(said.references ?? [])]) {
    if (candidate && !references.some((known) => known.id === candidate.id)) {
      references.push(candidate);
    }
  }
  return {
    label: said.label ?? AUDIT_ACTION_LABELS[row.action],
    target: said.target ?? targetTypeLabel(row.targetType) ?? '—',
    sentence: said.sentence.replace(/ {2,}/g, ' '),
    references,
  };
}
