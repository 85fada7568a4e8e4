import { TIP_STATUS_LABELS } from '../../../shared/domain/tips';
import type { CsvTipRow } from './queries';

/** German Excel opens UTF-8 only with a byte order mark; fields are separated by ';'. */
export const CSV_BOM = '\uFEFF';
const TZ = 'Europe/Berlin';
const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TZ,
  hour: '2-digit',
  minute: '2-digit',
});

/** 1234 cents -> "12,34" (de-DE, no thousands separator so spreadsheets read a number). */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** Quotes a field when it holds a separator, quote or line break; defuses formula injection. */
export function csvField(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = [
  'Datum',
  'Uhrzeit',
  'Empfänger',
  'Art',
  'Bezahlpunkt',
  'Trinkgeld (EUR)',
  'Servicebeitrag (EUR)',
  'Erstattet (EUR)',
  'Status',
  'Auszahlungsreferenz',
  'Ausgezahlt am',
];

const SOURCE: Record<string, string> = { direct: 'Person', team: 'Team' };

export function csvLine(fields: string[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}

export function csvTipLine(row: CsvTipRow): string {
  const at = new Date(row.created_at);
  const source = row.team ? SOURCE.team! : row.recipient ? SOURCE.direct! : 'Objekt';
  return csvLine([
    dateFormat.format(at),
    timeFormat.format(at),
    row.recipient ?? row.team ?? 'Betrieb',
    source,
    row.point ?? '',
    euros(row.amount_cents),
    euros(row.platform_fee_cents),
    euros(row.refunded_cents),
    TIP_STATUS_LABELS[row.status as keyof typeof TIP_STATUS_LABELS] ?? row.status,
    row.transfer_id ?? '',
    row.processed_at ? dateFormat.format(new Date(row.processed_at)) : '',
  ]);
}
