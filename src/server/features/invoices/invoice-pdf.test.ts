import { describe, expect, it } from 'vitest';
import { readPdf, squeeze } from '../../../../test/support/pdf';
import { invoicePdf } from './invoice-pdf';
import {
  SAMPLE_GASTHOF as gasthof,
  SAMPLE_HOTEL as hotel,
  SAMPLE_OPERATOR as operator,
  sampleInvoice as invoice,
} from '../../../../test/support/invoices';

describe('invoicePdf', () => {
  it('is one A4 page with every field § 14 (4) UStG asks for, umlauts intact', async () => {
    const parsed = await readPdf(await invoicePdf(invoice(hotel)));
    expect(parsed.pages).toHaveLength(1);
    const page = parsed.pages[0]!;
    expect(Math.round(page.width)).toBe(595);
    expect(Math.round(page.height)).toBe(842);
    expect(parsed.title).toBe('Rechnung TG-2026-000042');
    const text = squeeze(page.text);
    for (const expected of [
      // Headings and labels.
      'Rechnung',
      'Rechnungsnummer',
      'Rechnungsdatum',
      'Leistungszeitraum',
      'USt-IdNr.',
      'Menge',
      'Beschreibung',
      'Einzelpreis(netto)',
      'Betrag(netto)',
      'Summenetto',
      'Umsatzsteuer19%',
      'Gesamtbetrag',
      // Seller and buyer with their addresses (umlauts and ß as written).
      'TrinkgeldGmbH',
      'Friedrichstraße12',
      '10117Berlin',
      'DE123456789',
      'HotelSüdGmbH',
      'Seestraße5',
      '80331München',
      // Number, dates, service, quantity and amounts.
      'TG-2026-000042',
      '01.07.2026',
      '01.06.2026–30.06.2026',
      'TrinkgeldPro,jeStandortundMonat',
      '19,00€',
      '57,00€',
      '10,83€',
      '67,83€',
      'DerBetragwirdvonIhrerhinterlegtenZahlungsartabgebucht.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Steuerschuldnerschaft');
  });

  it('shows reverse charge: no tax, the note and the buyer’s VAT id', async () => {
    const parsed = await readPdf(await invoicePdf(invoice(gasthof)));
    const text = squeeze(parsed.pages[0]!.text);
    expect(text).toContain('SteuerschuldnerschaftdesLeistungsempfängers');
    expect(text).toContain('ATU12345678');
    expect(text).toContain('GasthofÖsterreichGmbH');
    expect(text).toContain('Österreich');
    expect(text).toContain('Umsatzsteuer0%');
    expect(text).toContain('0,00€');
    expect(text).not.toContain('Umsatzsteuer19%');
    // Gross equals net.
    expect(text.match(/57,00€/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('gives the same bytes for the same invoice, dated on its issue date', async () => {
    const first = await invoicePdf(invoice(hotel));
    const second = await invoicePdf(invoice(hotel));
    expect(first.equals(second)).toBe(true);
    // The XMP metadata is written uncompressed; it carries the date and the PDF/A-3 claim.
    const raw = first.toString('latin1');
    expect(raw).toContain('<xmp:CreateDate>2026-07-01T00:00:00Z</xmp:CreateDate>');
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
  });

  it('refuses an incomplete invoice instead of drawing it', async () => {
    const doc = { ...invoice(hotel), seller: { ...operator, vatId: null } };
    await expect(invoicePdf(doc)).rejects.toThrow(/USt-IdNr. des Leistenden fehlt/);
  });
});
