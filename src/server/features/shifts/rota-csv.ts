/**
 * 'Dienstplan importieren' (decision 0670): the pure part. Decodes a rota file (UTF-8 with or
 * without BOM, else Windows-1252), finds its separator (semicolon or comma), splits it into
 * cells (quotes allowed) and reads each line's day and times. No database here.
 */
import { isValidDay, isValidTime, timeToMinute } from '../../../shared/domain/shifts';
import {
  ROTA_FIELDS,
  ROTA_MAX_BYTES,
  ROTA_MAX_LINES,
  ROTA_OVERNIGHT_MAX_MINUTES,
  type RotaField,
  type RotaMapping,
} from '../../../shared/api/rota-import';

export type RotaFileProblem = 'empty' | 'too_large' | 'too_many_lines' | 'no_header';

export class RotaFileError extends Error {
  constructor(readonly problem: RotaFileProblem) {
    super(problem);
  }
}

export interface RotaTable {
  encoding: 'utf-8' | 'windows-1252';
  separator: ';' | ',';
  headers: string[];
  /** The data lines with their line number in the file (the header is line 1). */
  rows: { line: number; cells: string[] }[];
}

// Windows-1252's bytes 0x80-0x9F (some Node versions decode 'windows-1252' as Latin-1 there).
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** UTF-8 (a BOM is dropped) when the bytes are valid UTF-8, else Windows-1252. */
export function decodeRotaFile(bytes: Uint8Array): {
  text: string;
  encoding: RotaTable['encoding'];
} {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    const text = new TextDecoder('windows-1252')
      .decode(body)
      .replace(/[\u0080-\u009F]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80]!);
    return { text, encoding: 'windows-1252' };
  }
}

/** Semicolon unless the header line holds more commas than semicolons (outside quotes). */
export function detectSeparator(headerLine: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

/** Splits CSV text into lines of cells; quotes may hold separators, doubled quotes and breaks. */
export function splitCsv(text: string, separator: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      cells.push(cell);
      lines.push(cells);
      cells = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    lines.push(cells);
  }
  return lines;
}

/** The file as a table: header and data lines (blank lines skipped). Throws RotaFileError. */
export function readRotaTable(bytes: Uint8Array): RotaTable {
  if (bytes.length > ROTA_MAX_BYTES) throw new RotaFileError('too_large');
  const { text, encoding } = decodeRotaFile(bytes);
  if (text.trim() === '') throw new RotaFileError('empty');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const separator = detectSeparator(firstLine);
  const lines = splitCsv(text, separator)
    .map((cells, index) => ({ line: index + 1, cells: cells.map((cell) => cell.trim()) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  const [header, ...rows] = lines;
  if (!header || header.cells.every((cell) => cell === '')) throw new RotaFileError('no_header');
  if (rows.length > ROTA_MAX_LINES) throw new RotaFileError('too_many_lines');
  return { encoding, separator, headers: header.cells, rows };
}

const GUESSES: Record<RotaField, RegExp> = {
  person: /e-?mail|mitarbeiter|person|name|staff/i,
  day: /datum|tag|date|day/i,
  start: /beginn|start|von|anfang|from/i,
  end: /ende|bis|end|to/i,
  target: /team|bezahlpunkt|punkt|bereich|abteilung|objekt|point/i,
};

/** A mapping guessed from the header names: the first unused column that fits each field. */
export function guessMapping(headers: string[]): Partial<RotaMapping> {
  const used = new Set<string>();
  const mapping: Partial<RotaMapping> = {};
  for (const field of ROTA_FIELDS) {
    const found = headers.find((header) => !used.has(header) && GUESSES[field].test(header));
    if (found) {
      mapping[field] = found;
      used.add(found);
    }
  }
  return mapping;
}

/** Whether every column the mapping names is in the file (a target column is optional). */
export function mappingFits(mapping: Partial<RotaMapping>, headers: string[]): boolean {
  return (
    (['person', 'day', 'start', 'end'] as const).every(
      (field) => mapping[field] !== undefined && headers.includes(mapping[field]!),
    ) &&
    (mapping.target === undefined || mapping.target === null || headers.includes(mapping.target))
  );
}

/** 'TT.MM.JJJJ' (also T.M.JJJJ and TT.MM.JJ) or ISO 'JJJJ-MM-TT' as YYYY-MM-DD, else null. */
export function parseRotaDay(value: string): string | null {
  const text = value.trim();
  if (isValidDay(text)) return text;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  if (!german) return null;
  const year = german[3]!.length === 2 ? `20${german[3]}` : german[3]!;
  const day = `${year}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}`;
  return isValidDay(day) ? day : null;
}

/** 'HH:MM' (also 'H:MM' and 'HH.MM') as HH:MM, else null. */
export function parseRotaTime(value: string): string | null {
  const match = /^(\d{1,2})[:.](\d{2})(?::00)?$/.exec(value.trim());
  if (!match) return null;
  const time = `${match[1]!.padStart(2, '0')}:${match[2]}`;
  return isValidTime(time) ? time : null;
}

/**
 * The local minutes of a shift on its start day (decision 0670): an end before the start runs
 * past midnight when the shift then lasts at most 16 hours (18:00–02:00); a longer one, and an
 * end equal to the start, is 'end before start'.
 */
export function rotaShiftMinutes(
  start: string,
  end: string,
): { start: number; end: number } | 'end_before_start' {
  const from = timeToMinute(start);
  const raw = timeToMinute(end);
  if (raw > from) return { start: from, end: raw };
  const to = raw + 1440;
  if (to - from >= 1440 || to - from > ROTA_OVERNIGHT_MAX_MINUTES) return 'end_before_start';
  return { start: from, end: to };
}

export type RotaLineProblem =
  | { code: 'person_missing' }
  | { code: 'day_invalid'; value: string }
  | { code: 'start_invalid'; value: string }
  | { code: 'end_invalid'; value: string }
  | { code: 'end_before_start' };

export interface RotaLineFields {
  line: number;
  person: string;
  day: string | null;
  startTime: string | null;
  endTime: string | null;
  minutes: { start: number; end: number } | null;
  /** The team or point named on the line, '' when none. */
  target: string;
  problems: RotaLineProblem[];
}

/** One data line read through the mapping: its values and what is wrong with them. */
export function readRotaLine(
  row: { line: number; cells: string[] },
  headers: string[],
  mapping: RotaMapping,
): RotaLineFields {
  const cell = (column: string | null) =>
    column === null ? '' : (row.cells[headers.indexOf(column)] ?? '').trim();
  const problems: RotaLineProblem[] = [];
  const person = cell(mapping.person);
  if (person === '') problems.push({ code: 'person_missing' });
  const dayText = cell(mapping.day);
  const day = parseRotaDay(dayText);
  if (!day) problems.push({ code: 'day_invalid', value: dayText });
  const startText = cell(mapping.start);
  const startTime = parseRotaTime(startText);
  if (!startTime) problems.push({ code: 'start_invalid', value: startText });
  const endText = cell(mapping.end);
  const endTime = parseRotaTime(endText);
  if (!endTime) problems.push({ code: 'end_invalid', value: endText });
  let minutes: RotaLineFields['minutes'] = null;
  if (startTime && endTime) {
    const span = rotaShiftMinutes(startTime, endTime);
    if (span === 'end_before_start') problems.push({ code: 'end_before_start' });
    else minutes = span;
  }
  return {
    line: row.line,
    person,
    day,
    startTime,
    endTime,
    minutes,
    target: cell(mapping.target ?? null),
    problems,
  };
}
