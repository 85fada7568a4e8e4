import { endsNextDay } from '../domain/shifts';

/**
 * German texts of the shift plan /admin/shifts; its name, the words the pool card on
 * the dashboard shares with it and the pool's own are in admin-shifts-core.ts (decision 0410).
 */
export const adminShiftsTexts = {
  target: 'Objekt oder Team',
  targetPoint: (label: string, team: string | null) =>
    team ? `Objekt: ${label} (sonst Team ${team})` : `Objekt: ${label}`,
  targetTeam: (label: string) => `Team: ${label}`,
  noTargets:
    'Noch keine Objekte oder Teams. Legen Sie in der UID-Verwaltung einen Bezahlpunkt vom Typ Objekt oder unter Benutzer ein Team an.',
  fallbackPoint: (team: string | null) =>
    team
      ? `Ist niemand eingeteilt, geht das Trinkgeld an das Team ${team}.`
      : 'Ist niemand eingeteilt, geht das Trinkgeld in den Pool des Betriebs.',
  fallbackTeam:
    'Ist jemand eingeteilt, wird nur unter diesen Personen aufgeteilt; sonst unter allen Mitgliedern.',
  person: 'Mitarbeiter',
  day: 'Tag',
  start: 'Beginn (optional)',
  end: 'Ende (optional)',
  timesHint: 'Ohne Uhrzeit gilt die Einteilung für den ganzen Tag.',
  assign: 'Einteilen',
  assigned: (name: string) => `${name} eingeteilt.`,
  wholeDay: 'ganzer Tag',
  /** A shift that ends at or before its start runs into the next day. */
  range: (start: string, end: string) =>
    `${start}–${end} Uhr${endsNextDay(start, end) ? ' (bis Folgetag)' : ''}`,
  endsNextDay: (end: string) => `Endet am Folgetag um ${end} Uhr.`,
  today: 'Heute',
  nobody: 'Niemand eingeteilt',
  remove: (name: string, day: string) => `Einteilung von ${name} am ${day} entfernen`,
  removed: 'Einteilung entfernt.',
  copyWeek: 'Woche kopieren',
  copyTitle: 'Diese Woche auf die nächste kopieren?',
  copyText: (from: string, to: string) =>
    `Die Einteilungen vom ${from} bis ${to} werden auf die folgenden sieben Tage übertragen; die Einteilung dort wird ersetzt.`,
  copied: (n: number) => (n === 1 ? '1 Einteilung kopiert.' : `${n} Einteilungen kopiert.`),
} as const;
