import { endsNextDay } from '../domain/shifts';

/** German texts of the shift plan /admin/shifts and the pool on the dashboard (issue 11). */
export const adminShiftsTexts = {
  title: 'Dienstplan',
  description:
    'Wer bedient heute und in den nächsten 14 Tagen welches Objekt (Tisch, Zimmer, Bar) oder ist im Team im Dienst? Trinkgeld geht an die Person, die beim Bezahlen eingeteilt ist.',
  openPlan: 'Dienstplan',
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
  choosePerson: 'Bitte wählen',
  day: 'Tag',
  start: 'Beginn (optional)',
  end: 'Ende (optional)',
  timesHint: 'Ohne Uhrzeit gilt die Einteilung für den ganzen Tag.',
  assign: 'Einteilen',
  assigning: 'Wird eingeteilt...',
  assigned: (name: string) => `${name} eingeteilt.`,
  wholeDay: 'ganzer Tag',
  /** A shift that ends at or before its start runs into the next day (issue 31 item 17). */
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
  pool: {
    title: 'Pool des Betriebs',
    description:
      'Trinkgelder, die niemanden erreicht haben (kein Dienst eingeteilt, kein Team). Weisen Sie sie einer Person zu; bis zur nächsten Auszahlung können Sie das rückgängig machen.',
    empty: 'Der Pool ist leer.',
    total: (n: number, amount: string) =>
      n === 1 ? `1 Trinkgeld, ${amount}` : `${n} Trinkgelder, zusammen ${amount}`,
    place: (label: string | null) => label ?? 'Betrieb',
    assignTo: 'Zuweisen an',
    assign: 'Zuweisen',
    assignLabel: (amount: string, date: string) => `Trinkgeld über ${amount} vom ${date} zuweisen`,
    assigned: (name: string) => `Trinkgeld ${name} zugewiesen.`,
    noMessage: 'Ohne Nachricht',
    confirmTitle: 'Trinkgeld zuweisen?',
    confirmText: (amount: string, place: string, person: string) =>
      `${amount} (${place}) gehen an ${person}. Bis zur nächsten Auszahlung können Sie das rückgängig machen.`,
    loadMore: (n: number) => `Mehr laden (${n} weitere)`,
    loadingMore: 'Wird geladen...',
    shown: (shown: number, total: number) => `${shown} von ${total} angezeigt`,
    assignedTitle: 'Zugewiesen, noch nicht ausgezahlt',
    assignedHint:
      'Bis zur nächsten Auszahlung können Sie eine Zuweisung rückgängig machen; das Trinkgeld liegt dann wieder im Pool.',
    assignedTo: (amount: string, place: string, person: string) =>
      `${amount} · ${place} → ${person}`,
    undo: 'Rückgängig',
    undoLabel: (amount: string, person: string) =>
      `Zuweisung von ${amount} an ${person} rückgängig machen`,
    undone: (amount: string) => `Zuweisung rückgängig gemacht: ${amount} liegt wieder im Pool.`,
    undoFailed: 'Rückgängig machen fehlgeschlagen',
    loadFailed: 'Der Pool konnte nicht geladen werden.',
  },
} as const;
