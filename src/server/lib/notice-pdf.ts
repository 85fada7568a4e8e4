import type { Readable } from 'node:stream';
import { A4, createPdf, fitSize, printable } from './pdf-document';

/**
 * A one-page notice for the staff room (decision 0660, 'the rule in writing'): a title, the
 * business, a few paragraphs and the date it applies from. The text is fitted to one page.
 */
export interface Notice {
  title: string;
  businessName: string;
  paragraphs: string[];
  since: string;
  footer: string;
}

export function noticePdf(notice: Notice): Readable {
  const doc = createPdf({ title: `${notice.title} – ${notice.businessName}` });
  doc.addPage();
  const left = 60;
  const width = A4.width - 2 * left;
  const titleSize = fitSize(doc, printable(notice.title), {
    width,
    size: 26,
    min: 16,
    lines: 2,
    font: 'bold',
  });
  doc.font('bold').fontSize(titleSize).text(printable(notice.title), left, 70, { width });
  doc
    .font('regular')
    .fontSize(12)
    .text(printable(notice.businessName), left, doc.y + 6, { width });
  const body = [...notice.paragraphs, notice.since].map(printable);
  const room = A4.height - 120 - (doc.y + 30);
  let size = 14;
  doc.font('regular');
  for (; size > 7; size -= 0.5) {
    doc.fontSize(size);
    const height = body.reduce(
      (sum, text) => sum + doc.heightOfString(text, { width }) + size * 0.8,
      0,
    );
    if (height <= room) break;
  }
  let y = doc.y + 30;
  body.forEach((text, index) => {
    const last = index === body.length - 1;
    doc.font(last ? 'bold' : 'regular').fontSize(size);
    doc.text(text, left, y, { width });
    y = doc.y + size * 0.8;
  });
  doc
    .font('regular')
    .fontSize(8)
    .text(printable(notice.footer), left, A4.height - 80, { width, lineBreak: true });
  doc.end();
  return doc as unknown as Readable;
}

/** 'YYYY-MM-DD' as German '31.03.2026'. */
export function germanDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}
