import { TIP_STATUS_LABELS } from '../../../shared/domain/tips';
import type { CsvShareRow, CsvTipRow } from './queries';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';

/** German Excel opens UTF-8 only with a byte order mark; fields are separated by ';'. */
export const CSV_BOM = '\uFEFF';
const TZ = BUSINESS_TIME_ZONE;
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

/** ';' for German spreadsheets (decimal comma), ',' for English ones (decimal point). */
export type CsvSeparator = ';' | ',';

/** Quotes a field when it holds a separator, quote or line break; defuses formula injection. */
export function csvField(value: string, separator: CsvSeparator = ';'): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = [
  'Datum',
  'Uhrzeit',
  'Empfänger',
  'Team',
  'Art',
  'Bezahlpunkt',
  'Anteil (EUR)',
  'Trinkgeld (EUR)',
  'Servicebeitrag (EUR)',
  'Erstattet (EUR)',
  'Status',
  'Auszahlungsreferenz',
  'Ausgezahlt am',
  'Aufteilung',
];

/** The recipient of a paid tip nobody has received yet. */
export const POOL_RECIPIENT = 'Pool (noch nicht zugeordnet)';
const IN_POOL = 'Im Pool';

export function csvLine(fields: string[], separator: CsvSeparator = ';'): string {
  return `${fields.map((field) => csvField(field, separator)).join(separator)}\r\n`;
}

const kindOf = (tip: CsvTipRow) => (tip.team ? 'Team' : tip.recipient ? 'Person' : 'Objekt');
const day = (value: Date | string | null) => (value ? dateFormat.format(new Date(value)) : '');

/**
 * The lines of one tip: one per recipient — the person of a direct tip, every member's
 * share of a team tip, whoever a shift or the owner gave an object's tip to, or the pool. The
 * share ('Anteil') is on every line; the tip's own amounts only on its first line, so both columns
 * sum to the period's total.
 */
export function csvTipLines(tip: CsvTipRow, shares: readonly CsvShareRow[]): string {
  const at = new Date(tip.created_at);
  const tipFields = [
    euros(tip.amount_cents),
    euros(tip.platform_fee_cents),
    euros(tip.refunded_cents),
  ];
  const line = (
    first: boolean,
    receipt: {
      recipient: string;
      cents: number;
      status: string;
      transferId: string | null;
      processedAt: Date | string | null;
      reason: string | null;
    },
  ) =>
    csvLine([
      dateFormat.format(at),
      timeFormat.format(at),
      receipt.recipient,
      tip.team ?? '',
      kindOf(tip),
      tip.point ?? '',
      euros(receipt.cents),
      ...(first ? tipFields : ['', '', '']),
      receipt.status,
      receipt.transferId ?? '',
      day(receipt.processedAt),
      receipt.reason ?? '',
    ]);

  if (tip.recipient !== null) {
    return line(true, {
      recipient: tip.recipient,
      cents: tip.amount_cents,
      status: TIP_STATUS_LABELS[tip.status as keyof typeof TIP_STATUS_LABELS] ?? tip.status,
      transferId: tip.transfer_id,
      processedAt: tip.processed_at,
      reason: null,
    });
  }
  if (shares.length === 0) {
    return line(true, {
      recipient: POOL_RECIPIENT,
      cents: tip.amount_cents,
      status: IN_POOL,
      transferId: null,
      processedAt: null,
      reason: null,
    });
  }
  return shares
    .map((share, index) =>
      line(index === 0, {
        recipient: share.recipient ?? 'Unbekannt',
        cents: share.amount_cents,
        status: share.transfer_id ? TIP_STATUS_LABELS.completed! : TIP_STATUS_LABELS.pending!,
        transferId: share.transfer_id,
        processedAt: share.processed_at,
        reason: share.reason,
      }),
    )
    .join('');
}
