/** The dashboards' hint to set up two-factor sign-in, on every staff screen. */
export const twoFactorBannerTexts = {
  /** The banner's name for screen readers: the feature's name, as its settings call it. */
  label: 'Zwei-Faktor-Anmeldung',
  text: 'Schützen Sie Ihr Konto mit der Zwei-Faktor-Anmeldung.',
  link: 'Jetzt einrichten',
  dismiss: 'Hinweis ausblenden',
} as const;
