import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The texts of splits by hours (decision 0660): 'Pool verteilen' and 'Punkte je Rolle'. */
const de = {
  poolDistribution: {
    title: 'Pool verteilen',
    open: 'Pool nach Arbeitsstunden verteilen …',
    description:
      'Verteilt das Geld im Pool eines Tages oder einer Woche nach Arbeitsstunden laut Dienstplan (Stunden × Punkte je Rolle). Sie sehen zuerst jeden Anteil; erst mit „Verteilen“ wird gebucht.',
    period: 'Zeitraum',
    periods: { day: 'Tag', week: 'Woche (Mo–So)' },
    day: 'Datum',
    preview: 'Vorschau anzeigen',
    previewing: 'Wird berechnet...',
    previewFailed: 'Die Vorschau konnte nicht berechnet werden.',
    summary: (tips: number, amount: string, period: string) =>
      `${tips} Trinkgeld${tips === 1 ? '' : 'er'} über ${amount} im Pool (${period}).`,
    nothing: 'In diesem Zeitraum liegt kein Trinkgeld im Pool.',
    nobody: 'In diesem Zeitraum hat laut Dienstplan niemand gearbeitet.',
    columns: { person: 'Person', hours: 'Stunden', points: 'Punkte', share: 'Anteil' },
    confirm: 'Verteilen',
    confirming: 'Wird verteilt...',
    done: (amount: string, people: number) =>
      `${amount} an ${people} ${people === 1 ? 'Person' : 'Personen'} verteilt. Die Anteile gehen mit der nächsten Auszahlung hinaus.`,
    failed: 'Der Pool konnte nicht verteilt werden.',
  },
  workPoints: {
    open: 'Punkte je Rolle …',
    title: 'Punkte je Rolle',
    description:
      'Bei „Nach Arbeitsstunden“ und „Pool verteilen“ zählen die Stunden mal diese Punkte (z. B. Service 1, Küche 0,5). Ohne Eintrag zählt 1. Gilt für künftige Aufteilungen.',
    points: 'Punkte',
    role: 'Rolle',
    save: 'Punkte speichern',
    saving: 'Wird gespeichert...',
    saved: 'Punkte gespeichert.',
    failed: 'Die Punkte konnten nicht gespeichert werden.',
  },
} as const;

export const adminHoursPart: AdminCataloguePart<Translation<typeof de>> = { de };
