import { describe, expect, it } from 'vitest';
import {
  assertCompleteInvoice,
  decimalAmount,
  formatEuro,
  type InvoiceDocument,
  type InvoiceParty,
  invoiceTotals,
  taxOnNet,
  taxTreatmentOf,
} from './invoice-document';
import {
  SAMPLE_GASTHOF,
  SAMPLE_HOTEL,
  SAMPLE_OPERATOR,
  sampleInvoice,
} from '../../../../test/support/invoices';

const operator = SAMPLE_OPERATOR;
const hotel = SAMPLE_HOTEL;
const gasthof = SAMPLE_GASTHOF;
const invoice = (locations: number, buyer: InvoiceParty = hotel): InvoiceDocument =>
  sampleInvoice(buyer, locations);

describe('invoiceTotals', () => {
  it('charges 19 % on one location: 19,00 € + 3,61 € = 22,61 €', () => {
    expect(invoiceTotals(invoice(1))).toMatchObject({
      treatment: 'domestic',
      appliedRatePercent: 19,
      netCents: 1900,
      taxCents: 361,
      grossCents: 2261,
      lines: [{ netCents: 1900 }],
    });
  });

  it('multiplies the unit price by the locations: 3 × 19,00 € = 57,00 € + 10,83 € = 67,83 €', () => {
    expect(invoiceTotals(invoice(3))).toMatchObject({
      netCents: 5700,
      taxCents: 1083,
      grossCents: 6783,
      lines: [{ netCents: 5700 }],
    });
  });

  it('taxes the sum of the lines once, not each line rounded', () => {
    const doc = invoice(1);
    // 3 × 3 ct = 9 ct → 1.71 ct → 2 ct; rounding each line (0.57 → 1 ct) would give 3 ct.
    doc.lines = [1, 2, 3].map((n) => ({ description: `L${n}`, quantity: 1, unitNetCents: 3 }));
    expect(invoiceTotals(doc).taxCents).toBe(2);
  });

  it('rounds half a cent up and everything below it down, in integers', () => {
    // 50 ct × 19 % = 9.5 ct → 10; 150 ct × 7 % = 10.5 ct → 11; 149 ct × 7 % = 10.43 → 10.
    expect(taxOnNet(50, 19)).toBe(10);
    expect(taxOnNet(150, 7)).toBe(11);
    expect(taxOnNet(149, 7)).toBe(10);
    expect(taxOnNet(0, 19)).toBe(0);
    // Far beyond 2^53 / 1900 the product is still exact (BigInt).
    expect(taxOnNet(Number.MAX_SAFE_INTEGER - 1, 19)).toBe(1_711_367_858_400_788);
    expect(() => taxOnNet(100, 19.005)).toThrow(/zwei Nachkommastellen/);
  });

  it('owes no tax under reverse charge: an Austrian business with an ATU VAT id', () => {
    expect(taxTreatmentOf(operator, gasthof)).toBe('reverse_charge');
    expect(invoiceTotals(invoice(3, gasthof))).toMatchObject({
      treatment: 'reverse_charge',
      appliedRatePercent: 0,
      netCents: 5700,
      taxCents: 0,
      grossCents: 5700,
    });
  });
});

describe('taxTreatmentOf', () => {
  it('treats a German buyer as domestic, with or without a DE VAT id', () => {
    expect(taxTreatmentOf(operator, hotel)).toBe('domestic');
    expect(taxTreatmentOf(operator, { ...hotel, vatId: null })).toBe('domestic');
  });

  it('treats an EU buyer without a VAT id as domestic (no proof of being a business)', () => {
    expect(taxTreatmentOf(operator, { ...gasthof, vatId: null })).toBe('domestic');
    expect(taxTreatmentOf(operator, { ...gasthof, vatId: '  ' })).toBe('domestic');
  });
});

describe('assertCompleteInvoice', () => {
  it('passes a complete invoice', () => {
    expect(() => assertCompleteInvoice(invoice(1))).not.toThrow();
    expect(() => assertCompleteInvoice(invoice(2, gasthof))).not.toThrow();
  });

  it('names every missing § 14 field at once', () => {
    const doc: InvoiceDocument = {
      ...invoice(1),
      number: ' ',
      issueDate: '2026-02-30',
      servicePeriod: { from: '2026-06-30', to: '2026-06-01' },
      seller: { ...operator, vatId: null, street: '' },
      buyer: { ...hotel, name: '', city: '' },
      lines: [{ description: '', quantity: 0, unitNetCents: 19.5 }],
    };
    let message = '';
    try {
      assertCompleteInvoice(doc);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const expected of [
      'USt-IdNr. des Leistenden fehlt',
      'Straße des Leistenden fehlt',
      'Name des Leistungsempfängers fehlt',
      'Ort des Leistungsempfängers fehlt',
      'Rechnungsnummer fehlt',
      'Rechnungsdatum fehlt oder ist ungültig',
      'Leistungszeitraum endet vor seinem Beginn',
      'Position 1: Art der Leistung fehlt',
      'Position 1: Menge muss eine positive ganze Zahl sein',
      'Position 1: Einzelpreis muss ein nicht negativer Betrag in Cent sein',
    ]) {
      expect(message).toContain(expected);
    }
  });

  it('refuses an invoice without lines and one with a missing service period', () => {
    const doc = { ...invoice(1), lines: [], servicePeriod: { from: '', to: '2026-06-30' } };
    expect(() => assertCompleteInvoice(doc)).toThrow(/Menge und Art der Leistung fehlen/);
    expect(() => assertCompleteInvoice(doc)).toThrow(/Beginn des Leistungszeitraums fehlt/);
  });

  it('refuses a buyer outside the EU rather than charge the wrong tax', () => {
    const zurich = { ...hotel, countryCode: 'CH', vatId: 'CHE-123.456.789 MWST' };
    expect(() => assertCompleteInvoice(invoice(1, zurich))).toThrow(/außerhalb der EU \(CH\)/);
  });
});

describe('amounts as text', () => {
  it('writes euros the German way', () => {
    expect(formatEuro(2261)).toBe('22,61 €');
    expect(formatEuro(5)).toBe('0,05 €');
    expect(formatEuro(123456)).toBe('1.234,56 €');
    expect(formatEuro(123456789)).toBe('1.234.567,89 €');
    expect(formatEuro(-1900)).toBe('-19,00 €');
  });

  it('writes the decimals e-invoices carry without floating point', () => {
    expect(decimalAmount(2261)).toBe('22.61');
    expect(decimalAmount(7)).toBe('0.07');
    expect(decimalAmount(123456789)).toBe('1234567.89');
    expect(() => decimalAmount(19.5)).toThrow();
  });
});
