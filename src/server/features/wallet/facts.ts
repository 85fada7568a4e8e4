/** What a wallet pass shows about one person's payment point. */
export interface PassFacts {
  pointId: string;
  uid: string;
  personName: string;
  jobTitle: string | null;
  /** The branding's company name, else the business's name. */
  businessName: string;
  colors: { primary: string; secondary: string; accent: string };
  /** The branding logo's media id, when there is one. */
  logoMediaId: string | null;
  /** `{origin}/t/{uid}`: the barcode, so a regenerated or deactivated point shows the error page. */
  tipLink: string;
}

/** German back-of-pass texts; the pass is for the employee, whose product language is German. */
export const PASS_TEXTS = {
  description: (name: string) => `Trinkgeld-Code von ${name}`,
  nameLabel: 'Trinkgeld für',
  jobLabel: 'Position',
  businessLabel: 'Betrieb',
  howLabel: 'So funktioniert es',
  how: 'Zeigen Sie diesen Code Ihren Gästen. Sie scannen ihn mit der Kamera und geben Ihnen im Browser Trinkgeld – per Karte, Apple Pay oder Google Pay, ohne App.',
  linkLabel: 'Trinkgeld-Link',
  changedLabel: 'Neuer Code?',
  changed:
    'Wird Ihr Bezahlpunkt neu erzeugt oder deaktiviert, führt dieser Pass zu einer Fehlerseite. Laden Sie dann den Pass im Dashboard unter „Mein QR-Code“ neu.',
} as const;
