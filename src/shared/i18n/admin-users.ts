import {
  INVITATION_DELIVERY_LABELS,
  type InvitationDeliveryState,
} from '../domain/invitation-delivery';
/** German texts of /admin/users. */
export const adminUsersTexts = {
  title: 'Benutzerverwaltung',
  description: 'Mitarbeitende einladen, Rollen vergeben, Konten deaktivieren.',
  search: 'Suche',
  searchPlaceholder: 'Name oder E-Mail',
  inviteTitle: 'Mitarbeiter einladen',
  inviteText:
    'Die Person erhält einen Anmeldelink per E-Mail (7 Tage gültig) und vervollständigt danach ihr Profil.',
  email: 'E-Mail',
  role: 'Rolle',
  invite: 'Einladen',
  inviting: 'Wird eingeladen...',
  invited: (email: string) => `Einladung an ${email} gesendet.`,
  /** The invitation e-mail's first attempt failed; the retry job tries again. */
  invitePending: (email: string) =>
    `Die Einladung an ${email} konnte nicht zugestellt werden; sie wird erneut versucht.`,
  inviteFailed: (email: string) =>
    `Die Einladung an ${email} konnte nicht zugestellt werden. Bitte prüfen Sie die Adresse und senden Sie sie erneut.`,
  /** A server with MAIL_TRANSPORT=log (decision 0600) sends nothing. */
  inviteLogged: (email: string) =>
    `Einladung an ${email} angelegt. Die E-Mail wurde nicht versendet, sie steht nur im Server-Log (MAIL_TRANSPORT=log).`,
  empty: 'Keine Mitarbeitenden gefunden.',
  columns: {
    name: 'Name',
    email: 'E-Mail',
    role: 'Rolle',
    team: 'Team',
    status: 'Status',
    lastLogin: 'Letzte Anmeldung',
    actions: 'Aktionen',
  },
  noName: 'Profil noch nicht vervollständigt',
  never: 'Noch nie',
  noTeam: '–',
  invitationUntil: (date: string) => `Link gültig bis ${date}`,
  invitationExpired: 'Link abgelaufen',
  /** Where the invitation e-mail stands. */
  invitationDelivery: (state: InvitationDeliveryState) =>
    `Einladungs-E-Mail: ${INVITATION_DELIVERY_LABELS[state]}`,
  actions: {
    menu: (name: string) => `Aktionen für ${name}`,
    resend: 'Einladung erneut senden',
    changeRole: 'Rolle ändern',
    deactivate: 'Deaktivieren',
    reactivate: 'Reaktivieren',
  },
  resent: (email: string) => `Einladung erneut an ${email} gesendet.`,
  roleDialogTitle: (name: string) => `Rolle von ${name} ändern`,
  roleSave: 'Rolle speichern',
  roleSaved: 'Rolle geändert.',
  deactivateTitle: (name: string) => `${name} deaktivieren?`,
  deactivateText:
    'Die Person wird sofort abgemeldet und kann sich nicht mehr anmelden. Ihre Trinkgelder und ihr Verlauf bleiben erhalten.',
  deactivated: 'Konto deaktiviert.',
  reactivated: 'Konto wieder aktiviert.',
} as const;

/** German texts of the teams section on /admin/users. */
export const adminTeamsTexts = {
  title: 'Teams',
  description:
    'Trinkgelder an ein Team werden beim Bezahlen unter den Mitgliedern aufgeteilt – auf den Cent genau; Änderungen gelten für künftige Trinkgelder.',
  name: 'Name',
  rule: 'Aufteilung',
  create: 'Team anlegen',
  creating: 'Wird angelegt...',
  created: 'Team angelegt.',
  empty: 'Noch keine Teams.',
  noMembers: 'Keine Mitglieder',
  points: (n: number) => (n === 1 ? '1 Punkt' : `${n} Punkte`),
  pointCount: (n: number) => (n === 1 ? '1 Bezahlpunkt' : `${n} Bezahlpunkte`),
  edit: 'Bearbeiten',
  editTitle: (name: string) => `Team ${name} bearbeiten`,
  members: 'Mitglieder',
  weight: (name: string) => `Punkte für ${name}`,
  save: 'Speichern',
  saving: 'Wird gespeichert...',
  saved: 'Team gespeichert.',
  delete: 'Löschen',
  deleteTitle: (name: string) => `Team ${name} löschen?`,
  deleteText: 'Bisherige Trinkgelder und Anteile bleiben im Verlauf der Mitglieder erhalten.',
  deleted: 'Team gelöscht.',
  notice: 'Aushang drucken',
  noticeLabel: (name: string) => `Aushang drucken: Aufteilungsregel von Team ${name} (PDF)`,
} as const;
