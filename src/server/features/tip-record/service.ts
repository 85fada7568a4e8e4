import { Readable } from 'node:stream';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';
import {
  DEFAULT_STAFF_LANGUAGE,
  STAFF_LANGUAGES,
  STAFF_LOCALES,
  type StaffLanguage,
} from '../../../shared/domain/staff-language';
import { STAFF_RECORD_TEXTS, type StaffRecordTexts } from '../../../shared/i18n/staff-record';
import type { Database } from '../../db/connect';
import { A4, createPdf, fitSize, printable } from '../../lib/pdf-document';
import { CSV_BOM, type CsvSeparator, csvLine } from '../reports/csv';
import { selectRecordHolder, type TipRecordRow, tipRecordPages } from './queries';

/** How a record in one staff language writes its words, dates and amounts (decision 0460). */
interface RecordFormat {
  language: StaffLanguage;
  texts: StaffRecordTexts;
  /** ';' with the German decimal comma, ',' with the English decimal point. */
  separator: CsvSeparator;
  date: (value: Date | string | null) => string;
  time: (value: Date | string) => string;
  /** An amount for a spreadsheet: no thousands separator, so it reads as a number. */
  plain: (cents: number) => string;
  /** An amount for reading: with thousands separators ('1.277,02'). */
  grouped: (cents: number) => string;
}

function recordFormat(language: StaffLanguage): RecordFormat {
  const locale = STAFF_LOCALES[language];
  const zone = { timeZone: BUSINESS_TIME_ZONE };
  const day = new Intl.DateTimeFormat(locale, {
    ...zone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const clock = new Intl.DateTimeFormat(locale, { ...zone, hour: '2-digit', minute: '2-digit' });
  const amount = (grouping: boolean) => {
    const format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: grouping,
    });
    return (cents: number) => format.format(cents / 100);
  };
  return {
    language,
    texts: STAFF_RECORD_TEXTS[language],
    separator: language === 'de' ? ';' : ',',
    date: (value) => (value ? day.format(new Date(value)) : ''),
    time: (value) => clock.format(new Date(value)),
    plain: amount(false),
    grouped: amount(true),
  };
}

const FORMATS = Object.fromEntries(
  STAFF_LANGUAGES.map((language) => [language, recordFormat(language)]),
) as Record<StaffLanguage, RecordFormat>;

/** The record's file name in the person's language. */
export const tipRecordFileName = (
  language: StaffLanguage,
  range: { from: string; to: string },
  extension: 'csv' | 'pdf',
) => `${STAFF_RECORD_TEXTS[language].fileName(range.from, range.to)}.${extension}`;

const COLUMN_KEYS = [
  'date',
  'time',
  'source',
  'where',
  'gross',
  'contribution',
  'refunded',
  'status',
  'reference',
  'paidOutAt',
] as const;
type ColumnKey = (typeof COLUMN_KEYS)[number];
type RecordFields = Record<ColumnKey, string>;

/** Names differing only in case or spaces are one name ('Restaurant-Service' once). */
const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');

/**
 * Where the tip came from. A team share names its team, and the payment point only when it is
 * called something else; any other tip names its point, the classic QR code it came through, or
 * says it had none.
 */
function whereOf(row: TipRecordRow, texts: StaffRecordTexts): string {
  const point =
    row.point ?? (row.classic_code ? texts.classicCode(row.classic_code) : row.point_uid);
  if (row.team) return point && !sameName(point, row.team) ? `${row.team} · ${point}` : row.team;
  return point ?? texts.noPoint;
}

function fieldsOf(row: TipRecordRow, format: RecordFormat, amount: (cents: number) => string) {
  const { texts } = format;
  return {
    date: format.date(row.created_at),
    time: format.time(row.created_at),
    source: texts.sources[row.source],
    where: whereOf(row, texts),
    gross: amount(row.gross_cents),
    contribution: amount(row.contribution_cents),
    refunded: amount(row.refunded_cents),
    status: texts.status[row.state],
    reference: row.reference ?? '',
    paidOutAt: format.date(row.paid_out_at),
  } satisfies RecordFields;
}

/**
 * The record as CSV, streamed page by page: BOM (Excel opens UTF-8 only with it), German words
 * with ';' and decimal commas, or English ones with ',' and decimal points.
 */
export function tipRecordCsv(
  database: Database,
  profileId: string,
  range: { from: string; to: string },
  language: StaffLanguage,
): Readable {
  const format = FORMATS[language];
  const line = (fields: RecordFields) =>
    csvLine(
      COLUMN_KEYS.map((key) => fields[key]),
      format.separator,
    );
  async function* lines() {
    yield CSV_BOM + line(format.texts.columns);
    for await (const page of tipRecordPages(database, profileId, range)) {
      yield page.map((row) => line(fieldsOf(row, format, format.plain))).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

const LEFT = 40;
const RIGHT = A4.width - 40;
const SIZE = 7.5;
/** The smallest size a reference shrinks to before it would have to wrap. */
const MIN_REFERENCE_SIZE = 5;
const GAP = 3.5;
const COLUMN_GAP = 3.5;
const BOTTOM = A4.height - 45;

/**
 * Table columns of the PDF, left to right: width, whether they hold amounts (right-aligned), and
 * whether the text must stay on one line. A payout reference is one word that a reader copies:
 * it is set smaller until it fits instead of being broken inside; the column takes
 * the demo's 32 characters and Stripe's 27 at full size.
 */
interface Column {
  key: ColumnKey;
  width: number;
  right?: boolean;
  oneLine?: boolean;
  x: number;
}
const COLUMNS: Column[] = (
  [
    { key: 'date', width: 38 },
    { key: 'time', width: 20 },
    { key: 'source', width: 26 },
    { key: 'where', width: 82 },
    { key: 'gross', width: 34, right: true },
    { key: 'contribution', width: 34, right: true },
    { key: 'refunded', width: 40, right: true },
    { key: 'status', width: 40 },
    { key: 'reference', width: 128, oneLine: true },
    { key: 'paidOutAt', width: 38 },
  ] as Omit<Column, 'x'>[]
).reduce<Column[]>((columns, column) => {
  const previous = columns[columns.length - 1];
  const x = previous ? previous.x + previous.width + COLUMN_GAP : LEFT;
  return [...columns, { ...column, x }];
}, []);
const column = (key: ColumnKey) => COLUMNS.find((entry) => entry.key === key)!;

/**
 * The record as a PDF (decision 0370) in the person's staff language: a header with the person
 * and range, a table of all tips whose cells wrap at spaces to the text's measured width (names
 * are never cut off, references never broken), sums with thousands separators at the end. Pages
 * are written while rows are read, so a busy year never sits in memory.
 */
export function tipRecordPdf(
  database: Database,
  person: { name: string; business: string | null; language: StaffLanguage },
  profileId: string,
  range: { from: string; to: string },
): Readable {
  const format = FORMATS[person.language];
  const { texts } = format;
  const heading = printable(texts.heading(person.name));
  const period = texts.period(
    format.date(`${range.from}T12:00:00Z`),
    format.date(`${range.to}T12:00:00Z`),
  );
  const subline = printable([period, person.business].filter(Boolean).join(' · '));
  const doc = createPdf({
    title: `${heading} – ${period}`,
    lang: STAFF_LOCALES[person.language],
  });
  let number = 0;
  let y = 0;

  /** The size each cell of a row is set in: SIZE, or smaller for a long one-line text. */
  const sizesOf = (cells: string[]) =>
    COLUMNS.map((entry, index) =>
      entry.oneLine
        ? fitSize(doc, cells[index]!, {
            width: entry.width,
            size: SIZE,
            min: MIN_REFERENCE_SIZE,
            lines: 1,
          })
        : SIZE,
    );
  const cell = (text: string, entry: Column, top: number, size = SIZE) =>
    doc.fontSize(size).text(text, entry.x, top, {
      width: entry.width,
      align: entry.right ? 'right' : 'left',
      lineGap: 0,
    });
  const rowHeight = (cells: string[], sizes: number[]) =>
    Math.max(
      ...COLUMNS.map((entry, index) =>
        doc.fontSize(sizes[index]!).heightOfString(cells[index]!, {
          width: entry.width,
          lineGap: 0,
        }),
      ),
    );
  const writeRow = (cells: string[]) => {
    const sizes = sizesOf(cells);
    const height = rowHeight(cells, sizes);
    if (y + height > BOTTOM) startPage();
    COLUMNS.forEach((entry, index) => cell(cells[index]!, entry, y, sizes[index]));
    doc.fontSize(SIZE);
    y += height;
  };

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
    doc.text(printable(texts.page(number)), RIGHT - 60, 44, { width: 60, align: 'right' });
    doc.text(subline, LEFT, headingEnd + 4, { width: RIGHT - LEFT - 60 });
    y = doc.y + 14;
    doc.font('bold');
    const titles = COLUMNS.map((entry) => printable(texts.pdfColumns[entry.key]));
    writeRow(titles);
    y += 2;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).stroke('#000000');
    y += GAP + 1;
    doc.font('regular').fontSize(SIZE);
  };

  async function write() {
    const totals = { gross: 0, contribution: 0, refunded: 0, count: 0 };
    startPage();
    for await (const page of tipRecordPages(database, profileId, range)) {
      for (const row of page) {
        const fields = fieldsOf(row, format, format.grouped);
        writeRow(COLUMNS.map((entry) => printable(fields[entry.key])));
        y += GAP;
        totals.gross += row.gross_cents;
        totals.contribution += row.contribution_cents;
        totals.refunded += row.refunded_cents;
        totals.count += 1;
      }
    }
    if (y + 50 > BOTTOM) startPage();
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).stroke('#000000');
    y += GAP + 1;
    doc.font('bold').fontSize(SIZE);
    doc.text(printable(texts.total(totals.count)), LEFT, y, {
      width: column('gross').x - LEFT - COLUMN_GAP,
    });
    const sum = (key: ColumnKey, cents: number) => cell(format.grouped(cents), column(key), y);
    sum('gross', totals.gross);
    sum('contribution', totals.contribution);
    sum('refunded', totals.refunded);
    y += 2 * (SIZE + GAP) + 4;
    doc
      .font('regular')
      .fontSize(7)
      .text(printable(texts.note), LEFT, y, { width: RIGHT - LEFT });
    doc.end();
  }

  write().catch((error: unknown) => doc.destroy(error as Error));
  return doc as unknown as Readable;
}

/**
 * Whom the record is made out to, and in which language: the profile's name, else the session's
 * name or e-mail; the profile's staff language (German when there is no profile).
 */
export async function tipRecordHolder(
  database: Database,
  actor: { profileId: string; fullName: string | null; email: string },
): Promise<{ name: string; business: string | null; language: StaffLanguage }> {
  const person = await selectRecordHolder(database, actor.profileId);
  return {
    name: person?.name ?? actor.fullName ?? actor.email,
    business: person?.business ?? null,
    language: person?.language ?? DEFAULT_STAFF_LANGUAGE,
  };
}
