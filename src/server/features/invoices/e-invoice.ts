import {
  type Invoice,
  InvoiceService,
  type InvoiceServiceOptions,
  type Logger,
} from '@e-invoice-eu/core';
import {
  assertCompleteInvoice,
  decimalAmount,
  type InvoiceDocument,
  type InvoiceParty,
  invoiceTotals,
  REVERSE_CHARGE_NOTE,
} from './invoice-document';
import { invoicePdf } from './invoice-pdf';

/**
 * The invoice as an EN 16931 e-invoice, through @e-invoice-eu/core (decision 0615): Factur-X /
 * ZUGFeRD in the EN 16931 profile (the PDF of invoice-pdf.ts as PDF/A-3 with the CII XML
 * attached as factur-x.xml) and XRechnung 3.0 in the CII syntax. The library takes an invoice
 * in its UBL-shaped JSON and writes either syntax from it; this module only translates
 * InvoiceDocument into that shape. Amounts cross as decimal strings made from integer cents.
 */

/** The library's format names (FormatFactoryService.listFormatServices()). */
export const FACTUR_X_FORMAT = 'Factur-X-EN16931';
export const XRECHNUNG_FORMAT = 'XRECHNUNG-CII';

/**
 * UNTDID 4461 'mutually defined': the plan is charged by the payment provider by card or SEPA
 * direct debit, and the invoice knows neither the card nor the mandate. XRechnung demands the
 * card's number for 48/54/55 (BR-DE-24-a) and mandate and IBAN for 59 (BR-DE-25-a), so those
 * codes would not validate; ZZZ with a text does.
 */
const PAYMENT_MEANS_CODE = 'ZZZ';
const PAYMENT_MEANS_TEXT = 'Karte oder SEPA-Lastschrift über den Zahlungsdienstleister';

/** VATEX code for reverse charge (EN 16931 BR-AE-10 wants a reason code or text). */
const REVERSE_CHARGE_REASON_CODE = 'VATEX-EU-AE';

/** UN/ECE Rec. 20 'one' (C62): a location is a piece, not a unit of measure. */
const UNIT_CODE = 'C62';

/** The library reports to a logger; its messages also arrive in the error it throws. */
const quietLogger: Logger = { log() {}, warn() {}, error() {} };

function required(value: string | null | undefined, what: string): string {
  if (!value || value.trim() === '') throw new Error(`E-Rechnung: ${what} fehlt.`);
  return value.trim();
}

/** The library types country codes as a union of ISO codes; ours are checked strings. */
type CountryCode =
  Invoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'];

type LibraryInvoiceLine = Invoice['ubl:Invoice']['cac:InvoiceLine'][number];

function postalAddress(party: InvoiceParty) {
  return {
    'cbc:StreetName': party.street,
    'cbc:CityName': party.city,
    'cbc:PostalZone': party.postalCode,
    'cac:Country': { 'cbc:IdentificationCode': party.countryCode as CountryCode },
  };
}

/**
 * InvoiceDocument in the library's UBL-shaped input. Fields follow EN 16931's business terms
 * (BT-…); XRechnung adds the buyer reference (BT-10), the seller contact (BG-6) and electronic
 * addresses of both parties (BT-34, BT-49).
 */
export function toLibraryInvoice(doc: InvoiceDocument): Invoice {
  assertCompleteInvoice(doc);
  const { seller, buyer } = doc;
  const totals = invoiceTotals(doc);
  const reverseCharge = totals.treatment === 'reverse_charge';
  const sellerEmail = required(seller.email, 'E-Mail-Adresse des Leistenden (BT-34, BT-43)');
  const buyerEmail = required(buyer.email, 'E-Mail-Adresse des Leistungsempfängers (BT-49)');
  const sellerPhone = required(seller.phone, 'Telefonnummer des Leistenden (BT-42)');
  const currency = doc.currency;
  const amount = (cents: number) => decimalAmount(cents);
  const rate = String(totals.appliedRatePercent);
  const category = reverseCharge ? 'AE' : 'S';

  const [firstLine, ...moreLines] = doc.lines.map((line, index): LibraryInvoiceLine => ({
    'cbc:ID': String(index + 1),
    'cbc:InvoicedQuantity': String(line.quantity),
    'cbc:InvoicedQuantity@unitCode': UNIT_CODE,
    'cbc:LineExtensionAmount': amount(totals.lines[index]!.netCents),
    'cbc:LineExtensionAmount@currencyID': currency,
    'cac:Item': {
      'cbc:Name': line.description,
      'cac:ClassifiedTaxCategory': {
        'cbc:ID': category,
        'cbc:Percent': rate,
        'cac:TaxScheme': { 'cbc:ID': 'VAT' },
      },
    },
    'cac:Price': {
      'cbc:PriceAmount': amount(line.unitNetCents),
      'cbc:PriceAmount@currencyID': currency,
    },
  }));
  // assertCompleteInvoice refused an invoice without lines.
  if (!firstLine) throw new Error('E-Rechnung: keine Position.');

  return {
    'ubl:Invoice': {
      'cbc:ID': doc.number,
      'cbc:IssueDate': doc.issueDate,
      // 380: commercial invoice.
      'cbc:InvoiceTypeCode': '380',
      // One note only: the library writes several notes as several texts in one CII note,
      // which the CII schema does not allow.
      ...(reverseCharge ? { 'cbc:Note': [`${REVERSE_CHARGE_NOTE} (§ 13b UStG)`] } : {}),
      'cbc:DocumentCurrencyCode': currency,
      // BT-10 is mandatory in XRechnung (BR-DE-15). It carries the Leitweg-ID for public
      // buyers; our buyers are private businesses without one, so it carries the buyer's name,
      // which identifies the recipient as well as anything we hold. A business that gives us a
      // reference of its own would replace this.
      'cbc:BuyerReference': buyer.name,
      'cac:InvoicePeriod': {
        'cbc:StartDate': doc.servicePeriod.from,
        'cbc:EndDate': doc.servicePeriod.to,
      },
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': sellerEmail,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': postalAddress(seller),
          'cac:PartyTaxScheme': [
            {
              'cbc:CompanyID': required(seller.vatId, 'USt-IdNr.'),
              'cac:TaxScheme': { 'cbc:ID': 'VAT' },
            },
          ],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name },
          'cac:Contact': {
            'cbc:Name': seller.name,
            'cbc:Telephone': sellerPhone,
            'cbc:ElectronicMail': sellerEmail,
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': buyerEmail,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': postalAddress(buyer),
          ...(buyer.vatId
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': buyer.vatId,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
        },
      },
      // CII requires the delivery group (ApplicableHeaderTradeDelivery), and the library writes
      // it only when it has something to put in it. The service is used at the buyer's
      // address, so that is the deliver-to address (BG-15); when it was delivered is the
      // service period (BG-14).
      'cac:Delivery': { 'cac:DeliveryLocation': { 'cac:Address': postalAddress(buyer) } },
      'cac:PaymentMeans': [
        {
          'cbc:PaymentMeansCode': PAYMENT_MEANS_CODE,
          'cbc:PaymentMeansCode@name': PAYMENT_MEANS_TEXT,
        },
      ],
      ...(doc.paymentNote ? { 'cac:PaymentTerms': { 'cbc:Note': doc.paymentNote } } : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(totals.taxCents),
          'cbc:TaxAmount@currencyID': currency,
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': amount(totals.netCents),
              'cbc:TaxableAmount@currencyID': currency,
              'cbc:TaxAmount': amount(totals.taxCents),
              'cbc:TaxAmount@currencyID': currency,
              'cac:TaxCategory': {
                'cbc:ID': category,
                'cbc:Percent': rate,
                ...(reverseCharge
                  ? {
                      'cbc:TaxExemptionReasonCode': REVERSE_CHARGE_REASON_CODE,
                      'cbc:TaxExemptionReason': REVERSE_CHARGE_NOTE,
                    }
                  : {}),
                'cac:TaxScheme': { 'cbc:ID': 'VAT' },
              },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(totals.netCents),
        'cbc:LineExtensionAmount@currencyID': currency,
        'cbc:TaxExclusiveAmount': amount(totals.netCents),
        'cbc:TaxExclusiveAmount@currencyID': currency,
        'cbc:TaxInclusiveAmount': amount(totals.grossCents),
        'cbc:TaxInclusiveAmount@currencyID': currency,
        'cbc:PayableAmount': amount(totals.grossCents),
        'cbc:PayableAmount@currencyID': currency,
      },
      'cac:InvoiceLine': [firstLine, ...moreLines],
    },
  };
}

async function generate(
  doc: InvoiceDocument,
  options: Omit<InvoiceServiceOptions, 'lang'>,
): Promise<string | Uint8Array> {
  const service = new InvoiceService(quietLogger);
  return service.generate(toLibraryInvoice(doc), { ...options, lang: 'de-de' });
}

/** Factur-X / ZUGFeRD, profile EN 16931: the invoice PDF with its CII XML inside (PDF/A-3). */
export async function facturXPdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await invoicePdf(doc);
  const result = await generate(doc, {
    format: FACTUR_X_FORMAT,
    pdf: {
      buffer: new Uint8Array(pdf),
      filename: `Rechnung-${doc.number}.pdf`,
      mimetype: 'application/pdf',
    },
  });
  if (typeof result === 'string') throw new Error('Factur-X: die Bibliothek gab kein PDF zurück.');
  return result;
}

/** XRechnung 3.0 in the CII syntax, as XML text. */
export async function xrechnungXml(doc: InvoiceDocument): Promise<string> {
  const result = await generate(doc, { format: XRECHNUNG_FORMAT });
  if (typeof result !== 'string') throw new Error('XRechnung: die Bibliothek gab kein XML zurück.');
  return result;
}
