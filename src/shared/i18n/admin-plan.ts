/** The 'Tarif' page of the admin console (decision 0610); the Pro mark is in admin-pro.ts. */

/** /admin/tarif. */
export const adminPlanTexts = {
  title: 'Tarif',
  description: 'Ihr Tarif, die Testphase, die Abrechnung und Ihre Rechnungen.',
  loadFailed: 'Der Tarif konnte nicht geladen werden.',
  current: 'Aktueller Tarif',
  planNames: { basis: 'Basis', pro: 'Pro' },
  basisPrice: 'kostenlos',
  proPrice: (euros: string) => `ab ${euros} je Standort und Monat zzgl. USt.`,
  states: {
    none: 'Basis: alles, was Trinkgeld zu Ihren Mitarbeitenden bringt.',
    trial: (until: string) => `Pro-Testphase bis ${until}. Danach gilt wieder Basis, ohne Kosten.`,
    paid: (locations: string) => `Pro gebucht für ${locations}.`,
    paidNext: (date: string) => `Nächste Abrechnung am ${date}.`,
    cancelled: (date: string) =>
      `Gekündigt zum ${date}. Bis dahin bleibt Pro aktiv; danach gilt Basis.`,
    grace: (date: string) =>
      `Die letzte Zahlung ist fehlgeschlagen. Pro bleibt bis ${date} aktiv, während die Zahlung erneut versucht wird.`,
    granted: (date: string) => `Pro freigeschaltet durch den Betreiber bis ${date}.`,
  },
  basisIncludes: [
    'Persönlicher Bezahlpunkt für jede Person',
    'Trinkgeld per Karte, Apple Pay und Google Pay',
    'Mitarbeiter-Dashboard, Auszahlungen und Trinkgeld-Nachweis',
    'Audit-Log und Einladungen',
    'Bis zu drei Team-, Objekt- oder Betriebs-Bezahlpunkte',
  ],
  proIncludes: 'Alles aus Basis, dazu:',
  startTrial: 'Pro 30 Tage testen',
  trialNote: 'Ohne Karte. Endet von selbst, wenn Sie nicht buchen.',
  changeFailed: 'Der Tarif konnte nicht geändert werden.',
  booking: 'Weiter zum Zahlungsanbieter …',
  trialStarted: 'Pro-Testphase gestartet',
  trialStartedBody: (until: string) => `Sie können Pro bis ${until} kostenlos nutzen.`,
  book: 'Pro buchen',
  locations: 'Standorte',
  locationCount: (n: number) => (n === 1 ? '1 Standort' : `${n} Standorte`),
  locationsHint: 'Ein Pro-Abonnement je Standort.',
  priceLines: {
    net: 'Netto im Monat',
    vat: (percent: number) => `Umsatzsteuer ${percent} %`,
    gross: 'Gesamt im Monat',
  },
  cancel: 'Kündigen',
  cancelTitle: 'Pro kündigen?',
  cancelBody: (date: string) =>
    `Pro endet zum ${date}. Bis dahin bleibt alles aktiv, und Sie können die Kündigung zurücknehmen. Ihre Einstellungen bleiben danach erhalten.`,
  cancelConfirm: 'Zum Periodenende kündigen',
  cancelled: 'Pro gekündigt',
  resume: 'Kündigung zurücknehmen',
  resumed: 'Kündigung zurückgenommen',
  sharedPoints: (used: number, allowance: number | null) =>
    allowance === null
      ? `${used} Team-, Objekt- oder Betriebs-Bezahlpunkte (unbegrenzt)`
      : `${used} von ${allowance} Team-, Objekt- oder Betriebs-Bezahlpunkten`,
  paymentMethod: {
    demo: 'Zahlungsart: Demo-Zahlungsanbieter (es wird kein echtes Geld abgebucht).',
    stripe: 'Zahlungsart: Karte über Stripe.',
  },
  includesTitle: 'Was enthalten ist',
  bookTitle: 'Pro buchen',
  bookDescription:
    'Monatlich je Standort, monatlich kündbar. Sie sehen den Betrag vor dem Bezahlen.',
  billingTitle: 'Rechnungsempfänger',
  fields: {
    name: 'Firma oder Name',
    street: 'Straße und Hausnummer',
    postalCode: 'PLZ',
    city: 'Ort',
    countryCode: 'Land',
    vatId: 'USt-IdNr. (optional)',
    vatHint:
      'Mit einer USt-IdNr. aus einem anderen EU-Land wird ohne deutsche Umsatzsteuer abgerechnet (Reverse-Charge).',
    email: 'E-Mail für Rechnungen',
  },
  bookingDone: 'Pro gebucht',
  bookingDoneBody: 'Vielen Dank! Ihre erste Rechnung steht unten bereit.',
  bookingCancelled: 'Buchung abgebrochen',
  demoSubscription: 'Demo-Abonnement öffnen',
  changePaymentMethod: 'Zahlungsmethode ändern',
  changePaymentMethodFailed: 'Das Kundenportal konnte nicht geöffnet werden.',
  demoSubscriptionHint:
    'Nur in der Demo: Verlängerung, fehlgeschlagene Abbuchung, Nachholen und Ende durchspielen.',
  invoicesTitle: 'Rechnungen',
  invoicesDescription:
    'Jede Abbuchung erhält eine Rechnung: als PDF mit eingebetteter E-Rechnung (ZUGFeRD) und als XRechnung.',
  invoicesNone: 'Noch keine Rechnungen.',
  invoiceColumns: {
    number: 'Rechnungsnr.',
    issuedOn: 'Datum',
    period: 'Zeitraum',
    gross: 'Betrag',
    files: 'Dateien',
  },
  invoicePdf: (number: string) => `Rechnung ${number} als PDF herunterladen`,
  invoiceXml: (number: string) => `Rechnung ${number} als XRechnung herunterladen`,
  pdf: 'PDF',
  xml: 'XRechnung',
  reverseCharge: 'Reverse-Charge',
} as const;
