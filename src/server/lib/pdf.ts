/**
 * A small streaming PDF writer for text tables (decision 0151): A4 pages, the standard
 * Helvetica fonts with WinAnsiEncoding (so "ä ö ü ß €" need no embedded font), uncompressed
 * content streams. Pages are written as they are filled; only the byte offsets of the objects
 * and the page ids are kept, so a record of many thousand rows never sits in memory at once.
 */

export const A4 = { width: 595.28, height: 841.89 } as const;

/** Helvetica advance widths (1/1000 em) for the characters tables use most; others ~ 556. */
const WIDTHS: Record<string, number> = {
  ' ': 278,
  ',': 278,
  '.': 278,
  '-': 333,
  ':': 278,
  '/': 278,
  '(': 333,
  ')': 333,
  '€': 556,
  '0': 556,
  '1': 556,
  '2': 556,
  '3': 556,
  '4': 556,
  '5': 556,
  '6': 556,
  '7': 556,
  '8': 556,
  '9': 556,
  i: 222,
  l: 222,
  j: 222,
  f: 278,
  t: 278,
  r: 333,
  I: 278,
  m: 833,
  w: 722,
  M: 833,
  W: 944,
  _: 556,
};

export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const char of text) units += WIDTHS[char] ?? (char === char.toUpperCase() ? 667 : 556);
  return (units * size * (bold ? 1.05 : 1)) / 1000;
}

/** Cuts text to fit a width, with "…" when cut. */
export function fitText(text: string, width: number, size: number): string {
  if (textWidth(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && textWidth(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** WinAnsiEncoding (cp1252) code points outside Latin-1 that German texts use. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
  '\u00a0': 0x20,
};

/** A PDF string literal in WinAnsi bytes; characters it cannot show become '?'. */
export function pdfString(text: string): Buffer {
  const bytes: number[] = [0x28];
  for (const char of text) {
    let code = WIN_ANSI[char] ?? char.codePointAt(0)!;
    if (code > 0xff || (code < 0x20 && code !== 0x09)) code = 0x3f;
    if (code === 0x28 || code === 0x29 || code === 0x5c) bytes.push(0x5c);
    bytes.push(code);
  }
  bytes.push(0x29);
  return Buffer.from(bytes);
}

export interface TextRun {
  x: number;
  /** From the top of the page, like a screen. */
  y: number;
  text: string;
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right';
}

export interface PageContent {
  texts: TextRun[];
  /** Horizontal rules, from the top of the page. */
  lines?: { x1: number; x2: number; y: number }[];
}

function pageStream(content: PageContent): Buffer {
  const parts: Buffer[] = [];
  for (const line of content.lines ?? []) {
    const y = (A4.height - line.y).toFixed(2);
    parts.push(Buffer.from(`0.5 w ${line.x1.toFixed(2)} ${y} m ${line.x2.toFixed(2)} ${y} l S\n`));
  }
  for (const run of content.texts) {
    const size = run.size ?? 9;
    const x = run.align === 'right' ? run.x - textWidth(run.text, size, run.bold) : run.x;
    parts.push(
      Buffer.from(
        `BT /${run.bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(2)} ${(A4.height - run.y).toFixed(2)} Td `,
      ),
      pdfString(run.text),
      Buffer.from(' Tj ET\n'),
    );
  }
  return Buffer.concat(parts);
}

/**
 * Yields the bytes of a PDF whose pages come from `pages` one at a time. Object 1 is the
 * catalog, 2 the page tree (written last, when all pages are known), 3 and 4 the fonts.
 */
export async function* pdfDocument(
  pages: AsyncIterable<PageContent>,
  info: { title: string },
): AsyncGenerator<Buffer> {
  const offsets: number[] = [];
  let position = 0;
  const emit = (chunk: Buffer) => {
    position += chunk.length;
    return chunk;
  };
  const object = (id: number, body: Buffer | string): Buffer => {
    offsets[id] = position;
    return emit(
      Buffer.concat([
        Buffer.from(`${id} 0 obj\n`),
        typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
        Buffer.from('\nendobj\n'),
      ]),
    );
  };
  yield emit(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  yield object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  yield object(
    3,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  yield object(
    4,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const title = pdfString(info.title);
  yield object(
    5,
    Buffer.concat([Buffer.from('<< /Title '), title, Buffer.from(' /Producer (Trinkgeld) >>')]),
  );
  const pageIds: number[] = [];
  let next = 6;
  for await (const page of pages) {
    const stream = pageStream(page);
    const contentId = next++;
    const pageId = next++;
    yield object(
      contentId,
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} >>\nstream\n`),
        stream,
        Buffer.from('\nendstream'),
      ]),
    );
    yield object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    pageIds.push(pageId);
  }
  yield object(
    2,
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
  );
  const xrefAt = position;
  const lines = [`xref\n0 ${next}\n`, '0000000000 65535 f \n'];
  for (let id = 1; id < next; id += 1) {
    lines.push(`${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`);
  }
  yield emit(
    Buffer.from(
      `${lines.join('')}trailer\n<< /Size ${next} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    ),
  );
}
