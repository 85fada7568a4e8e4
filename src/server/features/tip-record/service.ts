import { Readable } from 'node:stream';
import { TIP_RECORD_SOURCES } from '../../../shared/api/tip-record';
import { TIP_STATUS_LABELS } from '../../../shared/domain/tips';
import type { Database } from '../../db/connect';
import { A4, fitText, type PageContent, pdfDocument, type TextRun } from '../../lib/pdf';
import { CSV_BOM, csvLine, euros } from '../reports/csv';
import { selectRecordHolder, type TipRecordRow, tipRecordPages } from './queries';

const TZ = 'Europe/Berlin';
const day = new Intl.DateTimeFormat('de-DE', {
  timeZone: TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const time = new Intl.DateTimeFormat('de-DE', { timeZone: TZ, hour: '2-digit', minute: '2-digit' });
const dateOf = (value: Date | string | null) => (value ? day.format(new Date(value)) : '');

export const TIP_RECORD_HEADER = [
  'Datum',
  'Uhrzeit',
  'Quelle',
  'Team / Bezahlpunkt',
  'Brutto (EUR)',
  'Servicebeitrag des Gastes (EUR)',
  'Erstattungen (EUR)',
  'Status',
  'Auszahlungsreferenz',
  'Ausgezahlt am',
];

interface RecordFields {
  date: string;
  time: string;
  source: string;
  where: string;
  gross: string;
  contribution: string;
  refunded: string;
  status: string;
  reference: string;
  paidOutAt: string;
}

function fieldsOf(row: TipRecordRow): RecordFields {
  const at = new Date(row.created_at);
  return {
    date: day.format(at),
    time: time.format(at),
    source: TIP_RECORD_SOURCES[row.source],
    where: [row.team, row.point].filter(Boolean).join(' · '),
    gross: euros(row.gross_cents),
    contribution: euros(row.contribution_cents),
    refunded: euros(row.refunded_cents),
    status: TIP_STATUS_LABELS[row.status as keyof typeof TIP_STATUS_LABELS] ?? row.status,
    reference: row.reference ?? '',
    paidOutAt: dateOf(row.paid_out_at),
  };
}

/** The record as CSV for German Excel: BOM, ';', de-DE numbers, streamed page by page. */
export function tipRecordCsv(
  database: Database,
  profileId: string,
  range: { from: string; to: string },
): Readable {
  async function* lines() {
    yield CSV_BOM + csvLine(TIP_RECORD_HEADER);
    for await (const page of tipRecordPages(database, profileId, range)) {
      yield page
        .map((row) => {
          const f = fieldsOf(row);
          return csvLine([
            f.date,
            f.time,
            f.source,
            f.where,
            f.gross,
            f.contribution,
            f.refunded,
            f.status,
            f.reference,
            f.paidOutAt,
          ]);
        })
        .join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Table columns of the PDF: left edge or, for amounts, right edge (x), and width. */
const COLUMNS: {
  key: keyof RecordFields;
  title: string;
  x: number;
  width: number;
  right?: boolean;
}[] = [
  { key: 'date', title: 'Datum', x: 40, width: 46 },
  { key: 'time', title: 'Zeit', x: 88, width: 24 },
  { key: 'source', title: 'Quelle', x: 114, width: 32 },
  { key: 'where', title: 'Team / Bezahlpunkt', x: 148, width: 96 },
  { key: 'gross', title: 'Brutto €', x: 248, width: 40, right: true },
  { key: 'contribution', title: 'Beitrag €', x: 292, width: 38, right: true },
  { key: 'refunded', title: 'Erstattet €', x: 334, width: 40, right: true },
  { key: 'reference', title: 'Auszahlungsreferenz', x: 382, width: 110 },
  { key: 'paidOutAt', title: 'Ausgezahlt', x: 496, width: 50 },
];
const SIZE = 7.5;
const ROW = 11;
const TOP = 110;
const BOTTOM = A4.height - 50;

/**
 * The record as a PDF: a header with the person and range, a table of all tips, sums at the
 * end. Pages are produced while rows are read, so a busy year is never held in memory at once.
 */
export function tipRecordPdf(
  database: Database,
  person: { name: string; business: string | null },
  profileId: string,
  range: { from: string; to: string },
): Readable {
  const heading = `Trinkgeld-Nachweis ${person.name}`;
  const period = `Zeitraum: ${dateOf(`${range.from}T12:00:00Z`)} bis ${dateOf(`${range.to}T12:00:00Z`)}`;

  async function* pages(): AsyncGenerator<PageContent> {
    let number = 0;
    let texts: TextRun[] = [];
    let lines: PageContent['lines'] = [];
    let y = TOP;
    const totals = { gross: 0, contribution: 0, refunded: 0, count: 0 };
    const start = () => {
      number += 1;
      texts = [
        { x: 40, y: 50, text: heading, size: 14, bold: true },
        { x: 40, y: 68, text: [period, person.business].filter(Boolean).join(' · '), size: 9 },
        { x: A4.width - 40, y: 68, text: `Seite ${number}`, size: 9, align: 'right' },
        ...COLUMNS.map((column): TextRun => ({
          x: column.right ? column.x + column.width : column.x,
          y: 95,
          text: column.title,
          size: SIZE,
          bold: true,
          align: column.right ? 'right' : 'left',
        })),
      ];
      lines = [{ x1: 40, x2: A4.width - 40, y: 99 }];
      y = TOP;
    };
    start();
    for await (const page of tipRecordPages(database, profileId, range)) {
      for (const row of page) {
        if (y > BOTTOM) {
          yield { texts, lines };
          start();
        }
        const fields = fieldsOf(row);
        for (const column of COLUMNS) {
          texts.push({
            x: column.right ? column.x + column.width : column.x,
            y,
            text: fitText(fields[column.key], column.width, SIZE),
            size: SIZE,
            align: column.right ? 'right' : 'left',
          });
        }
        totals.gross += row.gross_cents;
        totals.contribution += row.contribution_cents;
        totals.refunded += row.refunded_cents;
        totals.count += 1;
        y += ROW;
      }
    }
    if (y + 3 * ROW > BOTTOM) {
      yield { texts, lines };
      start();
    }
    lines.push({ x1: 40, x2: A4.width - 40, y: y - 7 });
    const sumRow = (key: keyof RecordFields, cents: number): TextRun => {
      const column = COLUMNS.find((c) => c.key === key)!;
      return {
        x: column.x + column.width,
        y: y + 4,
        text: euros(cents),
        size: SIZE,
        bold: true,
        align: 'right',
      };
    };
    texts.push(
      { x: 40, y: y + 4, text: `Summe (${totals.count} Trinkgelder)`, size: SIZE, bold: true },
      sumRow('gross', totals.gross),
      sumRow('contribution', totals.contribution),
      sumRow('refunded', totals.refunded),
      {
        x: 40,
        y: y + 4 + 2 * ROW,
        text: 'Brutto: Trinkgeld für Sie ohne Abzug. Beitrag: freiwilliger Servicebeitrag des Gastes an die Plattform.',
        size: 7,
      },
    );
    yield { texts, lines };
  }
  return Readable.from(pdfDocument(pages(), { title: `${heading} – ${period}` }), {
    objectMode: false,
  });
}

/** Whom the record is made out to: the profile's name, else the session's name or e-mail. */
export async function tipRecordHolder(
  database: Database,
  actor: { profileId: string; fullName: string | null; email: string },
): Promise<{ name: string; business: string | null }> {
  const person = await selectRecordHolder(database, actor.profileId);
  return {
    name: person?.name ?? actor.fullName ?? actor.email,
    business: person?.business ?? null,
  };
}
