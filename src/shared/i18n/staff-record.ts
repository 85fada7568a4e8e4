import type { StaffLanguage } from '../domain/staff-language';
import { employeeTexts } from './employee';
import { staffTextsEn } from './staff-en';
import type { Translation } from './translation';

/**
 * The employee's 'Trinkgeld-Nachweis' (CSV and PDF) in the person's staff language (* decision 0460). The states are the dashboard's own words, so the record and the history say
 * the same. German is the source; English has the same keys (typecheck and
 * `staff-catalogue.test.ts`).
 */
const de = {
  /** The CSV's header, one title per column. */
  columns: {
    date: 'Datum',
    time: 'Uhrzeit',
    source: 'Quelle',
    where: 'Team / Bezahlpunkt',
    gross: 'Brutto (EUR)',
    contribution: 'Servicebeitrag des Gastes (EUR)',
    refunded: 'Erstattungen (EUR)',
    status: 'Status',
    reference: 'Auszahlungsreferenz',
    paidOutAt: 'Ausgezahlt am',
  },
  /** The PDF's narrower column titles. */
  pdfColumns: {
    date: 'Datum',
    time: 'Zeit',
    source: 'Quelle',
    where: 'Team / Bezahlpunkt',
    gross: 'Brutto €',
    contribution: 'Beitrag €',
    refunded: 'Erstattet €',
    status: 'Status',
    reference: 'Auszahlungsreferenz',
    paidOutAt: 'Ausgezahlt am',
  },
  sources: { person: 'Person', team: 'Team', object: 'Objekt' },
  status: { ...employeeTexts.status, refunded: 'Erstattet' },
  /** A tip through a person's classic QR code (no payment point). */
  classicCode: (code: string) => `QR-Code ${code}`,
  noPoint: 'Ohne Bezahlpunkt',
  heading: (name: string) => `Trinkgeld-Nachweis ${name}`,
  period: (from: string, to: string) => `Zeitraum: ${from} bis ${to}`,
  page: (number: number) => `Seite ${number}`,
  total: (count: number) => `Summe (${count} ${count === 1 ? 'Trinkgeld' : 'Trinkgelder'})`,
  note: 'Brutto: Trinkgeld für Sie ohne Abzug. Beitrag: freiwilliger Servicebeitrag des Gastes an die Plattform.',
  fileName: (from: string, to: string) => `trinkgeld-nachweis-${from}-bis-${to}`,
} as const;

export type StaffRecordTexts = Translation<typeof de>;

const en: StaffRecordTexts = {
  columns: {
    date: 'Date',
    time: 'Time',
    source: 'Source',
    where: 'Team / payment point',
    gross: 'Gross (EUR)',
    contribution: 'Guest service contribution (EUR)',
    refunded: 'Refunds (EUR)',
    status: 'Status',
    reference: 'Payout reference',
    paidOutAt: 'Paid out on',
  },
  pdfColumns: {
    date: 'Date',
    time: 'Time',
    source: 'Source',
    where: 'Team / payment point',
    gross: 'Gross €',
    contribution: 'Contrib. €',
    refunded: 'Refunded €',
    status: 'Status',
    reference: 'Payout reference',
    paidOutAt: 'Paid out on',
  },
  sources: { person: 'Person', team: 'Team', object: 'Object' },
  status: { ...staffTextsEn.employee.status, refunded: 'Refunded' },
  classicCode: (code: string) => `QR code ${code}`,
  noPoint: 'No payment point',
  heading: (name: string) => `Tip record ${name}`,
  period: (from: string, to: string) => `Period: ${from} to ${to}`,
  page: (number: number) => `Page ${number}`,
  total: (count: number) => `Total (${count} ${count === 1 ? 'tip' : 'tips'})`,
  note: "Gross: your tip without any deduction. Contribution: the guest's voluntary service contribution to the platform.",
  fileName: (from: string, to: string) => `tip-record-${from}-to-${to}`,
};

export const STAFF_RECORD_TEXTS: Record<StaffLanguage, StaffRecordTexts> = { de, en };
