/**
 * German texts of the public site: landing page, shared header and footer, and the demo
 * showcase. Marketing claims follow spec §1 word for word in substance; amounts are formatted
 * by the page from the constants in domain/constants.ts.
 */
export const publicTexts = {
  brand: 'Trinkgeld',
  skipToContent: 'Zum Inhalt springen',
  nav: {
    label: 'Hauptnavigation',
    features: 'Funktionen',
    audiences: 'Zielgruppen',
    demo: 'Demo',
    login: 'Login',
    menu: 'Menü',
    closeMenu: 'Menü schließen',
    home: 'Trinkgeld – zur Startseite',
  },
  landing: {
    title: 'Trinkgeld – digitales Trinkgeld ohne App',
    description:
      'Digitales Trinkgeld für Hotels und Restaurants: Gäste geben per QR-Code, NFC oder Link Trinkgeld – ohne App. 100 % für Ihr Team, kostenlos und steuerfrei.',
    hero: {
      eyebrow: 'Digitales Trinkgeld für Hotellerie und Gastronomie',
      title: 'Trinkgeld, das ankommt – per QR-Code, ohne App',
      lead: 'Gäste scannen einen QR-Code oder NFC-Tag und geben in Sekunden Trinkgeld: mit Karte, Apple Pay oder Google Pay, direkt im Browser. 100 % gehen an Ihr Team.',
      primary: 'Jetzt ausprobieren',
      secondary: 'Demo ansehen',
      previewLabel: 'Vorschau der Trinkgeld-Seite',
      previewTitle: 'Trinkgeld geben',
      previewPerson: 'Anna Schneider · Rezeption',
      previewContinue: (amount: string) => `Weiter zur Zahlung · ${amount}`,
      previewMethods: 'Karte · Apple Pay · Google Pay',
    },
    trust: {
      label: 'Auf einen Blick',
      items: [
        'Keine App nötig',
        'DSGVO-konform und steuerfrei',
        'Direkte Auszahlung',
        'Über 500 Betriebe nutzen Trinkgeld',
      ],
    },
    features: {
      title: 'Drei Gründe für digitales Trinkgeld',
      lead: 'Immer weniger Gäste haben Bargeld dabei. Mit Trinkgeld geht Wertschätzung trotzdem nicht verloren.',
      items: [
        {
          title: '100 % für Ihr Team',
          text: 'Jeder Cent des Trinkgelds kommt bei Ihren Mitarbeitern an – ohne Abzüge, ob für eine Person, ein Team oder einen Tisch.',
        },
        {
          title: 'In Sekunden bezahlt',
          text: 'Scannen, Betrag wählen, bezahlen: mit Karte, Apple Pay oder Google Pay. Der Gast braucht kein Konto und keine App.',
        },
        {
          title: 'Live im Dashboard',
          text: 'Mitarbeiter sehen ihr Trinkgeld und die Dankesnachrichten der Gäste sofort – ausgezahlt wird direkt auf ihr Bankkonto.',
        },
      ],
    },
    pricing: {
      title: 'Faire Preise – transparent für alle',
      lead: 'Trinkgeld gehört den Menschen, die es verdient haben. Deshalb ziehen wir nichts davon ab.',
      items: [
        {
          title: '100 % für Mitarbeiter',
          text: 'Das Trinkgeld kommt vollständig bei Ihren Mitarbeitern an.',
        },
        {
          title: 'Freiwilliger Beitrag des Gastes',
          text: 'Gäste können optional einen kleinen Beitrag zu den Plattformkosten übernehmen – nie vom Trinkgeld abgezogen.',
        },
        {
          title: 'Kostenlos für Arbeitgeber und Mitarbeiter',
          text: 'Keine Einrichtungsgebühr, keine Grundgebühr, keine Provision auf das Trinkgeld.',
        },
        {
          title: 'Steuerfrei',
          text: 'Freiwillige Trinkgelder von Gästen sind für Mitarbeiter steuerfrei (§ 3 Nr. 51 EStG).',
        },
      ],
      exampleTitle: 'Beispiel',
      exampleTip: 'Trinkgeld',
      exampleContribution: 'Freiwilliger Beitrag',
      exampleTotal: 'Gast zahlt',
      exampleReceived: 'Beim Mitarbeiter kommen an',
      button: 'Kostenlos starten',
    },
    pro: {
      eyebrow: 'Für Arbeitgeber',
      title: 'Trinkgeld Pro',
      lead: 'Für Betriebe, die mehr wollen: Ihre Marke, Ihre Auswertungen, Ihre Teams.',
      pricePrefix: 'ab',
      priceUnit: 'pro Standort / Monat',
      vat: 'zzgl. MwSt.',
      cancellable: 'monatlich kündbar',
      features: [
        'Whitelabel-Branding mit Ihrem Logo und Ihren Farben',
        'Reporting mit CSV-Export und QR-Statistiken',
        'Mitarbeiter- und Teamverwaltung mit Rollen',
        'API-Zugang',
        'Priority Support',
        'Unbegrenzte QR-Codes',
      ],
      /** Decision 0610: Pro is tried and booked in the product; groups still write to us. */
      button: 'Pro testen',
      trialNote: '30 Tage kostenlos, ohne Karte.',
      existingCustomer: 'Schon Kunde? Zum Tarif',
      groupsLead: 'Gruppe mit vielen Standorten?',
      enquiry: 'Pro anfragen',
      mailSubject: 'Anfrage Trinkgeld Pro',
      mailBody:
        'Guten Tag,\n\nwir interessieren uns für Trinkgeld Pro.\n\nBetrieb:\nAnzahl Standorte:\nAnsprechpartner:\nTelefon:\n\nViele Grüße',
    },
    noApp: {
      title: 'Warum keine App?',
      lead: 'Niemand lädt für ein Trinkgeld eine App herunter. Deshalb läuft Trinkgeld vollständig im Browser.',
      items: [
        {
          title: 'Scannen genügt',
          text: 'Die Handykamera erkennt den QR-Code, ein NFC-Tag reicht ein kurzes Antippen – die Trinkgeld-Seite öffnet sich sofort.',
        },
        {
          title: 'Kein Konto, keine Daten',
          text: 'Gäste geben Trinkgeld ohne Registrierung. Zahlungsdaten gibt der Gast nur beim Zahlungsdienstleister ein.',
        },
        {
          title: 'Auf jedem Smartphone',
          text: 'iPhone oder Android, alt oder neu: Es genügt ein aktueller Browser.',
        },
      ],
    },
    audiences: {
      title: 'Für wen ist Trinkgeld?',
      lead: 'Überall, wo Gäste Service erleben – und gern Danke sagen möchten.',
      items: [
        {
          title: 'Hotels',
          text: 'Rezeption, Concierge, Housekeeping und Roomservice: Jeder bekommt seinen eigenen QR-Code, Teams einen gemeinsamen.',
        },
        {
          title: 'Restaurants und Cafés',
          text: 'Ein QR-Code am Tisch oder auf der Rechnung – das Trinkgeld geht an den Service oder wird im Team geteilt.',
        },
        {
          title: 'Bars und Lounges',
          text: 'Am Tresen schnell per Apple Pay oder Google Pay, auch wenn niemand mehr Bargeld dabei hat.',
        },
        {
          title: 'Mitarbeiter',
          text: 'Eigener QR-Code, Trinkgeld und Dankesnachrichten live im Dashboard, Auszahlung direkt aufs Bankkonto.',
        },
      ],
    },
    demo: {
      title: 'Demo: So erlebt es Ihr Gast',
      lead: 'Scannen Sie den QR-Code mit dem Smartphone oder öffnen Sie die Demo-Seite direkt.',
      demoModeNote:
        'Diese Installation läuft im Demo-Modus: Es wird keine echte Zahlung ausgelöst.',
      loading: 'Demo wird geladen...',
      unavailable: 'Derzeit sind keine Demo-Bezahlpunkte eingerichtet.',
      amountsLabel: 'Beispielbeträge',
      open: 'Demo-Trinkgeld-Seite öffnen',
      showcase: 'Alle Demo-Bezahlpunkte',
      prototype: 'Prototyp-Übersicht',
      qrAlt: (label: string) => `QR-Code zur Demo-Trinkgeld-Seite von ${label}`,
    },
    cta: {
      title: 'Bereit für digitales Trinkgeld?',
      lead: 'Starten Sie kostenlos oder lassen Sie sich Trinkgeld in Ihrem Betrieb zeigen.',
      open: 'Web-App öffnen',
      requestDemo: 'Demo anfragen',
      mailSubject: 'Demo-Anfrage Trinkgeld',
      mailBody:
        'Guten Tag,\n\nbitte zeigen Sie uns Trinkgeld in einer Demo.\n\nBetrieb:\nAnsprechpartner:\nTelefon:\nWunschtermin:\n\nViele Grüße',
    },
  },
  footer: {
    tagline: 'Digitales Trinkgeld für Hotels und Restaurants – ohne App.',
    product: 'Produkt',
    security: 'Sicherheitscenter',
    legal: 'Rechtliches',
    legalItems: { privacy: 'Datenschutz', imprint: 'Impressum', terms: 'AGB' },
    support: 'Support',
    supportItems: { faq: 'FAQ', contact: 'Kontakt' },
    developers: 'Für Entwickler',
    developerItems: {
      showcase: 'Demo-Showcase',
      prototype: 'Prototyp-Übersicht',
      styleguide: 'Styleguide',
      handover: 'Entwickler-Übergabe',
      api: 'API-Referenz (OpenAPI)',
    },
    copyright: (year: number) => `© ${year} Trinkgeld`,
  },
  showcase: {
    title: 'Demo-Showcase',
    description:
      'Alle aktiven Demo-Bezahlpunkte mit QR-Code: Personen, Teams und Objekte. Scannen oder öffnen, um die Trinkgeld-Seite zu testen.',
    lead: 'Jeder QR-Code führt zur echten Trinkgeld-Seite eines Demo-Bezahlpunkts. Scannen Sie ihn mit dem Smartphone oder öffnen Sie den Link.',
    loading: 'Demo-Bezahlpunkte werden geladen...',
    empty: 'Es sind keine aktiven Demo-Bezahlpunkte vorhanden.',
    loadError: 'Daten konnten nicht geladen werden.',
    groups: {
      person: 'Personen',
      team: 'Teams',
      object: 'Objekte und Bereiche',
    },
    department: 'Abteilung',
    shift: 'Schicht',
    location: 'Ort',
    uid: 'UID',
    open: 'Trinkgeld-Seite öffnen',
    qrAlt: (label: string, url: string) => `QR-Code für ${label}: ${url}`,
    count: (n: number) => (n === 1 ? '1 Bezahlpunkt' : `${n} Bezahlpunkte`),
  },
  security: {
    title: 'Sicherheitscenter',
    description:
      'Wie Trinkgeld Gäste, Mitarbeiter und Betriebe schützt: Zahlungen über Stripe Checkout, gehashte Passwörter, Sitzungen auf dem Server, Rate-Limits, Audit-Log und Daten in Ihrer eigenen Datenbank.',
    lead: 'Was Trinkgeld tut, um Gäste, Mitarbeiter und Betriebe zu schützen – so beschrieben, wie es die Software tatsächlich umsetzt.',
    reportTitle: 'Sicherheitslücke gefunden?',
    reportText:
      'Schreiben Sie uns bitte vertraulich per E-Mail. Wir antworten schnell und veröffentlichen nichts, bevor die Lücke geschlossen ist.',
    reportButton: 'Sicherheitshinweis senden',
    reportSubject: 'Sicherheitshinweis',
  },
  docs: {
    navLabel: 'Dokumentation',
    backHome: 'Zur Startseite',
    login: 'Zum Login',
    pages: {
      security: 'Sicherheit',
      showcase: 'Demo-Showcase',
      prototype: 'Prototyp',
      styleguide: 'Styleguide',
      handover: 'Entwickler',
    },
  },
  mail: {
    faqSubject: 'Frage zu Trinkgeld',
    contactSubject: 'Kontakt',
  },
} as const;
