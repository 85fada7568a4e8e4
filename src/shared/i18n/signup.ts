import { SIGNUP_CONFIRMATION_TTL_HOURS } from '../domain/signup-confirmation';

/** German texts of /registrieren and its confirmation page (decision 0325). */
export const signupTexts = {
  pageTitle: 'Registrierung',
  eyebrow: 'Registrierung',
  heading: 'Betrieb registrieren',
  intro:
    'Legen Sie Ihren Betrieb in wenigen Minuten an. Ihr Passwort wählen Sie, wenn Sie Ihre E-Mail-Adresse bestätigen; danach führt Sie eine Checkliste durch die Einrichtung.',
  fullName: 'Ihr vollständiger Name',
  email: 'E-Mail',
  emailPlaceholder: 'name@betrieb.de',
  emailHint: 'An diese Adresse senden wir den Bestätigungslink. Dort legen Sie Ihr Passwort fest.',
  password: 'Passwort',
  passwordHint:
    'Mindestens 6 Zeichen; häufige Passwörter, „Trinkgeld“, Ihre E-Mail-Adresse und der Name Ihres Betriebs werden abgelehnt.',
  passwordRepeat: 'Passwort wiederholen',
  businessName: 'Name des Betriebs',
  businessNamePlaceholder: 'z. B. Hotel Seeblick',
  agreementsLegend: 'Verträge',
  termsBefore: 'Ich akzeptiere die ',
  termsLink: 'Allgemeinen Geschäftsbedingungen (AGB)',
  termsAfter: (version: string) => ` in der Fassung ${version}.`,
  dpaBefore: 'Ich schließe den ',
  dpaLink: 'Vertrag zur Auftragsverarbeitung (AVV)',
  dpaAfter: (version: string) => ` in der Fassung ${version} ab.`,
  newTab: '(öffnet in neuem Tab)',
  required: 'Pflichtfeld',
  submit: 'Registrieren',
  submitting: 'Wird gesendet...',
  failed: 'Registrierung fehlgeschlagen',
  haveAccount: 'Schon ein Konto?',
  signIn: 'Anmelden',
  backHome: 'Zur Startseite',
  sentTitle: 'Fast geschafft!',
  sentText: (email: string) =>
    `Wir haben einen Bestätigungslink an ${email} gesendet. Er ist ${SIGNUP_CONFIRMATION_TTL_HOURS} Stunden gültig. Über den Link legen Sie Ihr Passwort fest; erst dann legen wir Ihren Betrieb und Ihr Konto an.`,
  sentHint:
    'Keine E-Mail erhalten? Prüfen Sie den Spam-Ordner oder registrieren Sie sich erneut; der ältere Link wird dann ungültig.',
  again: 'Erneut registrieren',
  closedTitle: 'Die Registrierung ist derzeit geschlossen.',
  closedText:
    'Neue Betriebe richten wir zurzeit persönlich ein. Schreiben Sie uns, und wir melden uns mit Ihrem Zugang.',
  closedMail: 'Zugang per E-Mail anfragen',
  closedMailSubject: 'Zugang zu Trinkgeld für unseren Betrieb',
  closedMailBody:
    'Guten Tag,\n\nwir möchten Trinkgeld in unserem Betrieb nutzen. Bitte melden Sie sich bei uns.\n\nBetrieb:\nAnsprechpartner:\nTelefon:\n',
  loading: 'Lade...',
  confirm: {
    pageTitle: 'Registrierung bestätigen',
    heading: 'Registrierung abschließen',
    intro:
      'Wählen Sie das Passwort für Ihr Konto und stimmen Sie den Verträgen zu. Erst dann legen wir Ihren Betrieb an und melden Sie an.',
    submit: 'Registrierung abschließen',
    submitting: 'Wird bestätigt...',
    failedTitle: 'Bestätigung fehlgeschlagen',
    startAgain: 'Erneut registrieren',
    signIn: 'Zur Anmeldung',
    doneTitle: 'Willkommen bei Trinkgeld!',
    doneText: 'Ihr Betrieb ist angelegt. Die Checkliste führt Sie durch die Einrichtung.',
  },
} as const;
