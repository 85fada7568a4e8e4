import { describe, expect, it } from 'vitest';
import { ROTA_MAX_BYTES, ROTA_MAX_LINES } from '../../../shared/api/rota-import';
import {
  decodeRotaFile,
  detectSeparator,
  guessMapping,
  mappingFits,
  parseRotaDay,
  parseRotaTime,
  readRotaLine,
  readRotaTable,
  RotaFileError,
  rotaShiftMinutes,
  splitCsv,
} from './rota-csv';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 of Latin-1 text (every character below U+0100 is one byte). */
const cp1252 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
const mapping = { person: 'E-Mail', day: 'Datum', start: 'Beginn', end: 'Ende', target: 'Team' };

describe('decoding', () => {
  it('reads UTF-8 with and without BOM', () => {
    expect(decodeRotaFile(utf8('\uFEFFName;Müller'))).toEqual({
      text: 'Name;Müller',
      encoding: 'utf-8',
    });
    expect(decodeRotaFile(utf8('Name;Müller'))).toEqual({ text: 'Name;Müller', encoding: 'utf-8' });
  });

  it('reads bytes that are not UTF-8 as Windows-1252 (Müller, Küche, €)', () => {
    const bytes = Uint8Array.from([...cp1252('Müller;Küche;'), 0x80]);
    expect(decodeRotaFile(bytes)).toEqual({ text: 'Müller;Küche;€', encoding: 'windows-1252' });
  });
});

describe('separators and cells', () => {
  it('detects semicolon and comma by the header line, ignoring quoted ones', () => {
    expect(detectSeparator('E-Mail;Datum;Beginn;Ende')).toBe(';');
    expect(detectSeparator('E-Mail,Datum,Beginn,Ende')).toBe(',');
    expect(detectSeparator('"a,b,c";Datum;Beginn')).toBe(';');
  });

  it('splits quoted cells with separators, doubled quotes and CRLF', () => {
    expect(splitCsv('a;"b;c";"d ""x"""\r\n1;2;3', ';')).toEqual([
      ['a', 'b;c', 'd "x"'],
      ['1', '2', '3'],
    ]);
  });

  it('reads a comma file with a BOM into header and lines, skipping blank lines', () => {
    const table = readRotaTable(
      utf8('\uFEFFE-Mail,Datum,Beginn,Ende\r\nmaria@x.de,16.03.2026,18:00,02:00\r\n\r\n'),
    );
    expect(table).toEqual({
      encoding: 'utf-8',
      separator: ',',
      headers: ['E-Mail', 'Datum', 'Beginn', 'Ende'],
      rows: [{ line: 2, cells: ['maria@x.de', '16.03.2026', '18:00', '02:00'] }],
    });
  });

  it('reads a Windows-1252 semicolon file with umlauts', () => {
    const table = readRotaTable(
      cp1252('E-Mail;Datum;Beginn;Ende;Team\nmüller@x.de;16.03.2026;08:00;16:00;Küche\n'),
    );
    expect(table.encoding).toBe('windows-1252');
    expect(table.separator).toBe(';');
    expect(table.rows[0]!.cells).toEqual(['müller@x.de', '16.03.2026', '08:00', '16:00', 'Küche']);
  });

  it('refuses empty files, files without header, too large files and too many lines', () => {
    const problem = (bytes: Uint8Array) => {
      try {
        readRotaTable(bytes);
        return null;
      } catch (error) {
        return error instanceof RotaFileError ? error.problem : 'other';
      }
    };
    expect(problem(utf8(''))).toBe('empty');
    expect(problem(utf8('\uFEFF \r\n'))).toBe('empty');
    expect(problem(utf8(';;;\n'))).toBe('no_header');
    expect(problem(new Uint8Array(ROTA_MAX_BYTES + 1).fill(65))).toBe('too_large');
    const lines = `a;b\n${'x;y\n'.repeat(ROTA_MAX_LINES + 1)}`;
    expect(problem(utf8(lines))).toBe('too_many_lines');
    expect(problem(utf8(`a;b\n${'x;y\n'.repeat(ROTA_MAX_LINES)}`))).toBeNull();
  });
});

describe('days, times and spans', () => {
  it('reads German and ISO dates and refuses impossible ones', () => {
    expect(parseRotaDay('16.03.2026')).toBe('2026-03-16');
    expect(parseRotaDay('6.3.2026')).toBe('2026-03-06');
    expect(parseRotaDay('16.03.26')).toBe('2026-03-16');
    expect(parseRotaDay('2026-03-16')).toBe('2026-03-16');
    expect(parseRotaDay('30.02.2026')).toBeNull();
    expect(parseRotaDay('2026-02-30')).toBeNull();
    expect(parseRotaDay('16/03/2026')).toBeNull();
    expect(parseRotaDay('')).toBeNull();
  });

  it('reads HH:MM, H:MM and HH.MM and refuses the rest', () => {
    expect(parseRotaTime('08:00')).toBe('08:00');
    expect(parseRotaTime('8:30')).toBe('08:30');
    expect(parseRotaTime('18.45')).toBe('18:45');
    expect(parseRotaTime('18:45:00')).toBe('18:45');
    expect(parseRotaTime('24:00')).toBeNull();
    expect(parseRotaTime('12:60')).toBeNull();
    expect(parseRotaTime('abends')).toBeNull();
  });

  it('runs an end before the start past midnight up to 16 hours; longer or equal is an error', () => {
    expect(rotaShiftMinutes('08:00', '16:00')).toEqual({ start: 480, end: 960 });
    expect(rotaShiftMinutes('18:00', '02:00')).toEqual({ start: 1080, end: 1560 });
    expect(rotaShiftMinutes('18:00', '10:00')).toEqual({ start: 1080, end: 2040 });
    expect(rotaShiftMinutes('18:00', '00:00')).toEqual({ start: 1080, end: 1440 });
    expect(rotaShiftMinutes('16:00', '08:00')).toEqual({ start: 960, end: 1920 });
    expect(rotaShiftMinutes('16:00', '08:01')).toBe('end_before_start');
    expect(rotaShiftMinutes('14:00', '10:00')).toBe('end_before_start');
    expect(rotaShiftMinutes('10:00', '10:00')).toBe('end_before_start');
  });
});

describe('mapping and lines', () => {
  it('guesses a mapping from German and English header names', () => {
    expect(guessMapping(['E-Mail', 'Datum', 'Beginn', 'Ende', 'Team'])).toEqual(mapping);
    expect(guessMapping(['Email', 'Date', 'Start', 'End'])).toEqual({
      person: 'Email',
      day: 'Date',
      start: 'Start',
      end: 'End',
    });
    expect(guessMapping(['x', 'y'])).toEqual({});
  });

  it('fits a mapping only when every named column is in the file', () => {
    expect(mappingFits(mapping, ['E-Mail', 'Datum', 'Beginn', 'Ende', 'Team'])).toBe(true);
    expect(mappingFits({ ...mapping, target: null }, ['E-Mail', 'Datum', 'Beginn', 'Ende'])).toBe(
      true,
    );
    expect(mappingFits(mapping, ['E-Mail', 'Datum', 'Beginn', 'Ende'])).toBe(false);
    expect(mappingFits({ person: 'E-Mail' }, ['E-Mail'])).toBe(false);
  });

  const headers = ['Team', 'E-Mail', 'Datum', 'Beginn', 'Ende'];
  const line = (cells: string[]) => readRotaLine({ line: 2, cells }, headers, mapping);

  it('reads a line through the mapping, whatever the column order', () => {
    expect(line(['Küche', 'müller@x.de', '16.03.2026', '18:00', '02:00'])).toEqual({
      line: 2,
      person: 'müller@x.de',
      day: '2026-03-16',
      startTime: '18:00',
      endTime: '02:00',
      minutes: { start: 1080, end: 1560 },
      target: 'Küche',
      problems: [],
    });
  });

  it('names each problem of a line', () => {
    expect(line(['', '', '', '', '']).problems.map((p) => p.code)).toEqual([
      'person_missing',
      'day_invalid',
      'start_invalid',
      'end_invalid',
    ]);
    expect(line(['', 'a@x.de', '31.02.2026', '8 Uhr', '16:00']).problems).toEqual([
      { code: 'day_invalid', value: '31.02.2026' },
      { code: 'start_invalid', value: '8 Uhr' },
    ]);
    expect(line(['', 'a@x.de', '16.03.2026', '14:00', '10:00']).problems).toEqual([
      { code: 'end_before_start' },
    ]);
    // A short line: the missing cells are empty.
    expect(line(['Bar', 'a@x.de']).problems.map((p) => p.code)).toEqual([
      'day_invalid',
      'start_invalid',
      'end_invalid',
    ]);
  });
});
