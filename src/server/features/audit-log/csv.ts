import { Readable } from 'node:stream';
import { describeAuditEntry } from '../../../shared/domain/audit-presenter';
import { adminTexts } from '../../../shared/i18n/admin';
import type { Database } from '../../db/connect';
import { CSV_BOM, csvLine } from '../reports/csv';
import { type AuditCsvRow, auditCsvPage } from './queries';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';

/**
 * The audit log of one business as CSV (offered before a business is closed, and to its
 * owners): every row, oldest first, in keyset pages (index admin_audit_log_business_created_idx),
 * so a long log streams without being held in memory. Same format as the tips export (UTF-8 with
 * BOM, ';', the formula guard). Addresses (IP) stay out, as on the audit-log page.
 * Each row reads as on the dashboard: the action's label, the target by name and the
 * German sentence of its presenter, the ids as references; the action code and the stored facts
 * as JSON follow for whoever processes the file.
 */
export const AUDIT_CSV_HEADER = [
  'Datum',
  'Uhrzeit',
  'Person',
  'E-Mail',
  'Aktion',
  'Ziel',
  'Details',
  'Referenzen',
  'Aktionscode',
  'Rohdaten (JSON)',
  'Browser',
];

export type { AuditCsvRow };

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
  second: '2-digit',
});

export function auditCsvLine(row: AuditCsvRow): string {
  const at = new Date(row.at);
  const stored = typeof row.payload === 'string' ? parsed(row.payload) : row.payload;
  const said = describeAuditEntry({
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    payload: stored,
  });
  const raw = JSON.stringify(stored);
  return csvLine([
    dateFormat.format(at),
    timeFormat.format(at),
    row.full_name ??
      (row.api_key_name ? adminTexts.audit.apiKey(row.api_key_name) : row.email ? '' : 'System'),
    row.email ?? '',
    said.label,
    said.target,
    said.sentence,
    said.references.map((reference) => `${reference.label} ${reference.id}`).join(', '),
    row.action,
    raw === '{}' ? '' : raw,
    row.user_agent ?? '',
  ]);
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}

export async function* auditPages(
  database: Database,
  businessId: string,
  pageSize = 2000,
): AsyncGenerator<AuditCsvRow[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows = await auditCsvPage(database, businessId, pageSize, after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}

export function auditCsvStream(database: Database, businessId: string): Readable {
  async function* lines() {
    yield CSV_BOM + csvLine(AUDIT_CSV_HEADER);
    for await (const page of auditPages(database, businessId)) {
      yield page.map(auditCsvLine).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
