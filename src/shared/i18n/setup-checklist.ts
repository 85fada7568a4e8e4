import type { SetupItemKey, SetupItemNote } from '../api/setup-checklist';

/** German texts of the admin dashboard's card 'Einrichtung' (decision 0328). */
export const setupTexts = {
  title: 'Einrichtung',
  intro: 'Fünf Schritte, bis Ihre Gäste Ihrem Team Trinkgeld geben können.',
  progress: (done: number, total: number) => `${done} von ${total} erledigt`,
  progressLabel: 'Fortschritt der Einrichtung',
  dismiss: 'Ausblenden',
  dismissing: 'Wird ausgeblendet...',
  dismissed: 'Checkliste ausgeblendet',
  dismissFailed: 'Die Checkliste konnte nicht ausgeblendet werden.',
  done: 'Erledigt',
  open: 'Offen',
  newTab: '(öffnet in neuem Tab)',
  items: {
    branding: {
      title: 'Branding speichern',
      text: 'Farben, Schrift, Logo und Dankestext Ihrer Trinkgeld-Seiten.',
      action: 'Zum Branding',
    },
    paymentPoint: {
      title: 'Ersten Bezahlpunkt anlegen und seinen QR-Code herunterladen oder drucken',
      text: 'Für eine Person, ein Team oder einen Tisch – Gäste scannen ihn zum Trinkgeldgeben.',
      action: 'Zur UID-Verwaltung',
    },
    staff: {
      title: 'Ersten Mitarbeiter einladen',
      text: 'Per E-Mail; die Einladung gilt 7 Tage.',
      action: 'Zur Benutzerverwaltung',
    },
    payout: {
      title: 'Auszahlungskonto eines Mitarbeiters einrichten',
      text: 'Damit gesammeltes Trinkgeld ausgezahlt werden kann.',
      action: 'Zu den Auszahlungen',
    },
    testTip: {
      title: 'Ein Test-Trinkgeld bezahlen',
      text: 'Öffnen Sie die Trinkgeld-Seite Ihres ersten Bezahlpunkts und bezahlen Sie wie ein Gast – im Demo-Modus über die Demo-Kasse, ohne echtes Geld.',
      action: 'Trinkgeld-Seite öffnen',
    },
  } satisfies Record<SetupItemKey, { title: string; text: string; action: string }>,
  notes: {
    qr_missing:
      'Bezahlpunkt angelegt – laden Sie jetzt seinen QR-Code herunter oder drucken Sie ihn.',
    demo_payouts:
      'Im Demo-Modus werden Auszahlungen nur simuliert; es ist kein Konto einzurichten.',
    no_point_yet: 'Legen Sie dafür zuerst einen Bezahlpunkt an.',
  } satisfies Record<SetupItemNote, string>,
} as const;
