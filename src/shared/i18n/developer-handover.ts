/**
 * German texts of the developer handover page (/developer-handover). They repeat the README in
 * German; handover-texts.test.ts keeps the variables, defaults, commands and logins in step.
 */
export const handoverTexts = {
  title: 'Entwickler-Übergabe',
  description:
    'Trinkgeld starten, konfigurieren und betreiben: Befehle, Umgebungsvariablen, Deployment, Architektur und API-Referenz (OpenAPI).',
  lead: 'Alles, was ein Entwicklerteam braucht, um Trinkgeld zu starten, zu konfigurieren und zu betreiben. Ausführlich im README und in docs/ des Repositorys.',
  tocLabel: 'Inhalt der Übergabe',
  sections: {
    run: 'Starten und testen',
    config: 'Konfiguration',
    deploy: 'Betrieb und Deployment',
    architecture: 'Architektur',
    api: 'API-Referenz',
  },
  run: {
    startTitle: 'Produkt starten',
    startText:
      'Baut die Web-App, legt eine eingebettete PostgreSQL-Datenbank (PGlite) unter ./data an, spielt beim ersten Start Demo-Daten ein und startet auf http://localhost:3000.',
    startCommand: 'npm ci && npm start',
    testTitle: 'Alle Tests',
    testText:
      'Typprüfung, ESLint, Prettier, Build, Unit- und Integrationstests (PGlite und – mit TEST_DATABASE_URL – PostgreSQL) und Browser-Tests in Chromium. Die letzte Zeile lautet „N passed, N failed“.',
    testCommand: 'npm ci && npm test',
    requirements:
      'Voraussetzungen: Node.js 20.19 oder neuer, npm 11; für die Browser-Tests Chromium unter /usr/bin/chromium (apt-get install -y chromium).',
    loginsTitle: 'Demo-Zugänge',
    loginsText: (password: string) => `Alle mit dem Passwort ${password}:`,
    logins: [
      { email: 'admin@demo.local', role: 'Administrator' },
      { email: 'inhaber@demo.local', role: 'Geschäftsinhaber' },
      { email: 'anna@demo.local', role: 'Mitarbeiterin, Rezeption' },
      { email: 'ben@demo.local', role: 'Mitarbeiter, Restaurant' },
      { email: 'clara@demo.local', role: 'Mitarbeiterin, Bar' },
      { email: 'david@demo.local', role: 'Mitarbeiter, Concierge' },
      { email: 'inhaber2@demo.local', role: 'Geschäftsinhaberin, Café Morgenrot' },
      { email: 'lena@demo.local', role: 'Mitarbeiterin, Café Morgenrot' },
      { email: 'tom@demo.local', role: 'Mitarbeiter, Café Morgenrot' },
    ],
    demoPassword: 'demo1234',
    otherTitle: 'Weitere Befehle',
    commands: [
      {
        command: 'npm run dev',
        text: 'Server mit Neustart bei Änderungen (Web-App vorher mit npm run build bauen).',
      },
      {
        command: 'npm run build',
        text: 'Baut die Web-App nach dist/web, mit vorkomprimierten .br- und .gz-Dateien.',
      },
      { command: 'npm run seed', text: 'Migriert eine leere Datenbank und spielt Demo-Daten ein.' },
      { command: 'npm run bench', text: 'Benchmarks aus bench/.' },
      {
        command: 'npm run backup -- <Datei>',
        text: 'Konsistente Sicherung der Datenbank, bei PostgreSQL auch während der Server läuft; täglich und vor jedem Update, verschlüsselt außerhalb des Rechners aufbewahren.',
      },
      {
        command: 'npm run restore -- <Datei>',
        text: 'Stellt eine Sicherung in eine leere Datenbank oder ein leeres DATA_DIR wieder her; ein Ziel mit Daten wird abgelehnt.',
      },
    ],
  },
  config: {
    lead: 'Alle Variablen werden beim Start einmal gelesen und geprüft; ein falscher Wert stoppt den Server mit einer deutschen Zeile, die ihn nennt (ein Geheimnis nur mit seiner Länge, eine URL ohne ihr Passwort).',
    head: { name: 'Variable', fallback: 'Standard', meaning: 'Bedeutung' },
    unset: 'nicht gesetzt',
    variables: [
      { name: 'PORT', fallback: '3000', meaning: 'HTTP-Port.' },
      { name: 'HOST', fallback: '0.0.0.0', meaning: 'Netzwerkschnittstelle.' },
      {
        name: 'PUBLIC_ORIGIN',
        fallback: 'http://localhost:$PORT',
        meaning:
          'Adresse für Gäste und Personal; Trinkgeld-Links, Magic Links und Rücksprung-URLs entstehen daraus. https:// schaltet Secure-Cookies und HSTS ein.',
      },
      {
        name: 'DATABASE_URL',
        fallback: null,
        meaning:
          'PostgreSQL-Verbindung; Pflicht in Produktion. Ohne: eingebettetes PGlite unter DATA_DIR (Demo, Entwicklung, Tests).',
      },
      {
        name: 'DATABASE_LISTEN_URL',
        fallback: 'DATABASE_URL',
        meaning:
          'Direkte PostgreSQL-Verbindung für LISTEN (Live-Ereignisse, Gast-Cache), wenn DATABASE_URL auf PgBouncer zeigt.',
      },
      {
        name: 'DATABASE_POOL_MODE',
        fallback: 'direct',
        meaning:
          'transaction hinter PgBouncer im Transaction-Pooling: Anweisungen ohne Namen, keine Start-Optionen (Entscheidung 0401).',
      },
      {
        name: 'DATA_DIR',
        fallback: './data',
        meaning: 'Eingebettete Datenbank und erzeugtes Sitzungsgeheimnis.',
      },
      {
        name: 'SESSION_SECRET',
        fallback: 'erzeugt',
        meaning:
          'Mindestens 32 Zeichen; signiert Cookies und Links. Pflicht mit DATABASE_URL in Produktion.',
      },
      {
        name: 'SESSION_SECRET_PREVIOUS',
        fallback: null,
        meaning:
          'Während eines Wechsels: das alte Geheimnis (mehrere durch Komma getrennt); wird noch angenommen, aber für nichts Neues verwendet (Entscheidung 0402).',
      },
      {
        name: 'SMTP_URL',
        fallback: null,
        meaning:
          'Mailserver (smtp:// oder smtps://). Ohne: E-Mails landen im Postausgang und auf der Konsole; die Produktion startet ohne ihn nur mit MAIL_TRANSPORT=log.',
      },
      {
        name: 'MAIL_TRANSPORT',
        fallback: 'smtp mit SMTP_URL, sonst console',
        meaning:
          'smtp, log oder console. log: nichts wird versendet, jede E-Mail erscheint ohne Links und Gast-Adressen im Protokoll; console ist in der Produktion nicht erlaubt.',
      },
      {
        name: 'MAIL_FROM',
        fallback: 'Trinkgeld <no-reply@trinkgeld.local>',
        meaning: 'Absender aller E-Mails.',
      },
      {
        name: 'PAYMENT_PROVIDER',
        fallback: 'stripe mit STRIPE_SECRET_KEY, sonst demo',
        meaning:
          'demo: alle Zahlungswege offline über die eigene Testkasse; stripe: Stripe Checkout und Connect.',
      },
      { name: 'STRIPE_SECRET_KEY', fallback: null, meaning: 'sk_…; Pflicht für stripe.' },
      {
        name: 'STRIPE_WEBHOOK_SECRET',
        fallback: null,
        meaning:
          'whsec_…; prüft POST /api/payments/webhook; Pflicht für stripe. Beim Wechsel mehrere, durch Komma getrennt.',
      },
      {
        name: 'STRIPE_API_URL',
        fallback: null,
        meaning: 'Nur für Vertragstests: Stripe-Aufrufe an diese Adresse.',
      },
      {
        name: 'DEMO_FAILURE_RATE',
        fallback: '0',
        meaning: '0–1: Anteil der Demo-Zahlungen, die zufällig fehlschlagen.',
      },
      {
        name: 'AIO_API_URL',
        fallback: null,
        meaning: 'GraphQL-Endpunkt des AiO-Dienstes für NFC/QR.',
      },
      {
        name: 'AIO_API_TOKEN',
        fallback: null,
        meaning:
          'Bearer-Token für diesen Dienst (Geheimnis, nur auf dem Server), ohne Leerzeichen.',
      },
      {
        name: 'AIO_SYNC_SECRET',
        fallback: null,
        meaning: 'Gemeinsames Geheimnis (mindestens 16 Zeichen) für den eingehenden Sync-Endpunkt.',
      },
      {
        name: 'AIO_TENANT_ID',
        fallback: 'trinkgeld-default-tenant',
        meaning: 'Standard-Mandant der Integration.',
      },
      {
        name: 'APPLE_WALLET_PASS_TYPE_ID',
        fallback: null,
        meaning:
          "Pass-Type-ID (`pass.…`) des Apple-Wallet-Passes für den Bezahlpunkt einer Person. Alle fünf APPLE_WALLET_-Angaben oder keine; ohne: die Knöpfe sagen 'Demnächst verfügbar'.",
      },
      {
        name: 'APPLE_WALLET_TEAM_ID',
        fallback: null,
        meaning: 'Die 10-stellige Team-ID bei Apple.',
      },
      {
        name: 'APPLE_WALLET_CERT',
        fallback: null,
        meaning:
          'Pfad zum Signaturzertifikat des Passes (PEM), außerhalb des Repositorys; beim Start einmal gelesen, nie protokolliert.',
      },
      {
        name: 'APPLE_WALLET_KEY',
        fallback: null,
        meaning:
          'Pfad zum privaten Schlüssel dieses Zertifikats (PEM); ein Schlüssel eines anderen Schlüsselpaars stoppt den Start.',
      },
      {
        name: 'APPLE_WALLET_KEY_PASSPHRASE',
        fallback: null,
        meaning:
          'Passwort des Schlüssels, falls er eines hat (allein, ohne die übrigen Angaben, stoppt es den Start).',
      },
      {
        name: 'APPLE_WALLET_WWDR',
        fallback: null,
        meaning: 'Pfad zu Apples WWDR-Zwischenzertifikat (PEM).',
      },
      {
        name: 'GOOGLE_WALLET_ISSUER_ID',
        fallback: null,
        meaning:
          "Aussteller-ID bei Google Wallet; mit dem Dienstkonto erscheint 'Zu Google Wallet hinzufügen' (sonst ausgeblendet).",
      },
      {
        name: 'GOOGLE_WALLET_SERVICE_ACCOUNT',
        fallback: null,
        meaning: 'Pfad zur JSON-Schlüsseldatei des Dienstkontos, das die Speicher-Links signiert.',
      },
      {
        name: 'LEGAL_OPERATOR',
        fallback: null,
        meaning:
          'Betreiber auf /impressum und /datenschutz (Name und Rechtsform). Ohne Wert: Platzhalter und eine Warnung beim Start in Produktion.',
      },
      {
        name: 'LEGAL_ADDRESS',
        fallback: null,
        meaning: 'Postanschrift des Betreibers für die Rechtstexte.',
      },
      {
        name: 'LEGAL_REGISTER',
        fallback: null,
        meaning: 'Registereintrag (Gericht und Nummer) für das Impressum.',
      },
      {
        name: 'LEGAL_CONTACT',
        fallback: 'CONTACT_EMAIL',
        meaning: 'Kontakt auf den Rechtstexten.',
      },
      {
        name: 'VAT_ID',
        fallback: null,
        meaning:
          'USt-IdNr. des Betreibers auf den Rechnungen für Trinkgeld Pro; in Produktion nötig, um Pro buchen zu können.',
      },
      {
        name: 'LEGAL_PHONE',
        fallback: null,
        meaning: 'Telefon des Betreibers auf den E-Rechnungen (XRechnung verlangt es).',
      },
      {
        name: 'CONTACT_EMAIL',
        fallback: 'kontakt@trinkgeld.example',
        meaning: 'Adresse für Anfragen sowie Rechts- und Support-Links.',
      },
      {
        name: 'SIGNUP',
        fallback: 'open, mit NODE_ENV=production closed',
        meaning:
          'open: Betriebe registrieren sich selbst unter /registrieren (Bestätigung per E-Mail); closed: die Seite bietet stattdessen eine Anfrage per E-Mail.',
      },
      {
        name: 'SEED_DEMO',
        fallback: '0',
        meaning: '1 spielt beim Start Demo-Daten in eine leere PostgreSQL-Datenbank ein.',
      },
      {
        name: 'RETENTION_MAIL_DAYS',
        fallback: '30',
        meaning:
          'Tage, die versendete oder gescheiterte E-Mails im Postausgang bleiben (ohne Anmelde-Token).',
      },
      {
        name: 'RETENTION_ANALYTICS_DAYS',
        fallback: '395',
        meaning: 'Tage, die Analyse-Ereignisse der Gäste aufbewahrt werden.',
      },
      {
        name: 'RETENTION_PROVIDER_PAYLOAD_DAYS',
        fallback: '90',
        meaning:
          'Tage, die Ereignisdaten des Zahlungsanbieters bleiben; danach nur noch die Ereignis-ID.',
      },
      {
        name: 'RETENTION_CLOSED_BUSINESS_DAYS',
        fallback: '90',
        meaning:
          'Tage nach dem Schließen eines Betriebs, bis seine Personendaten gelöscht werden; Trinkgelder bleiben anonymisiert.',
      },
      {
        name: 'LOG_LEVEL',
        fallback: 'info',
        meaning: 'fatal, error, warn, info, debug, trace oder silent; JSON-Zeilen mit Request-ID.',
      },
      {
        name: 'TRUST_PROXY',
        fallback: '0',
        meaning:
          'Adressen oder CIDR-Bereiche der Reverse Proxys, kommagetrennt (z. B. 10.0.0.0/8); nur deren X-Forwarded-For zählt.',
      },
      {
        name: 'WEBHOOK_ALLOW_PRIVATE',
        fallback: '0',
        meaning:
          '1 lässt ausgehende Webhooks an private, Loopback- und Link-Local-Adressen zu (Empfänger in Tests oder im Labor); nie in einem geteilten Betrieb.',
      },
      {
        name: 'METRICS_TOKEN',
        fallback: null,
        meaning:
          'Mindestens 32 Zeichen: GET /metrics antwortet Prometheus nur mit Authorization: Bearer und diesem Token; ohne: 404.',
      },
      {
        name: 'NODE_ENV',
        fallback: 'development',
        meaning:
          'production, development oder test. production braucht DATABASE_URL und zeigt keine Demo-Seiten.',
      },
    ],
  },
  deploy: {
    lead: 'Jede Instanz ist zustandslos: Sitzungen, Rate-Limits, Jobs und Live-Updates laufen über PostgreSQL. Mehrere Instanzen hinter einem Load Balancer teilen sich eine Datenbank.',
    steps: [
      'PostgreSQL 15 oder neuer bereitstellen und DATABASE_URL setzen; Migrationen laufen bei jedem Start unter einer Advisory-Lock, auch wenn mehrere Instanzen gleichzeitig starten.',
      'SESSION_SECRET (mindestens 32 Zeichen) für alle Instanzen gleich setzen, NODE_ENV=production.',
      'PUBLIC_ORIGIN auf die https-Adresse setzen; hinter einem Reverse Proxy zusätzlich TRUST_PROXY mit den Adressen der Proxys (z. B. TRUST_PROXY=10.0.0.0/8).',
      'SMTP_URL und MAIL_FROM für Magic Links und Benachrichtigungen setzen (ohne SMTP_URL startet die Produktion nicht; MAIL_TRANSPORT=log protokolliert E-Mails nur, ohne Links).',
      'Für echte Zahlungen STRIPE_SECRET_KEY und STRIPE_WEBHOOK_SECRET setzen und in Stripe den Webhook auf {PUBLIC_ORIGIN}/api/payments/webhook richten.',
      'npm ci && npm run build && npm prune --omit=dev (Web-App, Server und Befehle in dist, ohne Build-Werkzeuge), dann node dist/server/main.mjs je Instanz starten (oder npm start); in der Produktion wird beim Start nichts gebaut.',
      'Health-Checks: GET /healthz (Prozess lebt) und GET /readyz (Datenbank antwortet, sonst 503).',
    ],
  },
  architecture: {
    lead: 'Ein TypeScript-Paket mit drei Bereichen: src/shared (Browser und Server), src/server (Fastify) und src/web (React). Eine Datenbank-Sprache: PostgreSQL, eingebettet als PGlite oder als echter Server.',
    systemLabel: 'Systembild',
    boxes: {
      guest: {
        title: 'Gast-Browser',
        text: '/t/{uid}: kleine Gast-Seite (guest.html), ohne Router und ohne Personal-Code',
      },
      staff: {
        title: 'Personal-Browser',
        text: 'Web-App (index.html): Dashboard, Admin, öffentliche Seiten',
      },
      server: {
        title: 'Fastify-Server (1…n Instanzen)',
        text: 'zod-Schemas, Sitzungen, Policies, Services, Presenter, Jobs',
      },
      database: {
        title: 'PostgreSQL',
        text: 'oder eingebettet: PGlite; LISTEN/NOTIFY für Live-Updates',
      },
      stripe: { title: 'Stripe', text: 'Checkout, Webhooks, Connect-Auszahlungen' },
      mail: { title: 'SMTP', text: 'Magic Links und E-Mails' },
      aio: { title: 'AiO-Dienst', text: 'NFC/QR-Formatierung (optional)' },
    },
    flowLabel: 'Weg einer Anfrage',
    flow: [
      {
        name: 'route',
        text: 'zod-Schema aus src/shared/api: ungültige Eingaben enden mit 400, bevor Code läuft',
      },
      { name: 'session', text: 'wer fragt?' },
      { name: 'policy', text: 'darf dieser Akteur das mit dieser Ressource?' },
      { name: 'service', text: 'die Fachregel, in einer Transaktion' },
      { name: 'queries', text: 'Drizzle-Abfragen, nach Betrieb gefiltert' },
      { name: 'presenter', text: 'Zeile → API-Form; interne Spalten bleiben intern' },
    ],
    treeLabel: 'Ordnerstruktur (aus docs/architecture.md)',
    decisions: 'Entscheidungen und ihre Gründe stehen in docs/decisions/.',
  },
  api: {
    lead: 'Die API ist durch ein OpenAPI-Dokument beschrieben, das aus denselben zod-Schemas entsteht, mit denen der Server jede Anfrage prüft.',
    open: 'OpenAPI-Dokument öffnen (/api/docs)',
    loading: 'API-Referenz wird geladen...',
    loadError: 'Die API-Referenz konnte nicht geladen werden.',
    head: { method: 'Methode', path: 'Pfad', summary: 'Beschreibung' },
    count: (n: number) => (n === 1 ? '1 Endpunkt' : `${n} Endpunkte`),
  },
} as const;
