export const REPORT_MESSAGES = {
  from: 'Von: Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.',
  to: 'Bis: Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.',
  reversed: 'Zeitraum: Das Enddatum liegt vor dem Startdatum.',
  tooLong: 'Zeitraum: Bitte wählen Sie höchstens drei Jahre.',
} as const;
