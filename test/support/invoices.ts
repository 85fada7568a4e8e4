import type {
  InvoiceDocument,
  InvoiceParty,
} from '../../src/server/features/invoices/invoice-document';

/** The sample parties and invoice the invoice tests and scripts/validate-e-invoice.mjs share. */
export const SAMPLE_OPERATOR: InvoiceParty = {
  name: 'Trinkgeld GmbH',
  street: 'Friedrichstraße 12',
  postalCode: '10117',
  city: 'Berlin',
  countryCode: 'DE',
  vatId: 'DE123456789',
  email: 'rechnungen@trinkgeld.example',
  phone: '+49 30 1234567',
};

/** A German hotel (domestic VAT). */
export const SAMPLE_HOTEL: InvoiceParty = {
  name: 'Hotel Süd GmbH',
  street: 'Seestraße 5',
  postalCode: '80331',
  city: 'München',
  countryCode: 'DE',
  vatId: 'DE987654321',
  email: 'buchhaltung@hotel-sued.example',
};

/** An Austrian inn with a VAT id (reverse charge). */
export const SAMPLE_GASTHOF: InvoiceParty = {
  name: 'Gasthof Österreich GmbH',
  street: 'Getreidegasse 9',
  postalCode: '5020',
  city: 'Salzburg',
  countryCode: 'AT',
  vatId: 'ATU12345678',
  email: 'office@gasthof.example',
};

/** A month of Pro for `locations` (default 3) billed to `buyer`. */
export function sampleInvoice(buyer: InvoiceParty = SAMPLE_HOTEL, locations = 3): InvoiceDocument {
  return {
    number: 'TG-2026-000042',
    issueDate: '2026-07-01',
    servicePeriod: { from: '2026-06-01', to: '2026-06-30' },
    seller: SAMPLE_OPERATOR,
    buyer,
    lines: [
      {
        description: 'Trinkgeld Pro, je Standort und Monat',
        quantity: locations,
        unitNetCents: 1900,
      },
    ],
    vatRatePercent: 19,
    currency: 'EUR',
    paymentNote: 'Der Betrag wird von Ihrer hinterlegten Zahlungsart abgebucht.',
  };
}
