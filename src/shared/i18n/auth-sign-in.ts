/** German texts of the sign-in form and of onboarding (spec §2, §4): part of `staff-sign-in.ts`. */
export const authSignInTexts = {
  login: {
    pageTitle: 'Anmeldung',
    heading: 'Willkommen',
    intro: 'Melden Sie sich mit Ihrem Mitarbeiterkonto an.',
    tabsLabel: 'Anmeldeverfahren',
    passwordTab: 'Passwort',
    magicLinkTab: 'Magic Link',
    email: 'E-Mail',
    emailPlaceholder: 'name@betrieb.de',
    password: 'Passwort',
    submit: 'Anmelden',
    checkingLimit: 'Prüfe Anfragelimit...',
    signingIn: 'Wird angemeldet...',
    magicLinkIntro: 'Wir senden Ihnen einen Link, mit dem Sie sich ohne Passwort anmelden.',
    magicLinkSubmit: 'Magic Link senden',
    sending: 'Wird gesendet...',
    sentTitle: 'E-Mail gesendet!',
    sentText: (email: string) =>
      `Wir haben einen Anmeldelink an ${email} gesendet. Er ist 15 Minuten gültig.`,
    useOtherEmail: 'Andere E-Mail verwenden',
    verifyingLink: 'Anmeldelink wird geprüft...',
    backHome: 'Zur Startseite',
    /** Why the last session ended (decision 0505), until the person closes the notice. */
    dismissNotice: 'Hinweis schließen',
  },
  onboarding: {
    pageTitle: 'Profil vervollständigen',
    heading: 'Willkommen! Vervollständigen Sie Ihr Profil',
    intro:
      'Gäste sehen Ihren Namen, Ihre Position, Ihr Bild und Ihre Dankesnachricht, wenn sie Ihnen Trinkgeld geben.',
    loading: 'Lade...',
    fullName: 'Vollständiger Name',
    fullNamePlaceholder: 'Vor- und Nachname',
    required: 'Pflichtfeld',
    jobTitle: 'Position',
    jobTitlePlaceholder: 'z. B. Kellner, Rezeptionistin',
    thankYouMessage: 'Dankesnachricht',
    thankYouHint: 'Erscheint auf Ihrer Trinkgeld-Seite.',
    picture: 'Profilbild',
    pictureHint: 'PNG, JPEG oder WebP, höchstens 2 MB.',
    uploadPicture: 'Bild hochladen',
    changePicture: 'Bild ändern',
    removePicture: 'Bild entfernen',
    uploading: 'Wird hochgeladen...',
    uploadFailed: 'Bild konnte nicht hochgeladen werden',
    save: 'Profil speichern',
    saving: 'Wird gespeichert...',
    saveFailed: 'Fehler beim Speichern',
    saved: 'Profil erfolgreich erstellt!',
    savedMessage: 'Sie können nun Ihr Dashboard verwenden.',
    payout: {
      title: 'Auszahlung einrichten',
      text: 'Ihr Trinkgeld wird über unseren Zahlungsanbieter direkt auf Ihr Bankkonto ausgezahlt.',
    },
    /**
     * What an owner (or the platform admin) is asked instead (decision 0512):
     * no position, and the payout account is optional and explained.
     */
    owner: {
      intro:
        'Ihr Name erscheint in der Admin-Konsole und im Audit-Log Ihres Betriebs. Bild und Dankesnachricht sehen Gäste nur, wenn Sie selbst Trinkgeld erhalten.',
      payoutTitle: 'Eigene Auszahlung einrichten (optional)',
      payoutText:
        'Nur nötig, wenn Sie selbst Trinkgeld erhalten. Sie können das jederzeit später unter „Einstellungen“ nachholen. Die Auszahlungen Ihres Teams verwalten Sie in der Admin-Konsole unter „Auszahlungen“.',
    },
  },
} as const;
