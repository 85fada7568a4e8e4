import { berlinDay } from '../../../shared/domain/berlin-time';
import { Readable } from 'node:stream';
import type { Report } from '../../../shared/api/reports';
import { DEFAULT_CURRENCY } from '../../../shared/domain/constants';
import type { Database } from '../../db/connect';
import { presentBatchSummary } from '../payouts/presenter';
import { listBatches } from '../payouts/queries/overview';
import { CSV_BOM, CSV_HEADER, csvLine, csvTipLines } from './csv';
import { type FigureRow, reportRows, tipPages } from './queries';

const figure = (fallback: string) => (row: FigureRow) => ({
  id: row.id,
  name: row.name ?? fallback,
  amountCents: row.amount_cents,
  count: row.n,
});

/** The figures of one business for a range of Europe/Berlin days (both inclusive). */
export async function buildReport(
  database: Database,
  businessId: string,
  range: { from: string; to: string },
): Promise<Report> {
  const rows = await reportRows(database, businessId, range.from, range.to);
  const batches = await listBatches(database.db, businessId, 500);
  const count = rows.totals.n;
  return {
    from: range.from,
    to: range.to,
    currency: DEFAULT_CURRENCY,
    totals: {
      amountCents: rows.totals.amount_cents,
      count,
      contributionsCents: rows.totals.fee_cents,
      refundedCents: rows.totals.refunded_cents,
    },
    byEmployee: rows.byEmployee.map(figure('Unbekannt')),
    pool: { amountCents: rows.pool.amount_cents, count: rows.pool.n },
    byTeam: rows.byTeam.map(figure('Team')),
    byPoint: rows.byPoint.map((row) => ({
      ...figure(row.id || 'Ohne Bezahlpunkt')(row),
      name: row.name ?? (row.id || 'Ohne Bezahlpunkt'),
    })),
    qr: {
      visits: rows.visits.visits,
      visitsWithTip: rows.visits.with_tip,
      paidTips: count,
      // Of the visits whose tips are known (decision 0461): none, and there is no conversion.
      conversion: rows.visits.traced > 0 ? rows.visits.with_tip / rows.visits.traced : null,
      averageCents: count > 0 ? Math.round(rows.totals.amount_cents / count) : null,
      contributionsCents: rows.totals.fee_cents,
    },
    perDay: rows.perDay.map((row) => ({
      day: row.day,
      amountCents: row.amount_cents,
      count: row.n,
    })),
    payouts: batches
      .filter((batch) => {
        const day = berlinDay(batch.createdAt);
        return day >= range.from && day <= range.to;
      })
      .map(presentBatchSummary),
  };
}

/** The CSV export as a stream: BOM and header, then one page of tips at a time. */
export function reportCsvStream(
  database: Database,
  businessId: string,
  range: { from: string; to: string },
): Readable {
  async function* lines() {
    yield CSV_BOM + csvLine(CSV_HEADER);
    for await (const page of tipPages(database, businessId, range.from, range.to)) {
      yield page.tips.map((tip) => csvTipLines(tip, page.shares.get(tip.id) ?? [])).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
