import { AUDIT_ACTION_LABELS } from '../audit';
import type { AuditPayloads, ProfileField } from '../audit-events';
import type { AuditFacts, Presenters, Said } from './facts';
import { counted, fieldNames, quoted, roleName, textOf } from './words';

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

function deactivated(person: string | null): Said {
  return {
    sentence: `${person ?? 'Eine Person'} wurde deaktiviert und abgemeldet.`,
    target: person,
  };
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

/** Sign-in, sessions, navigation, people's accounts, passwords and two-factor sign-in. */
export const accountPresenters: Presenters<
  | 'admin_login'
  | 'admin_logout'
  | 'admin_navigation'
  | 'session_timeout'
  | 'session_extended'
  | 'user_create'
  | 'user_update'
  | 'user_deactivate'
  | 'user_delete'
  | 'password_set'
  | 'password_change'
  | 'platform_admin_create'
  | 'two_factor_enable'
  | 'two_factor_disable'
  | 'two_factor_recovery_codes_regenerate'
  | 'two_factor_reset'
> = {
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
  password_set: (f) => passwordSaid('festgelegt', f),
  password_change: (f) => passwordSaid('geändert', f),
  platform_admin_create: (f) => {
    const email = f.text('email');
    return {
      sentence: `Plattform-Administrator${email ? ` ${email}` : ''} über die Kommandozeile angelegt (npm run admin:create).`,
      target: email,
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
      sentence: `Zwei-Faktor-Anmeldung ${who ? `von ${who}` : 'einer Person'} zurückgesetzt${f.text('method') === 'cli' ? ' (per Befehl auf dem Server)' : ''}; alle Sitzungen der Person wurden beendet.`,
      target: person ?? email,
    };
  },
};
