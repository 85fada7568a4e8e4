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
  /** A person's tip code in the phone's wallet. */
  wallet: {
    apple: 'Zu Apple Wallet hinzufügen',
    google: 'Zu Google Wallet hinzufügen',
    appleSoon: 'Apple Wallet · Demnächst verfügbar',
    unavailable: 'Apple Wallet Link ist nicht verfügbar.',
  },
  /** Writing a tip link onto an NFC tag from the phone's browser (Web NFC). */
  nfc: {
    write: 'Auf NFC-Tag schreiben',
    holdTag: 'Halten Sie den NFC-Tag jetzt an die Rückseite Ihres Telefons.',
    checking: 'Tag beschrieben – zur Prüfung am Telefon lassen oder kurz erneut anhalten …',
    cancel: 'Abbrechen',
    written: 'NFC-Tag beschrieben',
    writtenDescription: 'Der Tag öffnet jetzt diese Trinkgeld-Seite:',
    failed: 'NFC-Tag nicht beschrieben',
    problems: {
      readOnly:
        'Dieser Tag ist schreibgeschützt und lässt sich nicht ändern. Bitte nehmen Sie einen neuen, unbeschriebenen Tag.',
      tooSmall:
        'Auf diesen Tag passt der Link nicht. Bitte nehmen Sie einen Tag mit mehr Speicher (z. B. NTAG215 oder NTAG216).',
      tagLost:
        'Der Tag wurde zu früh entfernt. Halten Sie ihn erneut an das Telefon und lassen Sie ihn dort, bis die Bestätigung erscheint.',
      permission:
        'Der Browser darf NFC nicht verwenden. Erlauben Sie NFC für diese Seite und schalten Sie NFC in den Einstellungen des Telefons ein.',
      unsupportedTag:
        'Dieser Tag kann keinen Link speichern (kein NDEF-Format). Bitte nehmen Sie einen NDEF-fähigen Tag.',
      mismatch:
        'Auf dem Tag steht danach ein anderer Link. Bitte erneut schreiben oder einen anderen Tag nehmen.',
      timeout:
        'Kein NFC-Tag erkannt. Bitte erneut versuchen und den Tag direkt an das Telefon halten.',
      unverified:
        'Der Tag wurde beschrieben, ließ sich aber nicht zur Prüfung lesen. Scannen Sie ihn mit der Kamera-App oder schreiben Sie ihn erneut.',
      other: 'Der Tag konnte nicht beschrieben werden. Bitte erneut versuchen.',
    },
    unsupportedHint:
      'NFC-Tags lassen sich direkt aus dem Browser nur mit Chrome auf einem Android-Telefon mit NFC beschreiben. Öffnen Sie diese Seite dort, um einen Tag zu beschreiben.',
    bulkHint: 'Für viele Tags auf einmal nutzen Sie die AiO-Integration unten.',
  },
  /** The error screen of the staff app and the guest app. */
  errorScreen: {
    title: 'Etwas ist schiefgelaufen',
    description:
      'Diese Seite konnte nicht angezeigt werden. Bitte versuchen Sie es erneut oder kehren Sie zur Startseite zurück.',
    offline: 'Prüfen Sie Ihre Internetverbindung.',
  },
  notFound: {
    /** The spec's line, kept in English beside the German words. */
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
