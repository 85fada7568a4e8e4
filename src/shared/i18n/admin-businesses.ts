import type { BusinessListSort, BusinessPlanState } from '../api/operator';
import type { Plan } from '../domain/plans';
import {
  INVITATION_DELIVERY_LABELS,
  type InvitationDeliveryState,
} from '../domain/invitation-delivery';
import { type PageRange, pageRangeText } from '../domain/page-range';
/** German texts of the operator console /admin/businesses ('Betriebe'). */
export const adminBusinessesTexts = {
  description:
    'Alle Betriebe der Plattform: anlegen, Inhaber einladen, sperren, reaktivieren und schließen.',
  create: 'Betrieb anlegen',
  search: 'Suche',
  searchPlaceholder: 'Name des Betriebs oder E-Mail eines Inhabers',
  empty: 'Noch kein Betrieb angelegt. Legen Sie den ersten Betrieb an.',
  noMatch: 'Kein Betrieb entspricht der Suche.',
  statusFilter: 'Status',
  allStatuses: 'Alle',
  sortLabel: 'Sortierung',
  sorts: {
    name: 'Name (A–Z)',
    created: 'Neueste zuerst',
    tips: 'Trinkgeld im Monat',
  } satisfies Record<BusinessListSort, string>,
  /** The rows this page shows, "26–27 von 27", above the table and in the pager. */
  shownRange: (range: PageRange) => pageRangeText(range, 'von'),
  previous: 'Vorherige Seite',
  next: 'Nächste Seite',
  monthNote: (month: string) => `Trinkgelder und Servicebeiträge im ${month} (Europe/Berlin).`,
  columns: {
    name: 'Betrieb',
    owners: 'Inhaber',
    staff: 'Aktive Mitarbeiter',
    points: 'Aktive Bezahlpunkte',
    tips: 'Trinkgeld (Monat)',
    fees: 'Servicebeiträge (Monat)',
    status: 'Status',
    plan: 'Tarif',
    created: 'Angelegt',
    actions: 'Aktionen',
  },
  /** The header's figure: monthly recurring revenue of paid Pro, net. */
  mrr: 'MRR (netto)',
  mrrHint:
    'Monatlich wiederkehrender Umsatz aller bezahlten Pro-Abonnements (aktiv oder mit offener Zahlung in der Nachfrist), ohne Umsatzsteuer.',
  /** A business's plan (decision 0610): its name, its state and until when. */
  plan: {
    names: { basis: 'Basis', pro: 'Pro' } satisfies Record<Plan, string>,
    states: {
      basis: 'Basis',
      trial: 'Testphase',
      active: 'aktiv',
      past_due: 'Zahlung offen',
      cancelled: 'gekündigt',
      granted: 'freigeschaltet',
    } satisfies Record<BusinessPlanState, string>,
    /** "Testphase bis 31.03.2026", "freigeschaltet bis 31.03.2026". */
    stateUntil: (state: string, date: string) => `${state} bis ${date}`,
    /** "gekündigt zum 31.03.2026": a cancelled subscription's last paid day. */
    stateOn: (state: string, date: string) => `${state} zum ${date}`,
    locations: (n: number) => (n === 1 ? '1 Standort' : `${n} Standorte`),
  },
  noOwner: 'Noch kein Inhaber',
  invited: 'eingeladen',
  /** Where the owner's invitation e-mail stands. */
  invitationDelivery: (state: InvitationDeliveryState) =>
    `Einladungs-E-Mail: ${INVITATION_DELIVERY_LABELS[state]}`,
  resendInvitation: 'Einladung erneut senden',
  resendFor: (email: string) => `Einladung erneut senden: ${email}`,
  /** The answer to a re-send, by where the new e-mail stands. */
  resent: (email: string, state: InvitationDeliveryState | null) =>
    state === 'delivered' || state === null
      ? `Einladung erneut an ${email} gesendet.`
      : `Die Einladung an ${email} konnte nicht zugestellt werden; sie wird erneut versucht.`,
  tipCount: (n: number) => (n === 1 ? '1 Trinkgeld' : `${n} Trinkgelder`),
  suspendedSince: (date: string) => `Gesperrt seit ${date}`,
  reason: (reason: string) => `Grund: ${reason}`,
  closedOn: (date: string) => `Geschlossen am ${date}`,
  erasedOn: (date: string) => `Personendaten gelöscht am ${date}`,
  erasureDue: (date: string) => `Personendaten werden am ${date} gelöscht`,
  actions: {
    menu: (name: string) => `Aktionen für ${name}`,
    inviteOwner: 'Inhaber einladen',
    suspend: 'Sperren',
    reactivate: 'Reaktivieren',
    close: 'Schließen',
    exports: 'Daten exportieren',
  },
  form: {
    createTitle: 'Betrieb anlegen',
    createDescription:
      'Pflichtfelder sind markiert. Der erste Inhaber erhält eine Einladung per E-Mail (7 Tage gültig).',
    name: 'Name',
    address: 'Adresse',
    addressHint: 'Straße, Hausnummer, PLZ und Ort',
    contactEmail: 'Kontakt-E-Mail',
    description: 'Beschreibung',
    legal: 'Rechtliche Angaben (optional)',
    legalForm: 'Rechtsform',
    legalFormHint: 'z. B. GmbH, GbR, Einzelunternehmen',
    registerEntry: 'Registereintrag',
    registerEntryHint: 'z. B. Amtsgericht Berlin HRB 12345',
    vatId: 'USt-IdNr.',
    ownerEmail: 'E-Mail des Inhabers',
    ownerEmailHint: 'Optional: Sie können den Inhaber auch später einladen.',
    saving: 'Wird angelegt...',
    submit: 'Anlegen',
  },
  created: (name: string) => `Betrieb „${name}“ angelegt.`,
  createdAndInvited: (name: string, email: string) =>
    `Betrieb „${name}“ angelegt, Einladung an ${email} gesendet.`,
  /** The owner's invitation e-mail could not be handed to the mail server. */
  createdInvitationPending: (name: string, email: string) =>
    `Betrieb „${name}“ angelegt. Die Einladung an ${email} konnte noch nicht zugestellt werden; sie wird erneut versucht.`,
  invite: {
    title: (name: string) => `Inhaber für „${name}“ einladen`,
    description:
      'Die Person erhält einen Anmeldelink (7 Tage gültig) und vervollständigt danach ihr Profil.',
    email: 'E-Mail',
    submit: 'Einladen',
    sending: 'Wird gesendet...',
    sent: (email: string) => `Einladung an ${email} gesendet.`,
    pending: (email: string) =>
      `Die Einladung an ${email} konnte noch nicht zugestellt werden; sie wird erneut versucht.`,
  },
  suspend: {
    title: (name: string) => `„${name}“ sperren?`,
    description:
      'Solange der Betrieb gesperrt ist, zeigen seine Trinkgeld-Seiten „Service nicht verfügbar“, neue Zahlungen und Auszahlungen ruhen, und seine Mitarbeiter und Inhaber werden sofort abgemeldet und können sich nicht anmelden.',
    reason: 'Grund',
    reasonHint: 'Wird im Audit-Log des Betriebs gespeichert.',
    submit: 'Sperren',
    saving: 'Wird gesperrt...',
    done: (name: string) => `„${name}“ ist gesperrt.`,
  },
  reactivate: {
    title: (name: string) => `„${name}“ reaktivieren?`,
    description:
      'Trinkgeld-Seiten, Zahlungen, Auszahlungen und Anmeldung funktionieren wieder. Beendete Sitzungen bleiben beendet: alle melden sich neu an.',
    submit: 'Reaktivieren',
    done: (name: string) => `„${name}“ ist wieder aktiv.`,
  },
  close: {
    title: (name: string) => `„${name}“ schließen`,
    exportStep: 'Schritt 1 von 2: Daten exportieren',
    exportText:
      'Laden Sie vor dem Schließen die Daten des Betriebs herunter. Nach der Aufbewahrungsfrist werden seine Personendaten gelöscht.',
    reportCsv: (from: string, to: string) => `Trinkgelder ${from} – ${to} (CSV)`,
    auditCsv: 'Audit-Log (CSV)',
    toConfirm: 'Weiter zum Schließen',
    confirmStep: 'Schritt 2 von 2: Schließen bestätigen',
    confirmText: (days: number) =>
      `Der Betrieb wird sofort wie ein gesperrter Betrieb behandelt und kann nicht wieder geöffnet werden. Nach ${days} Tagen löscht das System seine Personendaten; Trinkgelder bleiben anonymisiert für die Buchhaltung erhalten. Noch nicht ausgezahlte Trinkgelder müssen vorher ausgezahlt oder erstattet sein.`,
    confirmName: 'Name des Betriebs zur Bestätigung',
    back: 'Zurück zu den Exporten',
    submit: 'Endgültig schließen',
    saving: 'Wird geschlossen...',
    done: (name: string) => `„${name}“ ist geschlossen.`,
  },
  statusFailed: 'Status konnte nicht geändert werden.',
  /** The page of one business. */
  page: {
    back: 'Alle Betriebe',
    actInside: 'In diesem Betrieb arbeiten',
    details: 'Angaben',
    address: 'Adresse',
    contact: 'Kontakt-E-Mail',
    created: 'Angelegt',
    origin: 'Herkunft',
    origins: { signup: 'Selbstregistrierung', console: 'Betreiber-Konsole' },
    edit: 'Name und Kontakt bearbeiten',
    save: 'Speichern',
    saving: 'Wird gespeichert...',
    saved: 'Angaben gespeichert.',
    people: 'Inhaber und Mitarbeiter',
    noPeople: 'Noch niemand.',
    lastLogin: 'Letzte Anmeldung',
    never: 'noch nie',
    statuses: { active: 'aktiv', invited: 'eingeladen', deactivated: 'deaktiviert' },
    roles: { admin: 'Plattform-Administrator', business_owner: 'Inhaber', employee: 'Mitarbeiter' },
    points: 'Bezahlpunkte',
    noPoints: 'Noch keine Bezahlpunkte.',
    inactive: 'inaktiv',
    month: (month: string) => `Kennzahlen im ${month}`,
    tips: 'Trinkgeld',
    fees: 'Servicebeiträge',
    audit: 'Aktionen der Plattform-Administratoren',
    noAudit: 'Noch keine.',
  },
  /** The business page's 'Tarif' card with the operator's grant of Pro. */
  planCard: {
    title: 'Tarif',
    plan: 'Tarif',
    state: 'Stand',
    trialEndsAt: 'Testphase bis',
    periodEnd: 'Bezahlter Zeitraum bis',
    grantedUntil: 'Freigeschaltet bis',
    locations: 'Standorte',
    monthly: 'Monatlich (netto)',
    none: '–',
    grantTitle: 'Pro freischalten',
    grantDescription:
      'Pro bis einschließlich des gewählten Tages, unabhängig vom Abonnement (z. B. für einen Pilotbetrieb). Die Freischaltung steht mit dem Grund im Audit-Log des Betriebs.',
    until: 'bis',
    untilHint: 'Letzter Tag der Freischaltung (einschließlich).',
    reason: 'Grund',
    grant: 'Freischalten',
    granting: 'Wird freigeschaltet...',
    granted: (name: string, date: string) => `Pro für „${name}“ bis ${date} freigeschaltet.`,
    endTitle: 'Freischaltung beenden',
    endDescription:
      'Danach gilt wieder, was das Abonnement des Betriebs sagt (Testphase, bezahltes Pro oder Basis).',
    endReason: 'Grund für das Beenden',
    end: 'Freischaltung beenden',
    ending: 'Wird beendet...',
    ended: (name: string) => `Freischaltung für „${name}“ beendet.`,
  },
} as const;
