import { personCount } from '../api/payouts';
import { formatCents } from '../domain/money';

/** German texts of the payouts page (/admin/payouts). */
export const payoutTexts = {
  title: 'Auszahlungen',
  description:
    'Bezahlte Trinkgelder und Team-Anteile gehen gesammelt an die Mitarbeitenden: eine Überweisung je Person.',
  demoNote:
    'Demo-Modus: Überweisungen werden simuliert und mit einer Referenz festgehalten; es fließt kein echtes Geld.',
  runNow: 'Jetzt auszahlen',
  confirmTitle: 'Jetzt auszahlen?',
  confirmText:
    'Alle bezahlten, noch nicht ausgezahlten Trinkgelder werden jetzt überwiesen: eine Überweisung je Mitarbeiter mit eingerichtetem Auszahlungskonto. Wer noch keines hat, wird übersprungen; sein Geld bleibt für die nächste Auszahlung.',
  confirm: 'Auszahlen',
  done: (count: number, cents: number) =>
    `${count} ${count === 1 ? 'Überweisung' : 'Überweisungen'} über ${formatCents(cents)}`,
  /** Added to `done` when people without a payout account were left out (decision 0477). */
  doneSkipped: (count: number) => ` · ${personCount(count)} ohne Auszahlungskonto übersprungen`,
  doneTitle: 'Auszahlung abgeschlossen',
  failedTitle: 'Auszahlung nicht möglich',
  schedule: 'Rhythmus',
  scheduleHint: 'Wann die automatische Auszahlung läuft.',
  save: 'Speichern',
  saved: 'Rhythmus gespeichert',
  history: 'Bisherige Auszahlungen',
  empty: 'Noch keine Auszahlungen.',
  columns: {
    date: 'Datum',
    trigger: 'Auslöser',
    transfers: 'Überweisungen',
    total: 'Summe',
    skipped: 'Übersprungen',
    actions: 'Aktionen',
    employee: 'Mitarbeiter',
    amount: 'Betrag',
    status: 'Status',
    reference: 'Referenz',
    tips: 'Trinkgelder',
  },
  open: 'Öffnen',
  openLabel: (date: string) => `Auszahlung vom ${date} öffnen`,
  detailTitle: (date: string) => `Auszahlung vom ${date}`,
  requestedBy: (name: string) => `Gestartet von ${name}`,
  skippedTitle: 'Ohne eingerichtetes Auszahlungskonto (nicht ausgezahlt)',
  skippedHint: 'Das Geld bleibt für die nächste Auszahlung, sobald das Konto eingerichtet ist.',
  close: 'Schließen',
  heldTitle: 'Zur Prüfung angehalten',
  /** Releasing or refunding one held tip (both audited on the server). */
  heldDecisions: {
    release: {
      title: 'Trinkgeld freigeben?',
      confirm: 'Freigeben',
      done: 'Trinkgeld freigegeben; es wird mit der nächsten Auszahlung überwiesen.',
      text: 'Sie haben die Zahlung geprüft. Das Trinkgeld geht in die nächste Auszahlung.',
    },
    refund: {
      title: 'Trinkgeld erstatten?',
      confirm: 'Erstatten',
      done: 'Die Zahlung wurde dem Gast vollständig erstattet.',
      text: 'Der Gast erhält die ganze Zahlung zurück; das Trinkgeld wird nicht ausgezahlt.',
    },
    failedTitle: 'Nicht möglich',
    failedFallback: 'Bitte versuchen Sie es erneut.',
  },
  heldHint:
    'Bei diesen Trinkgeldern passte der bezahlte Betrag oder die Währung nicht zur Zahlung. Sie werden nicht ausgezahlt, bis sie geklärt sind.',
  deducted: 'Abgezogen',
  transferStatus: {
    pending: 'Wartet',
    processing: 'In Bearbeitung',
    paid: 'Überwiesen',
    failed: 'Fehlgeschlagen',
  },
} as const;
