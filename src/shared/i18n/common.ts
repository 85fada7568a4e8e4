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
  notFound: {
    title: 'Oops! Page not found',
    code: '404',
    link: 'Return to Home',
  },
  theme: {
    label: 'Farbschema',
    light: 'Hell',
    dark: 'Dunkel',
    system: 'System',
  },
} as const;
