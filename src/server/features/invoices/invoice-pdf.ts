import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { A4, MM, type Pdf, printable } from '../../lib/pdf-document';
import {
  assertCompleteInvoice,
  formatEuro,
  formatGermanDate,
  formatPercent,
  type InvoiceDocument,
  type InvoiceParty,
  invoiceTotals,
  REVERSE_CHARGE_NOTE,
} from './invoice-document';

/**
 * The invoice as a one-page A4 PDF in German, with every field § 14 (4) UStG requires. The text
 * is set in Fira Sans, embedded as a subset like the product's other PDFs (decision 0370): the
 * standard Helvetica of PDF readers would not be embedded, which PDF/A (and so the Factur-X
 * version, e-invoice.ts) forbids. The document declares itself PDF/A-3b for the same reason.
 * The same invoice gives the same bytes: the creation date is the issue date, and pdfkit
 * derives the file id from it.
 */

const require = createRequire(import.meta.url);
const FONT = {
  regular: require.resolve('@fontsource/fira-sans/files/fira-sans-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/fira-sans/files/fira-sans-latin-700-normal.woff'),
};

const LEFT = 20 * MM;
const RIGHT = A4.width - 20 * MM;
const WIDTH = RIGHT - LEFT;
const GREY = '#595959';

/** Columns of the line table: quantity, description, unit price, line amount. */
const COLUMNS = {
  quantity: { x: LEFT, width: 18 * MM },
  description: { x: LEFT + 20 * MM, width: 82 * MM },
  unit: { x: LEFT + 104 * MM, width: 32 * MM },
  amount: { x: LEFT + 138 * MM, width: WIDTH - 138 * MM },
};

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['de'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The postal lines of a party; the country only when it is not the seller's own. */
function addressLines(party: InvoiceParty, homeCountry: string): string[] {
  const lines = [party.name, party.street, `${party.postalCode} ${party.city}`];
  if (party.countryCode !== homeCountry) lines.push(countryName(party.countryCode));
  return lines;
}

export async function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  assertCompleteInvoice(doc);
  const totals = invoiceTotals(doc);
  const { seller, buyer } = doc;
  const reverseCharge = totals.treatment === 'reverse_charge';

  const pdf: Pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    lang: 'de-DE',
    displayTitle: true,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    info: {
      Title: `Rechnung ${doc.number}`,
      Author: seller.name,
      Subject: `Rechnung ${doc.number} vom ${formatGermanDate(doc.issueDate)}`,
      Creator: 'Trinkgeld',
      Producer: 'Trinkgeld',
      CreationDate: new Date(`${doc.issueDate}T00:00:00Z`),
    },
  });
  pdf.registerFont('regular', FONT.regular);
  pdf.registerFont('bold', FONT.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  pdf.addPage();

  const write = (
    text: string,
    x: number,
    y: number,
    options: {
      width: number;
      size?: number;
      bold?: boolean;
      align?: 'left' | 'right';
      fill?: string;
    },
  ): number => {
    pdf
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 10)
      .fillColor(options.fill ?? '#000000')
      .text(printable(text), x, y, { width: options.width, align: options.align ?? 'left' });
    return pdf.y;
  };

  // The seller, top right, with the VAT id the invoice must show.
  let sellerY = 20 * MM;
  const sellerLines = [...addressLines(seller, seller.countryCode), `USt-IdNr.: ${seller.vatId}`];
  if (seller.email) sellerLines.push(seller.email);
  if (seller.phone) sellerLines.push(`Tel. ${seller.phone}`);
  sellerLines.forEach((line, index) => {
    sellerY = write(line, LEFT + WIDTH / 2, sellerY, {
      width: WIDTH / 2,
      size: index === 0 ? 11 : 9,
      bold: index === 0,
      align: 'right',
    });
  });

  // The recipient in the window of a DIN 5008 envelope (45 mm from the top).
  let y = 45 * MM;
  const senderLine = `${seller.name} · ${seller.street} · ${seller.postalCode} ${seller.city}`;
  y = write(senderLine, LEFT, y, { width: 85 * MM, size: 7, fill: GREY }) + 2 * MM;
  for (const line of addressLines(buyer, seller.countryCode)) {
    y = write(line, LEFT, y, { width: 85 * MM, size: 10 });
  }
  if (buyer.vatId) y = write(`USt-IdNr.: ${buyer.vatId}`, LEFT, y, { width: 85 * MM, size: 10 });

  y = Math.max(y, sellerY) + 15 * MM;
  y = write('Rechnung', LEFT, y, { width: WIDTH, size: 18, bold: true }) + 4 * MM;

  const facts: [string, string][] = [
    ['Rechnungsnummer', doc.number],
    ['Rechnungsdatum', formatGermanDate(doc.issueDate)],
    [
      'Leistungszeitraum',
      `${formatGermanDate(doc.servicePeriod.from)} – ${formatGermanDate(doc.servicePeriod.to)}`,
    ],
  ];
  for (const [label, value] of facts) {
    write(label, LEFT, y, { width: 45 * MM, bold: true });
    y = write(value, LEFT + 45 * MM, y, { width: WIDTH - 45 * MM }) + 1 * MM;
  }

  // The line table.
  y += 8 * MM;
  const header: [keyof typeof COLUMNS, string, 'left' | 'right'][] = [
    ['quantity', 'Menge', 'right'],
    ['description', 'Beschreibung', 'left'],
    ['unit', 'Einzelpreis (netto)', 'right'],
    ['amount', 'Betrag (netto)', 'right'],
  ];
  let rowBottom = y;
  for (const [column, label, align] of header) {
    const { x, width } = COLUMNS[column];
    rowBottom = Math.max(rowBottom, write(label, x, y, { width, bold: true, size: 9, align }));
  }
  y = rowBottom + 1.5 * MM;
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).stroke('#000000');
  y += 2 * MM;
  doc.lines.forEach((line, index) => {
    const cells: [keyof typeof COLUMNS, string, 'left' | 'right'][] = [
      ['quantity', String(line.quantity), 'right'],
      ['description', line.description, 'left'],
      ['unit', formatEuro(line.unitNetCents), 'right'],
      ['amount', formatEuro(totals.lines[index]!.netCents), 'right'],
    ];
    let bottom = y;
    for (const [column, text, align] of cells) {
      const { x, width } = COLUMNS[column];
      bottom = Math.max(bottom, write(text, x, y, { width, align }));
    }
    y = bottom + 2 * MM;
  });
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).stroke('#000000');
  y += 3 * MM;

  // The totals, right-aligned under the amounts.
  const labelX = COLUMNS.unit.x - 40 * MM;
  const labelWidth = COLUMNS.amount.x - labelX - 2 * MM;
  const total = (label: string, cents: number, bold = false) => {
    write(label, labelX, y, { width: labelWidth, align: 'right', bold });
    y = write(formatEuro(cents), COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: 'right',
      bold,
    });
    y += 1.5 * MM;
  };
  total('Summe netto', totals.netCents);
  total(`Umsatzsteuer ${formatPercent(totals.appliedRatePercent)} %`, totals.taxCents);
  total('Gesamtbetrag', totals.grossCents, true);

  y += 6 * MM;
  if (reverseCharge) {
    y = write(REVERSE_CHARGE_NOTE, LEFT, y, { width: WIDTH, bold: true });
    y = write(
      `Die Umsatzsteuer schuldet der Leistungsempfänger (§ 13b UStG, Reverse Charge). ` +
        `USt-IdNr. des Leistungsempfängers: ${buyer.vatId}`,
      LEFT,
      y,
      { width: WIDTH },
    );
    y += 4 * MM;
  }
  if (doc.paymentNote) y = write(doc.paymentNote, LEFT, y, { width: WIDTH });

  // Footer: the seller once more, as letters carry it.
  const footer = [
    seller.name,
    `${seller.street}, ${seller.postalCode} ${seller.city}`,
    `USt-IdNr. ${seller.vatId}`,
    ...(seller.email ? [seller.email] : []),
  ].join(' · ');
  write(footer, LEFT, A4.height - 18 * MM, { width: WIDTH, size: 7, fill: GREY });

  pdf.end();
  await done;
  return Buffer.concat(chunks);
}
