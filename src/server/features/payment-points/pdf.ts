import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import type { PaymentPoint } from '../../../shared/api/payment-points';
import { DEFAULT_THANK_YOU_MESSAGE, QR_ERROR_CORRECTION } from '../../../shared/domain/constants';
import { slugify } from './uid';

/**
 * The printable sheet of a payment point (spec §2 print template, §9 print advice): A4 with the
 * name, job title, an instruction, the thank-you line and the QR code of the tip link. The code
 * is drawn as vector squares 5 × 5 cm large, above the recommended 3 × 3 cm, so it stays sharp
 * at any printer resolution.
 */

const MM = 72 / 25.4;
export const A4 = { width: 210 * MM, height: 297 * MM };
export const PDF_QR_SIZE_MM = 50;
const QUIET_ZONE_MODULES = 4;

export const PRINT_TEXTS = {
  instruction: 'Scannen Sie den QR-Code mit der Kamera Ihres Smartphones, um Trinkgeld zu geben.',
  noApp: 'Ohne App · Karte, Apple Pay oder Google Pay',
  thanks: DEFAULT_THANK_YOU_MESSAGE,
  orOpen: 'Oder öffnen Sie:',
} as const;

/** Standard PDF fonts know Western European characters only; anything else becomes "?". */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((char) => (known.has(char.codePointAt(0)!) ? char : '?'))
    .join('');
}

function centered(
  page: PDFPage,
  font: PDFFont,
  text: string,
  y: number,
  size: number,
  color = rgb(0, 0, 0),
) {
  let shown = printable(font, text);
  const maxWidth = A4.width - 40 * MM;
  while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > maxWidth) {
    shown = `${shown.slice(0, -2)}…`;
  }
  const width = font.widthOfTextAtSize(shown, size);
  page.drawText(shown, { x: (A4.width - width) / 2, y, size, font, color });
}

/** The QR code as black squares, one rectangle per run of dark modules in a row. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const total = modules.size + QUIET_ZONE_MODULES * 2;
  const unit = size / total;
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      page.drawRectangle({
        x: x + (start + QUIET_ZONE_MODULES) * unit,
        // PDF y grows upwards; QR rows go down.
        y: y + size - (row + 1 + QUIET_ZONE_MODULES) * unit,
        width: (col - start) * unit,
        height: unit,
        color: rgb(0, 0, 0),
      });
    }
  }
}

export async function printSheetPdf(
  point: PaymentPoint,
  businessName: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Trinkgeld-QR-Code ${point.label}`);
  pdf.setSubject(point.link);
  pdf.setCreator('Trinkgeld');
  pdf.setProducer('Trinkgeld');
  const page = pdf.addPage([A4.width, A4.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);

  // A card in the upper half with a thin border to cut along.
  const cardTop = A4.height - 20 * MM;
  const cardBottom = A4.height / 2 - 10 * MM;
  page.drawRectangle({
    x: 20 * MM,
    y: cardBottom,
    width: A4.width - 40 * MM,
    height: cardTop - cardBottom,
    borderColor: rgb(0.8, 0.8, 0.8),
    borderWidth: 0.75,
    borderDashArray: [4, 3],
  });

  let y = cardTop - 14 * MM;
  centered(page, regular, businessName, y, 11, grey);
  y -= 11 * MM;
  centered(
    page,
    bold,
    point.targetType === 'user' ? (point.targetName ?? point.label) : point.label,
    y,
    22,
  );
  const subtitle = point.targetJobTitle ?? point.department ?? point.description;
  if (subtitle) {
    y -= 7 * MM;
    centered(page, regular, subtitle, y, 13, grey);
  }

  const qrSize = PDF_QR_SIZE_MM * MM;
  y -= 6 * MM + qrSize;
  drawQr(page, point.link, (A4.width - qrSize) / 2, y, qrSize);

  y -= 9 * MM;
  centered(page, regular, PRINT_TEXTS.instruction, y, 11);
  y -= 5.5 * MM;
  centered(page, regular, PRINT_TEXTS.noApp, y, 9, grey);
  y -= 9 * MM;
  centered(page, bold, PRINT_TEXTS.thanks, y, 15);
  y -= 8 * MM;
  centered(page, regular, `${PRINT_TEXTS.orOpen} ${point.link}`, y, 8, grey);

  return pdf.save();
}

/** qr-code-{uid}-{name}.pdf, reduced to characters every file system and header accepts. */
export function pdfFileName(point: Pick<PaymentPoint, 'uid' | 'label'>): string {
  const uid = point.uid.replace(/[^A-Za-z0-9_-]+/g, '-');
  return `qr-code-${uid}-${slugify(point.label, 'tip')}.pdf`;
}
