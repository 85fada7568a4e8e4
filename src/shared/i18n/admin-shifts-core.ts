/**
 * The shift texts the dashboard needs (the navigation's name of the plan, the pool card), apart
 * from the shift plan's own so the dashboard loads only these (decision 0410).
 */
export const adminShiftsCoreTexts = {
  title: 'Dienstplan',
  description:
    'Wer bedient heute und in den nächsten 14 Tagen welches Objekt (Tisch, Zimmer, Bar) oder ist im Team im Dienst? Trinkgeld geht an die Person, die beim Bezahlen eingeteilt ist.',
  openPlan: 'Dienstplan',
  choosePerson: 'Bitte wählen',
  assigning: 'Wird eingeteilt...',
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
    notice: 'Aushang drucken',
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
