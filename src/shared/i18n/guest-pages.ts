/** German texts of the thank-you page and the two guest error pages (spec §2, §8). */
export const thankYouTexts = {
  pageTitle: 'Vielen Dank',
  loading: 'Lade...',
  errorTitle: 'Fehler',
  errorDescription: 'Das Trinkgeld konnte nicht angezeigt werden.',
  heading: 'Vielen Dank!',
  amountLabel: 'Betrag',
  tipFor: (name: string) => `Trinkgeld für ${name}`,
  contribution: 'Servicebeitrag (Plattform)',
  totalPaid: 'Gesamt bezahlt',
  backToTipPage: 'Zurück zur Trinkgeld-Seite',
  closePage: 'Seite schließen',
  closeHint: 'Sie können dieses Fenster jetzt schließen.',
  /** The spec writes 'Transaction ID'; German guests read it in German (decision 0465). */
  transactionId: 'Transaktions-ID',
  yourMessage: 'Ihre Nachricht',
  share: 'Trinkgeld weiterempfehlen',
  shareTitle: 'Trinkgeld – digital und ohne App',
  shareText: 'Trinkgeld geben per QR-Code – ohne App, in Sekunden.',
  shareCopied: 'Link in die Zwischenablage kopiert!',
  toastMissing: 'Keine Trinkgeld-ID oder Session-ID gefunden',
  toastLoadFailed: 'Trinkgeld-Daten konnten nicht geladen werden',
  toastNotFound: 'Trinkgeld nicht gefunden',
  toastUnexpected: 'Ein Fehler ist aufgetreten',
  deliveryTitle: 'Angekommen',
  delivered: (amount: string, names: string, date: string) =>
    `${amount} haben ${names} am ${date} erreicht, ohne Abzug`,
  replyFrom: (name: string) => `Antwort von ${name}`,
} as const;

export const qrErrorTexts = {
  pageTitle: 'QR-Code nicht gültig',
  title: 'QR-Code nicht gültig',
  description:
    'Dieser QR-Code ist nicht (mehr) gültig oder wurde deaktiviert. Bitte scannen Sie einen anderen Code oder fragen Sie das Personal.',
  rescan: 'Neuen QR-Code scannen',
  closePage: 'Seite schließen',
  closeHint: 'Sie können dieses Fenster jetzt schließen.',
  support: 'Support kontaktieren',
} as const;

export const invalidUidTexts = {
  pageTitle: 'Ungültige UID',
  title: 'Ungültige UID',
  description:
    'Dieser Trinkgeld-Link funktioniert nicht. Die Adresse ist unvollständig, falsch abgetippt oder gehört zu einem Code, den es nicht mehr gibt.',
  /** What to do now, in plain words. */
  whatToDo:
    'Scannen Sie den QR-Code vor Ort noch einmal oder fragen Sie das Personal nach dem richtigen Link.',
  back: 'Zurück',
  closePage: 'Seite schließen',
  closeHint: 'Sie können dieses Fenster jetzt schließen.',
  support: 'Support kontaktieren',
} as const;

/** The tip page when its code cannot be tipped (loaded only then, not with the first view). */
export const tipPageProblemTexts = {
  closePage: 'Seite schließen',
  closeHint: 'Sie können dieses Fenster jetzt schließen.',
  reload: 'Erneut laden',
  notFound: {
    title: 'Mitarbeiter nicht gefunden',
    description: 'Zu diesem Code gibt es niemanden mehr, der Trinkgeld empfangen kann.',
  },
  loadFailed: {
    title: 'Fehler',
    description: 'Mitarbeiterdaten konnten nicht geladen werden.',
  },
  deactivated: {
    title: 'Service nicht verfügbar',
    description: 'Dieser Betrieb nimmt derzeit kein digitales Trinkgeld an.',
  },
  /** A deactivated person's page, with the tip pages offered instead. */
  personGone: {
    title: 'Nicht mehr erreichbar',
    description:
      'Diese Person nimmt über diesen Code kein Trinkgeld mehr an. Sie können stattdessen hier ein Trinkgeld geben.',
    /** Without a team or business page to offer. */
    alone:
      'Diese Person nimmt über diesen Code kein Trinkgeld mehr an. Bitte wenden Sie sich an das Personal.',
  },
  tipTeam: (team: string) => `Dem Team ${team} Trinkgeld geben`,
  tipBusiness: (business: string) => `${business} Trinkgeld geben`,
  codeInactive: {
    title: 'Code nicht aktiv',
    description: 'Dieser Code ist nicht mehr aktiv. Bitte wenden Sie sich an das Personal.',
  },
} as const;
