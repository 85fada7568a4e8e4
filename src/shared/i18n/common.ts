/** German texts used across screens. Feature texts live in their own file in this folder. */
export const commonTexts = {
  productName: 'Trinkgeld',
  loading: 'Lade...',
  retry: 'Erneut versuchen',
  back: 'Zurück',
  home: 'Zur Startseite',
  close: 'Schließen',
  save: 'Speichern',
  cancel: 'Abbrechen',
  error: 'Fehler',
  comingSoon: 'Demnächst verfügbar',
  /** A person's tip code in the phone's wallet (issue 33). */
  wallet: {
    apple: 'Zu Apple Wallet hinzufügen',
    google: 'Zu Google Wallet hinzufügen',
    appleSoon: 'Apple Wallet · Demnächst verfügbar',
    unavailable: 'Apple Wallet Link ist nicht verfügbar.',
  },
  /** The error screen of the staff app and the guest app (issue 14). */
  errorScreen: {
    title: 'Etwas ist schiefgelaufen',
    description:
      'Diese Seite konnte nicht angezeigt werden. Bitte versuchen Sie es erneut oder kehren Sie zur Startseite zurück.',
    offline: 'Prüfen Sie Ihre Internetverbindung.',
  },
  notFound: {
    /** The spec's line, kept in English beside the German words (issue 31 item 19). */
    title: 'Oops! Page not found',
    heading: 'Seite nicht gefunden',
    description:
      'Diese Adresse gibt es bei Trinkgeld nicht (mehr). Vielleicht ist der Link unvollständig oder veraltet.',
    code: '404',
    link: 'Zur Startseite',
    back: 'Zurück',
  },
  theme: {
    label: 'Farbschema',
    light: 'Hell',
    dark: 'Dunkel',
    system: 'System',
  },
} as const;
