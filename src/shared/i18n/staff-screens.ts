import { NETWORK_ERROR } from '../domain/network-error';

/**
 * German texts of staff screens that used to be written inside the components:
 * moved here unchanged so the English catalogue can translate them.
 */
export const staffScreenTexts = {
  /** The language select of the settings and of onboarding (decision 0383). */
  language: {
    label: 'Sprache',
    hint: 'Sprache Ihres Dashboards und Ihrer E-Mails.',
    options: { de: 'Deutsch', en: 'English' },
    saved: 'Sprache gespeichert',
  },
  settings: {
    saved: 'Profil gespeichert',
    saveFailed: 'Fehler beim Speichern',
    cancel: 'Abbrechen',
    save: 'Speichern',
  },
  /** No answer from the server at all (`web/lib/api.ts`). */
  networkError: NETWORK_ERROR,
  /** A guest's or one's own words, in the language's quotation marks. */
  quote: (text: string) => `„${text}“`,
  qrAlt: (name: string) => `QR-Code für ${name}`,
  loading: 'Lade...',
  spinner: 'Lädt…',
  closeToast: 'Schließen',
} as const;
