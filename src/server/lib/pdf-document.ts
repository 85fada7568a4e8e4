import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { BRANDING_FONTS } from '../../shared/domain/constants';

/**
 * PDFs with pdfkit (decision 0370): it measures text with the real font metrics, wraps and
 * streams. The fonts are the branding fonts the product already ships (@fontsource, Latin
 * subset, WOFF, weights 400 and 700), embedded as subsets.
 */

export type PdfFont = (typeof BRANDING_FONTS)[number];
export type Pdf = PDFKit.PDFDocument;

export const MM = 72 / 25.4;
export const A4 = { width: 595.28, height: 841.89 } as const;

const FONT_IDS: Record<PdfFont, string> = {
  'Fira Sans': 'fira-sans',
  Inter: 'inter',
  Roboto: 'roboto',
  'Open Sans': 'open-sans',
  Montserrat: 'montserrat',
  Poppins: 'poppins',
};

const require = createRequire(import.meta.url);

function fontFile(font: PdfFont, weight: 400 | 700): string {
  const id = FONT_IDS[font] ?? FONT_IDS['Fira Sans'];
  return require.resolve(`@fontsource/${id}/files/${id}-latin-${weight}-normal.woff`);
}

/**
 * An A4 document with the font registered as 'regular' and 'bold'. Pages are written out as
 * soon as the next one starts (pdfkit's default), so a long record never sits in memory.
 */
export function createPdf(options: {
  title: string;
  subject?: string;
  font?: PdfFont;
  /** The document's language for readers and screen readers (default German). */
  lang?: string;
}): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    lang: options.lang ?? 'de-DE',
    displayTitle: true,
    info: {
      Title: options.title,
      ...(options.subject ? { Subject: options.subject } : {}),
      Creator: 'Trinkgeld',
      Producer: 'Trinkgeld',
    },
  });
  const font = options.font ?? 'Fira Sans';
  doc.registerFont('regular', fontFile(font, 400));
  doc.registerFont('bold', fontFile(font, 700));
  doc.font('regular');
  return doc;
}

/**
 * The code points of @fontsource's Latin subset (its CSS unicode-range, without the lone
 * combining marks, which NFC folds into letters). A character outside it
 * is shown without its accent when that leaves a Latin letter ("ł" stays "?", "ş" becomes "s"),
 * so no line draws an empty box.
 */
const LATIN =
  '\\u0000-\\u00ff\\u0131\\u0152\\u0153\\u02bb\\u02bc\\u02c6\\u02da\\u02dc\\u2000-\\u206f\\u20ac\\u2122\\u2191\\u2193\\u2212\\u2215\\ufeff\\ufffd';
const OUTSIDE_LATIN = new RegExp(`[^${LATIN}]`, 'gu');
const ALL_LATIN = new RegExp(`^[${LATIN}]+$`, 'u');

export function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(OUTSIDE_LATIN, (char) => {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return ALL_LATIN.test(base) ? base : '?';
    });
}

/**
 * The largest size from `size` down to `min` (in half points) at which the text fits the width
 * in at most `lines` lines; below `min` it keeps `min` and wraps onto as many lines as it needs.
 * Nothing is ever cut off.
 */
export function fitSize(
  doc: Pdf,
  text: string,
  options: { width: number; size: number; min: number; lines: number; font?: string },
): number {
  if (options.font) doc.font(options.font);
  for (let size = options.size; size > options.min; size -= 0.5) {
    doc.fontSize(size);
    const height = doc.heightOfString(text, { width: options.width });
    if (height <= doc.currentLineHeight(true) * options.lines + 0.01) return size;
  }
  return options.min;
}

/** #rgb or #rrggbb as pdfkit takes it; anything else falls back. */
export function colour(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const hex = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(hex)) return hex.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(hex)) {
    return `#${[...hex.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  }
  return fallback;
}
