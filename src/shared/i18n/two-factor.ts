import { twoFactorBannerTexts } from './two-factor-banner';

/** German texts of two-factor sign-in: settings, sign-in step, banner, reset. */
const codesLeft = (n: number) =>
  n === 1 ? 'Noch 1 Wiederherstellungscode übrig.' : `Noch ${n} Wiederherstellungscodes übrig.`;

export const twoFactorTexts = {
  section: {
    title: 'Zwei-Faktor-Anmeldung',
    loading: 'Lade...',
    intro:
      'Schützen Sie Ihr Konto zusätzlich: Nach dem Passwort oder dem Anmeldelink fragt Trinkgeld nach einem Code aus einer Authenticator-App auf Ihrem Telefon (zum Beispiel Google Authenticator, Microsoft Authenticator oder FreeOTP).',
    required:
      'Als Plattform-Administrator richten Sie zuerst die Zwei-Faktor-Anmeldung ein; erst danach stehen Ihnen die anderen Bereiche offen.',
    off: 'Ausgeschaltet',
    on: 'Eingeschaltet',
    enabledSince: (date: string) => `Eingeschaltet seit ${date}.`,
    codesLeft,
    codesLow: (n: number) =>
      `${codesLeft(n)} Erzeugen Sie neue, bevor Sie sie alle verbraucht haben.`,
    start: 'Einrichten',
    starting: 'Wird vorbereitet...',
    scan: '1. Scannen Sie den QR-Code mit Ihrer Authenticator-App.',
    qrAlt: 'QR-Code für die Authenticator-App',
    manual: 'Oder geben Sie diesen Schlüssel in der App von Hand ein:',
    account: (email: string) => `Konto: ${email}`,
    enterCode: '2. Geben Sie den Code ein, den die App jetzt anzeigt.',
    code: 'Bestätigungscode',
    codeHint: '6-stelliger Code aus der App',
    confirm: 'Bestätigen und einschalten',
    confirming: 'Wird geprüft...',
    cancel: 'Abbrechen',
    enabled: 'Zwei-Faktor-Anmeldung eingeschaltet',
    codesTitle: 'Ihre Wiederherstellungscodes',
    codesText:
      'Mit jedem dieser Codes melden Sie sich einmal an, falls Sie Ihr Telefon nicht zur Hand haben. Bewahren Sie sie sicher auf (zum Beispiel ausgedruckt oder im Passwort-Manager): Sie werden nur jetzt angezeigt.',
    copy: 'Kopieren',
    copied: 'Wiederherstellungscodes kopiert',
    copyFailed: 'Kopieren fehlgeschlagen',
    download: 'Herunterladen',
    fileName: 'trinkgeld-wiederherstellungscodes.txt',
    fileHeading: (email: string) => `Trinkgeld – Wiederherstellungscodes für ${email}`,
    fileNote: 'Jeder Code funktioniert genau einmal.',
    done: 'Fertig',
    disable: 'Ausschalten',
    disableTitle: 'Zwei-Faktor-Anmeldung ausschalten',
    disableText:
      'Bestätigen Sie mit einem aktuellen Code aus der App oder einem Wiederherstellungscode.',
    anyCode: 'Code aus der App oder Wiederherstellungscode',
    disableSubmit: 'Ausschalten bestätigen',
    disabling: 'Wird ausgeschaltet...',
    disabled: 'Zwei-Faktor-Anmeldung ausgeschaltet',
    regenerate: 'Neue Wiederherstellungscodes',
    regenerateTitle: 'Neue Wiederherstellungscodes erzeugen',
    regenerateText:
      'Bestätigen Sie mit einem aktuellen Code aus der App. Die bisherigen Codes verfallen.',
    regenerateSubmit: 'Neue Codes erzeugen',
    regenerating: 'Wird erzeugt...',
    loadFailed: 'Der Stand der Zwei-Faktor-Anmeldung konnte nicht geladen werden.',
  },
  signIn: {
    title: 'Bestätigungscode',
    intro: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
    code: 'Bestätigungscode',
    recoveryIntro:
      'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code funktioniert nur einmal.',
    recoveryCode: 'Wiederherstellungscode',
    useRecovery: 'Stattdessen einen Wiederherstellungscode verwenden',
    useApp: 'Code aus der App verwenden',
    submit: 'Bestätigen',
    submitting: 'Wird geprüft...',
    restart: 'Abbrechen und neu anmelden',
    recoveryUsed: 'Wiederherstellungscode verwendet',
    codesLow: (n: number) =>
      n === 0
        ? 'Sie haben keine Wiederherstellungscodes mehr. Erzeugen Sie unter „Konto und Sicherheit“ neue.'
        : `${codesLeft(n)} Erzeugen Sie unter „Konto und Sicherheit“ neue.`,
  },
  banner: twoFactorBannerTexts,
  reset: {
    action: 'Zwei-Faktor zurücksetzen',
    badge: 'Zwei-Faktor an',
    title: (name: string) => `Zwei-Faktor-Anmeldung von ${name} zurücksetzen?`,
    text: 'Die Person wird sofort überall abgemeldet und meldet sich danach nur mit Passwort oder Anmeldelink an. Sie kann die Zwei-Faktor-Anmeldung neu einrichten.',
    confirm: 'Zurücksetzen',
    done: 'Zwei-Faktor-Anmeldung zurückgesetzt.',
  },
} as const;
