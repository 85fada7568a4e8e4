import { berlinDay } from '../../../shared/domain/berlin-day';
import {
  type BillingDetails,
  type InvoicePartyRecord,
  PRO_PRICE_CENTS_PER_LOCATION,
  PRO_VAT_PERCENT,
} from '../../../shared/domain/plans';
import type { Executor } from '../../db/connect';
import { assertCompleteInvoice, type InvoiceDocument, invoiceTotals } from './invoice-document';
import {
  insertInvoice,
  type InvoiceRow,
  invoiceOfProviderInvoice,
  nextInvoiceNumber,
} from './queries';

/** What Pro's invoice line says (the kind of service, § 14 (4) no. 5 UStG). */
export const PRO_LINE_DESCRIPTION = 'Trinkgeld Pro, je Standort und Monat';

/** "TG-2026-000042": the year and the year's gapless sequence. */
export function invoiceNumberOf(year: number, sequence: number): string {
  return `TG-${year}-${String(sequence).padStart(6, '0')}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An issued invoice as the document every file is drawn from. */
export function invoiceDocumentOf(
  row: Pick<
    InvoiceRow,
    | 'number'
    | 'issuedOn'
    | 'periodStart'
    | 'periodEnd'
    | 'seller'
    | 'buyer'
    | 'locations'
    | 'unitNetCents'
    | 'vatRatePercent'
  >,
): InvoiceDocument {
  return {
    number: row.number,
    issueDate: row.issuedOn,
    servicePeriod: { from: row.periodStart, to: row.periodEnd },
    seller: row.seller,
    buyer: row.buyer,
    lines: [
      {
        description: PRO_LINE_DESCRIPTION,
        quantity: row.locations,
        unitNetCents: row.unitNetCents,
      },
    ],
    vatRatePercent: row.vatRatePercent,
    currency: 'EUR',
    paymentNote: 'Der Betrag wird über die hinterlegte Zahlungsart eingezogen.',
  };
}

export interface ChargeToInvoice {
  businessId: string;
  provider: string;
  /** The provider's id of the charge's invoice: one of ours per id, however often it is told. */
  providerInvoiceId: string;
  locations: number;
  periodStart: Date;
  /** The paid period's end (exclusive); the invoice names the day before as its last. */
  periodEnd: Date;
  issuedAt: Date;
  seller: InvoicePartyRecord;
  buyer: BillingDetails;
}

/**
 * The invoice of a paid charge, in the caller's transaction (the charge and its invoice commit
 * together): checked for every § 14 field first, then numbered, so a refused invoice takes no
 * number. Answers the existing invoice's id for a charge invoiced before.
 */
export async function issueInvoice(tx: Executor, charge: ChargeToInvoice): Promise<string> {
  const existing = await invoiceOfProviderInvoice(tx, charge.providerInvoiceId);
  if (existing) return existing.id;
  const issuedOn = berlinDay(charge.issuedAt);
  const draft = invoiceDocumentOf({
    number: 'vorläufig',
    issuedOn,
    periodStart: berlinDay(charge.periodStart),
    periodEnd: berlinDay(new Date(charge.periodEnd.getTime() - DAY_MS)),
    seller: charge.seller,
    buyer: { ...charge.buyer, phone: null },
    locations: charge.locations,
    unitNetCents: PRO_PRICE_CENTS_PER_LOCATION,
    vatRatePercent: PRO_VAT_PERCENT,
  });
  assertCompleteInvoice(draft);
  const totals = invoiceTotals(draft);
  const year = Number(issuedOn.slice(0, 4));
  const number = invoiceNumberOf(year, await nextInvoiceNumber(tx, year));
  return insertInvoice(tx, {
    businessId: charge.businessId,
    number,
    issuedOn,
    periodStart: draft.servicePeriod.from,
    periodEnd: draft.servicePeriod.to,
    locations: charge.locations,
    unitNetCents: PRO_PRICE_CENTS_PER_LOCATION,
    netCents: totals.netCents,
    vatCents: totals.taxCents,
    grossCents: totals.grossCents,
    // The document's rate; under reverse charge the applied rate (and the tax) is 0.
    vatRatePercent: PRO_VAT_PERCENT,
    taxTreatment: totals.treatment,
    seller: charge.seller,
    buyer: { ...charge.buyer, phone: null },
    provider: charge.provider,
    providerInvoiceId: charge.providerInvoiceId,
  });
}
