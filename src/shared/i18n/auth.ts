/**
 * German texts every staff screen may need (spec §2, §4, §8): the toasts, route guards, the
 * session's load errors and dialog. The sign-in form's and onboarding's own texts are in
 * `auth-sign-in.ts`, a part loaded with those pages (decision 0410).
 */
export const authTexts = {
  toasts: {
    inputError: 'Eingabefehler',
    signInFailed: 'Anmeldung fehlgeschlagen',
    signInFailedMessage: 'Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.',
    systemError: 'Systemfehler',
    systemErrorMessage: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
    tooManyRequests: 'Zu viele Anfragen',
    signedIn: 'Erfolgreich angemeldet!',
    welcomeBack: 'Willkommen zurück!',
    /** A person's very first sign-in is no return. */
    welcomeFirst: 'Willkommen bei Trinkgeld!',
    magicLinkFailed: 'Fehler beim Anmelden',
    magicLinkSent: 'Magic Link gesendet!',
    magicLinkSentMessage: 'Überprüfen Sie Ihre E-Mails und klicken Sie auf den Link zum Anmelden.',
    sessionExpired: 'Sitzung abgelaufen',
    sessionExpiredMessage: 'Sie wurden aufgrund von Inaktivität automatisch abgemeldet.',
    sessionExtended: 'Sitzung verlängert',
    sessionExtendedMessage: 'Ihre Sitzung wurde erfolgreich verlängert.',
    signedOut: 'Abgemeldet',
    signedOutMessage: 'Sie wurden erfolgreich abgemeldet.',
    accessDenied: 'Zugriff verweigert',
  },
  guard: {
    checking: 'Sicherheitsprüfung läuft...',
    checkingPermissions: 'Berechtigungen werden überprüft...',
    loadError: 'Fehler beim Laden',
    retry: 'Erneut versuchen',
    offlineTitle: 'Keine Internetverbindung',
    offlineText: 'Ihre Trinkgelder laden, sobald Sie wieder online sind.',
  },
  /** Loading errors as the spec words them (§8). */
  loadErrors: {
    profile: (message: string) => `Failed to load profile: ${message}`,
    unexpectedProfile: 'Unexpected error loading profile',
    initialize: 'Failed to initialize authentication',
    retryFailed: 'Retry failed. Please refresh the page.',
    timeout: 'Authentication timeout. Please try refreshing the page.',
  },
  denied: {
    title: 'Zugriff verweigert',
    message: 'Sie haben keine Berechtigung für diesen Bereich.',
    requiredRoles: 'Erforderliche Rollen',
    currentRole: 'Ihre Rolle',
    unknownRole: 'Unbekannt',
    toDashboard: 'Zum Dashboard',
  },
  sessionDialog: {
    title: 'Sitzung läuft ab',
    description:
      'Sie waren längere Zeit inaktiv. Zu Ihrer Sicherheit werden Sie gleich automatisch abgemeldet.',
    remaining: 'Verbleibende Zeit',
    extend: 'Sitzung verlängern',
    dismiss: 'Warnung schließen',
    signOutNow: 'Jetzt abmelden',
    /** Read out politely by screen readers at 2:00, 1:00 and 0:30, not on every tick. */
    announceMinutes: (minutes: number) =>
      minutes === 1
        ? 'Noch 1 Minute bis zur automatischen Abmeldung.'
        : `Noch ${minutes} Minuten bis zur automatischen Abmeldung.`,
    announceSeconds: (seconds: number) =>
      `Noch ${seconds} Sekunden bis zur automatischen Abmeldung.`,
  },
  signOut: 'Abmelden',
} as const;

/** Texts of the audit toasts (spec §8). */
export const auditTexts = {
  loggingFailedTitle: 'Logging-Fehler',
  loggingFailedMessage: 'Admin-Aktion konnte nicht protokolliert werden.',
} as const;
