import QRCode from 'qrcode';
import type { PaymentPoint } from '../../../shared/api/payment-points';
import { DEFAULT_BRANDING_COLORS, QR_ERROR_CORRECTION } from '../../../shared/domain/constants';
import type { GuestLocale } from '../../../shared/i18n/guest-locale';
import { PRINT_CARD_TEXTS } from '../../../shared/i18n/print-card';
import {
  A4,
  colour,
  createPdf,
  fitSize,
  MM,
  type Pdf,
  type PdfFont,
  printable,
} from '../../lib/pdf-document';
import { slugify } from './uid';

/**
 * The printable sheet of a payment point (spec §2 print template, §9 print advice): A4 with the
 * business's logo, colours and font, the name, job title, an instruction, the thank-you line and
 * the QR code of the tip link. The code is drawn as vector squares 5 × 5 cm large, above the
 * recommended 3 × 3 cm, so it stays sharp at any printer resolution. Text is measured with the
 * embedded font: long names shrink and then wrap, never cut off (decision 0370).
 */

export { A4 };
export const PDF_QR_SIZE_MM = 50;
const QUIET_ZONE_MODULES = 4;

/** The business's look as the sheet uses it (branding, decision 0370). */
export interface PrintLook {
  businessName: string;
  primaryColor: string | null;
  accentColor: string | null;
  font: PdfFont;
  /** The business's logo as PNG, with its size in pixels. */
  logo: { data: Buffer; width: number; height: number } | null;
}

const GREY = '#595959';
const CARD = { x: 20 * MM, width: A4.width - 40 * MM, top: 20 * MM };
const TEXT_WIDTH = CARD.width - 20 * MM;

/** The QR code as black squares on white, one rectangle per run of dark modules in a row. */
function drawQr(doc: Pdf, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const total = modules.size + QUIET_ZONE_MODULES * 2;
  const unit = size / total;
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      doc
        .rect(
          x + (start + QUIET_ZONE_MODULES) * unit,
          y + (row + QUIET_ZONE_MODULES) * unit,
          (col - start) * unit,
          unit,
        )
        .fill('#000000');
    }
  }
}

/** The sheet in one of the guest languages (German unless asked). */
export async function printSheetPdf(
  point: PaymentPoint,
  look: PrintLook,
  language: GuestLocale = 'de',
): Promise<Buffer> {
  const texts = PRINT_CARD_TEXTS[language];
  const title = `Trinkgeld-QR-Code ${point.label}`;
  const doc = createPdf({ title, subject: point.link, font: look.font });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.addPage();
  const primary = colour(look.primaryColor, DEFAULT_BRANDING_COLORS.primary);
  const accent = colour(look.accentColor, DEFAULT_BRANDING_COLORS.accent);
  const left = CARD.x + 10 * MM;

  /** Centred text in the card's text column; returns the y below it. */
  const line = (
    text: string,
    y: number,
    options: { size: number; min?: number; bold?: boolean; fill?: string; lines?: number },
  ) => {
    const shown = printable(text);
    const size = fitSize(doc, shown, {
      width: TEXT_WIDTH,
      size: options.size,
      min: options.min ?? options.size,
      lines: options.lines ?? 1,
      font: options.bold ? 'bold' : 'regular',
    });
    doc
      .fontSize(size)
      .fillColor(options.fill ?? '#000000')
      .text(shown, left, y, { width: TEXT_WIDTH, align: 'center' });
    return doc.y;
  };

  // The business's accent as a band along the card's top edge.
  let y = CARD.top;
  doc.rect(CARD.x, y, CARD.width, 3 * MM).fill(accent);
  y += 3 * MM + 8 * MM;
  if (look.logo) {
    const box = { width: 60 * MM, height: 20 * MM };
    const image = look.logo;
    const scale = Math.min(box.width / image.width, box.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    doc.image(image.data, (A4.width - width) / 2, y, { width, height });
    y += height + 5 * MM;
  }
  y = line(look.businessName, y, { size: 12, min: 9, bold: true, fill: primary, lines: 2 });
  const name = point.targetType === 'user' ? (point.targetName ?? point.label) : point.label;
  y = line(name, y + 5 * MM, { size: 22, min: 15, bold: true, lines: 1 });
  const subtitle = point.targetJobTitle ?? point.department ?? point.description;
  if (subtitle) y = line(subtitle, y + 1.5 * MM, { size: 13, min: 10, fill: GREY, lines: 2 });

  const qrSize = PDF_QR_SIZE_MM * MM;
  y += 6 * MM;
  drawQr(doc, point.link, (A4.width - qrSize) / 2, y, qrSize);
  y += qrSize + 5 * MM;

  y = line(texts.instruction, y, { size: 11, min: 9, lines: 2 });
  y = line(texts.noApp, y + 1.5 * MM, { size: 9, fill: GREY });
  y = line(texts.thanks, y + 4 * MM, { size: 15, min: 11, bold: true, fill: primary });
  y = line(`${texts.orOpen} ${point.link}`, y + 3 * MM, { size: 8, fill: GREY, lines: 2 });

  // A thin dashed border to cut along, at least down to the middle of the page.
  const bottom = Math.max(y + 8 * MM, A4.height / 2 + 10 * MM);
  doc
    .rect(CARD.x, CARD.top, CARD.width, bottom - CARD.top)
    .lineWidth(0.75)
    .dash(4, { space: 3 })
    .stroke('#cccccc')
    .undash();

  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** qr-code-{uid}-{name}.pdf, reduced to characters every file system and header accepts. */
export function pdfFileName(point: Pick<PaymentPoint, 'uid' | 'label'>): string {
  const uid = point.uid.replace(/[^A-Za-z0-9_-]+/g, '-');
  return `qr-code-${uid}-${slugify(point.label, 'tip')}.pdf`;
}
