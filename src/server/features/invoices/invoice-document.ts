/**
 * A German invoice for Trinkgeld Pro as data, with the rules every rendering of it shares: which
 * tax treatment applies, the totals in integer cents, and whether the fields § 14 (4) UStG asks
 * for are all there. The PDF (invoice-pdf.ts) and the e-invoices (e-invoice.ts) only draw or
 * translate what this module decided, so the three can never disagree about an amount.
 */

import type { PostalParty } from '../../../shared/domain/plans';

/**
 * Either side of the invoice. `countryCode` is ISO 3166-1 alpha-2 (Greece is 'GR', although its
 * VAT ids start with 'EL'); `vatId` carries its country prefix (e.g. 'DE123456789').
 */
export interface InvoiceParty extends PostalParty {
  /** The electronic address of the party (BT-34 / BT-49); XRechnung cannot do without it. */
  email?: string | null;
  /** The seller's contact telephone; XRechnung asks for it on the seller (BR-DE-6). */
  phone?: string | null;
}

export interface InvoiceLine {
  description: string;
  /** A whole number of units, e.g. locations on the plan. */
  quantity: number;
  unitNetCents: number;
}

export interface InvoiceDocument {
  /** Unique and sequential (§ 14 (4) no. 4 UStG); the caller hands it out. */
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** The service period (Leistungszeitraum), both days inclusive, YYYY-MM-DD. */
  servicePeriod: { from: string; to: string };
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  /** The standard rate, e.g. 19; at most two decimal places. */
  vatRatePercent: number;
  currency: 'EUR';
  paymentNote?: string;
}

export type TaxTreatment = 'domestic' | 'reverse_charge';

export interface InvoiceTotals {
  treatment: TaxTreatment;
  /** The rate that applies to this invoice: the document's rate, or 0 under reverse charge. */
  appliedRatePercent: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
  lines: { netCents: number }[];
}

/** The note § 14a (5) UStG prescribes when the recipient owes the tax (§ 13b UStG). */
export const REVERSE_CHARGE_NOTE = 'Steuerschuldnerschaft des Leistungsempfängers';

/** Member states of the European Union (ISO 3166-1 alpha-2), as of 2026. */
export const EU_COUNTRY_CODES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Reverse charge (§ 13b (1) with § 3a (2) UStG) when the buyer is a business in another EU
 * member state, shown by its VAT id; everything else is taxed here. Buyers outside the EU are
 * refused by assertCompleteInvoice, since neither treatment is right for them.
 */
export function taxTreatmentOf(seller: InvoiceParty, buyer: InvoiceParty): TaxTreatment {
  const buyerCountry = buyer.countryCode.trim().toUpperCase();
  const sellerCountry = seller.countryCode.trim().toUpperCase();
  if (
    filled(buyer.vatId) &&
    EU_COUNTRY_CODES.has(buyerCountry) &&
    EU_COUNTRY_CODES.has(sellerCountry) &&
    buyerCountry !== sellerCountry
  ) {
    return 'reverse_charge';
  }
  return 'domestic';
}

/**
 * The rate in hundredths of a percent (19 → 1900, 5.5 → 550), refusing rates that are not exact
 * in two decimals, so the tax below is computed on integers only.
 */
function rateInBasisPoints(ratePercent: number): bigint {
  const basisPoints = Math.round(ratePercent * 100);
  if (!Number.isFinite(ratePercent) || Math.abs(basisPoints - ratePercent * 100) > 1e-6) {
    throw new Error(`USt-Satz ${ratePercent} hat mehr als zwei Nachkommastellen.`);
  }
  return BigInt(basisPoints);
}

/**
 * Tax on a non-negative net amount, rounded half up to the cent: net × bp / 10 000 with the
 * half added before the integer division. BigInt keeps the product exact at any size.
 */
export function taxOnNet(netCents: number, ratePercent: number): number {
  const basisPoints = rateInBasisPoints(ratePercent);
  const exact = BigInt(netCents) * basisPoints;
  return Number((exact + 5_000n) / 10_000n);
}

/**
 * Line nets, their sum, the tax on that sum (EN 16931 taxes the total per VAT category, not
 * each line) and the gross. Money is integer cents throughout.
 */
export function invoiceTotals(doc: InvoiceDocument): InvoiceTotals {
  const treatment = taxTreatmentOf(doc.seller, doc.buyer);
  const lines = doc.lines.map((line) => {
    if (!Number.isSafeInteger(line.quantity) || !Number.isSafeInteger(line.unitNetCents)) {
      throw new Error('Menge und Einzelpreis müssen ganze Zahlen sein (Cent).');
    }
    return { netCents: line.quantity * line.unitNetCents };
  });
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  if (!Number.isSafeInteger(netCents)) throw new Error('Rechnungsbetrag zu groß.');
  const appliedRatePercent = treatment === 'reverse_charge' ? 0 : doc.vatRatePercent;
  const taxCents = treatment === 'reverse_charge' ? 0 : taxOnNet(netCents, doc.vatRatePercent);
  return {
    treatment,
    appliedRatePercent,
    netCents,
    taxCents,
    grossCents: netCents + taxCents,
    lines,
  };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day in the form YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!filled(value)) return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function partyProblems(party: InvoiceParty, role: string): string[] {
  const problems: string[] = [];
  if (!filled(party.name)) problems.push(`Name des ${role} fehlt`);
  if (!filled(party.street)) problems.push(`Straße des ${role} fehlt`);
  if (!filled(party.postalCode)) problems.push(`Postleitzahl des ${role} fehlt`);
  if (!filled(party.city)) problems.push(`Ort des ${role} fehlt`);
  if (!filled(party.countryCode)) problems.push(`Land des ${role} fehlt`);
  else if (!/^[A-Z]{2}$/.test(party.countryCode)) {
    problems.push(`Land des ${role} ist kein ISO-3166-Code: ${party.countryCode}`);
  }
  return problems;
}

/**
 * Refuses an invoice that lacks a field § 14 (4) UStG requires, naming every missing one at
 * once, so whoever fixes the data sees the whole list and not one field per attempt.
 */
export function assertCompleteInvoice(doc: InvoiceDocument): void {
  const problems: string[] = [];
  problems.push(...partyProblems(doc.seller, 'Leistenden'));
  problems.push(...partyProblems(doc.buyer, 'Leistungsempfängers'));
  if (!filled(doc.seller.vatId)) problems.push('USt-IdNr. des Leistenden fehlt');
  if (!filled(doc.number)) problems.push('Rechnungsnummer fehlt');
  if (!isIsoDate(doc.issueDate)) problems.push('Rechnungsdatum fehlt oder ist ungültig');
  const { from, to } = doc.servicePeriod;
  if (!isIsoDate(from)) problems.push('Beginn des Leistungszeitraums fehlt oder ist ungültig');
  if (!isIsoDate(to)) problems.push('Ende des Leistungszeitraums fehlt oder ist ungültig');
  if (isIsoDate(from) && isIsoDate(to) && from > to) {
    problems.push('Leistungszeitraum endet vor seinem Beginn');
  }
  if (doc.lines.length === 0) problems.push('Menge und Art der Leistung fehlen (keine Position)');
  doc.lines.forEach((line, index) => {
    const position = `Position ${index + 1}`;
    if (!filled(line.description)) problems.push(`${position}: Art der Leistung fehlt`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
      problems.push(`${position}: Menge muss eine positive ganze Zahl sein`);
    }
    if (!Number.isSafeInteger(line.unitNetCents) || line.unitNetCents < 0) {
      problems.push(`${position}: Einzelpreis muss ein nicht negativer Betrag in Cent sein`);
    }
  });
  if (
    !Number.isFinite(doc.vatRatePercent) ||
    doc.vatRatePercent < 0 ||
    doc.vatRatePercent > 100 ||
    Math.abs(Math.round(doc.vatRatePercent * 100) - doc.vatRatePercent * 100) > 1e-6
  ) {
    problems.push('Steuersatz fehlt oder ist ungültig');
  }
  if (doc.currency !== 'EUR') problems.push('Währung muss EUR sein');
  // Outside the EU neither German VAT nor § 13b is the right answer (the service is not taxable
  // here at all); until that case is modelled, such an invoice is refused rather than wrong.
  if (filled(doc.buyer.countryCode) && !EU_COUNTRY_CODES.has(doc.buyer.countryCode)) {
    problems.push(
      `Leistungsempfänger außerhalb der EU (${doc.buyer.countryCode}) wird nicht unterstützt`,
    );
  }
  if (problems.length > 0) {
    throw new Error(`Rechnung unvollständig (§ 14 Abs. 4 UStG): ${problems.join('; ')}.`);
  }
}

/** Whole euros and the cents of an integer amount, without ever dividing a float. */
function splitCents(cents: number): { sign: string; euros: string; rest: string } {
  if (!Number.isSafeInteger(cents)) throw new Error(`Kein Centbetrag: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return { sign, euros: digits.slice(0, -2), rest: digits.slice(-2) };
}

/** German notation: 1234567 → '12.345,67 €'. */
export function formatEuro(cents: number): string {
  const { sign, euros, rest } = splitCents(cents);
  const grouped = euros.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${sign}${grouped},${rest} €`;
}

/** The decimal string e-invoices carry: 1234567 → '12345.67'. */
export function decimalAmount(cents: number): string {
  const { sign, euros, rest } = splitCents(cents);
  return `${sign}${euros}.${rest}`;
}

/** A rate as German text: 19 → '19', 5.5 → '5,5'. */
export function formatPercent(ratePercent: number): string {
  return String(ratePercent).replace('.', ',');
}

/** YYYY-MM-DD → DD.MM.YYYY, the form German invoices print. */
export function formatGermanDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return isoDate;
  return `${match[3]}.${match[2]}.${match[1]}`;
}
