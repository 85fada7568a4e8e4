/** German texts of passwords: set-password page, 'Passwort vergessen?', 'Passwort ändern'. */
export const passwordTexts = {
  forgotLink: 'Passwort vergessen?',
  newPassword: 'Neues Passwort',
  repeat: 'Neues Passwort wiederholen',
  currentPassword: 'Aktuelles Passwort',
  rulesHint:
    'Mindestens 6 Zeichen (für Plattform-Administratoren 12). Sehr verbreitete Passwörter, „Trinkgeld“, Ihre E-Mail-Adresse und der Name Ihres Betriebs werden abgelehnt; ein Satz aus mehreren Wörtern ist leicht zu merken und schwer zu erraten.',
  setPage: {
    pageTitle: 'Passwort festlegen',
    heading: 'Passwort festlegen',
    intro: (email: string) => `Legen Sie das Passwort für ${email} fest.`,
    checking: 'Link wird geprüft...',
    submit: 'Passwort speichern',
    saving: 'Wird gespeichert...',
    savedTitle: 'Passwort gespeichert',
    savedMessage: 'Melden Sie sich jetzt mit Ihrem neuen Passwort an.',
    invalidTitle: 'Link ungültig',
    missingToken:
      'Diesem Link fehlt ein Teil. Öffnen Sie ihn erneut aus der E-Mail oder fordern Sie einen neuen an.',
    requestNew: 'Neuen Link anfordern',
    toLogin: 'Zur Anmeldung',
  },
  forgotPage: {
    pageTitle: 'Passwort vergessen',
    heading: 'Passwort vergessen?',
    intro:
      'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.',
    email: 'E-Mail',
    submit: 'Link senden',
    sending: 'Wird gesendet...',
    sentTitle: 'E-Mail unterwegs',
    sent: 'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link gesendet. Er ist 60 Minuten gültig.',
    otherEmail: 'Andere E-Mail verwenden',
    toLogin: 'Zurück zur Anmeldung',
  },
  change: {
    title: 'Passwort ändern',
    intro:
      'Nach der Änderung werden Sie auf allen anderen Geräten abgemeldet; auf diesem bleiben Sie angemeldet.',
    firstTitle: 'Passwort festlegen',
    firstIntro:
      'Sie melden sich bisher per Magic Link an. Mit einem Passwort geht es auch ohne E-Mail.',
    submit: 'Passwort ändern',
    firstSubmit: 'Passwort festlegen',
    saving: 'Wird gespeichert...',
    savedTitle: 'Passwort geändert',
    savedMessage: 'Ihre anderen Sitzungen wurden beendet.',
    firstSavedTitle: 'Passwort festgelegt',
    firstSavedMessage: 'Sie können sich ab jetzt auch mit Ihrem Passwort anmelden.',
    failed: 'Passwort nicht geändert',
    loadFailed: 'Der Passwortstatus konnte nicht geladen werden.',
    afterTwoFactorSetup:
      'Sobald die Zwei-Faktor-Anmeldung unten eingerichtet ist, können Sie hier Ihr Passwort ändern.',
    loading: 'Lade...',
  },
  onboarding: {
    legend: 'Passwort festlegen (optional)',
    hint: 'Ohne Passwort melden Sie sich weiter per Magic Link an. Sie können es später unter „Konto und Sicherheit“ festlegen.',
  },
} as const;
