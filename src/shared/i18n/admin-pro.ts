/**
 * Trinkgeld Pro wherever the admin console meets it (decision 0610): the feature names a Basis
 * business meets and the 'Pro' mark with its notice. Every admin page loads these, so they stay
 * apart from the 'Tarif' page's own texts (admin-plan.ts), which load with that page.
 */

/** What each Pro feature is called in the refusal and in the console's notice. */
export const proFeatureNames = {
  branding: 'Eigene Farben, Schrift und Logo (Whitelabel)',
  reports: 'Berichte mit CSV-Export und QR-Statistiken',
  teams: 'Teams mit Aufteilungsregeln',
  manager_role: 'Die Rolle Geschäftsinhaber für weitere Personen',
  shift_routing: 'Der Schichtplan mit Weiterleitung',
  api: 'Der API-Zugang mit Webhooks',
  priority_support: 'Der bevorzugte Support',
  extra_points: 'Mehr als drei Team-, Objekt- oder Betriebs-Bezahlpunkte',
} as const;

/** The mark and the notice every gated screen shows (in the dashboard's first load: small). */
export const adminProTexts = {
  mark: 'Pro',
  markLabel: 'Gehört zu Trinkgeld Pro',
  featureNames: proFeatureNames,
  noticeTitle: 'Gehört zu Trinkgeld Pro',
  noticeBody:
    'Testen Sie Pro 30 Tage kostenlos oder buchen Sie es unter „Tarif“. Was Sie bisher eingerichtet haben, bleibt erhalten und wirkt weiter.',
  toTarif: 'Zum Tarif',
  graceLabel: 'Zahlung für Trinkgeld Pro fehlgeschlagen',
  graceBanner: (date: string) =>
    `Die letzte Zahlung für Trinkgeld Pro ist fehlgeschlagen. Pro bleibt bis ${date} aktiv, während die Zahlung erneut versucht wird; danach gilt Basis.`,
  /** A choice in a list (a role) that only Pro may pick: its name with the mark. */
  markedOption: (label: string) => `${label} (Pro)`,
  /** Under the branding form of a Basis business: what it saves, and what is Pro. */
  brandingTryOut:
    'Name, Dankesnachricht, Sprache und Tonalität speichern Sie auch in Basis. Eigene Farben, Schrift und Logo gehören zu Trinkgeld Pro.',
  /** Above the colours of a Basis business. */
  whitelabelLocked: 'Eigene Farben, Schrift und Logo gehören zu Trinkgeld Pro.',
  /** Basis's allowance of team, object and business points, as far as it is used. */
  sharedPointsUsed: (used: number, allowance: number) =>
    `${used} von ${allowance} Team-, Objekt- oder Betriebs-Bezahlpunkten in Basis genutzt`,
} as const;
