import { Readable } from 'node:stream';
import { TIP_RECORD_SOURCES } from '../../../shared/api/tip-record';
import { TIP_STATUS_LABELS } from '../../../shared/domain/tips';
import type { Database } from '../../db/connect';
import { A4, createPdf, printable } from '../../lib/pdf-document';
import { CSV_BOM, csvLine, euros } from '../reports/csv';
import { selectRecordHolder, type TipRecordRow, tipRecordPages } from './queries';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';

const TZ = BUSINESS_TIME_ZONE;
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

/** Table columns of the PDF: left edge, width, and whether the column holds amounts. */
const COLUMNS: {
  key: keyof RecordFields;
  title: string;
  x: number;
  width: number;
  right?: boolean;
}[] = [
  { key: 'date', title: 'Datum', x: 40, width: 42 },
  { key: 'time', title: 'Zeit', x: 84, width: 24 },
  { key: 'source', title: 'Quelle', x: 110, width: 34 },
  { key: 'where', title: 'Team / Bezahlpunkt', x: 146, width: 98 },
  { key: 'gross', title: 'Brutto €', x: 246, width: 40, right: true },
  { key: 'contribution', title: 'Beitrag €', x: 290, width: 40, right: true },
  { key: 'refunded', title: 'Erstattet €', x: 334, width: 42, right: true },
  { key: 'reference', title: 'Auszahlungsreferenz', x: 382, width: 120 },
  { key: 'paidOutAt', title: 'Ausgezahlt', x: 506, width: 49 },
];
const LEFT = 40;
const RIGHT = A4.width - 40;
const SIZE = 7.5;
const GAP = 3.5;
const BOTTOM = A4.height - 45;

/**
 * The record as a PDF (decision 0370): a header with the person and range, a table of all tips
 * whose cells wrap to the text's measured width (references and names are never cut off), sums
 * at the end. Pages are written while rows are read, so a busy year never sits in memory.
 */
export function tipRecordPdf(
  database: Database,
  person: { name: string; business: string | null },
  profileId: string,
  range: { from: string; to: string },
): Readable {
  const heading = printable(`Trinkgeld-Nachweis ${person.name}`);
  const period = `Zeitraum: ${dateOf(`${range.from}T12:00:00Z`)} bis ${dateOf(`${range.to}T12:00:00Z`)}`;
  const subline = printable([period, person.business].filter(Boolean).join(' · '));
  const doc = createPdf({ title: `${heading} – ${period}` });
  let number = 0;
  let y = 0;

  const cell = (text: string, column: (typeof COLUMNS)[number], top: number) =>
    doc.text(text, column.x, top, {
      width: column.width,
      align: column.right ? 'right' : 'left',
      lineGap: 0,
    });
  const rowHeight = (texts: string[]) =>
    Math.max(
      ...COLUMNS.map((column, index) =>
        doc.heightOfString(texts[index]!, { width: column.width, lineGap: 0 }),
      ),
    );

  const startPage = () => {
    number += 1;
    doc.addPage();
    doc.fillColor('#000000');
    doc
      .font('bold')
      .fontSize(14)
      .text(heading, LEFT, 40, { width: RIGHT - LEFT - 60 });
    const headingEnd = doc.y;
    doc.font('regular').fontSize(9);
    doc.text(`Seite ${number}`, RIGHT - 60, 44, { width: 60, align: 'right' });
    doc.text(subline, LEFT, headingEnd + 4, { width: RIGHT - LEFT - 60 });
    y = doc.y + 14;
    doc.font('bold').fontSize(SIZE);
    const titles = COLUMNS.map((column) => column.title);
    const height = rowHeight(titles);
    COLUMNS.forEach((column, index) => cell(titles[index]!, column, y));
    y += height + 2;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).stroke('#000000');
    y += GAP + 1;
    doc.font('regular').fontSize(SIZE);
  };

  async function write() {
    const totals = { gross: 0, contribution: 0, refunded: 0, count: 0 };
    startPage();
    for await (const page of tipRecordPages(database, profileId, range)) {
      for (const row of page) {
        const fields = fieldsOf(row);
        const texts = COLUMNS.map((column) => printable(fields[column.key]));
        const height = rowHeight(texts);
        if (y + height > BOTTOM) startPage();
        COLUMNS.forEach((column, index) => cell(texts[index]!, column, y));
        y += height + GAP;
        totals.gross += row.gross_cents;
        totals.contribution += row.contribution_cents;
        totals.refunded += row.refunded_cents;
        totals.count += 1;
      }
    }
    doc.font('bold').fontSize(SIZE);
    const note =
      'Brutto: Trinkgeld für Sie ohne Abzug. Beitrag: freiwilliger Servicebeitrag des Gastes an die Plattform.';
    if (y + 50 > BOTTOM) startPage();
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).stroke('#000000');
    y += GAP + 1;
    doc.font('bold').fontSize(SIZE);
    doc.text(`Summe (${totals.count} Trinkgelder)`, LEFT, y, { width: 200 });
    const sum = (key: keyof RecordFields, cents: number) =>
      cell(
        euros(cents),
        COLUMNS.find((column) => column.key === key)!,
        y,
      );
    sum('gross', totals.gross);
    sum('contribution', totals.contribution);
    sum('refunded', totals.refunded);
    y += 2 * (SIZE + GAP) + 4;
    doc
      .font('regular')
      .fontSize(7)
      .text(note, LEFT, y, { width: RIGHT - LEFT });
    doc.end();
  }

  write().catch((error: unknown) => doc.destroy(error as Error));
  return doc as unknown as Readable;
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
