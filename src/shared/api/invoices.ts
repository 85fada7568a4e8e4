import { z } from 'zod';
import { defineErrors } from '../domain/errors';

/** One of Pro's invoices in the list on 'Tarif' (decision 0615). */
export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  /** YYYY-MM-DD */
  issuedOn: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  locations: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  taxTreatment: z.enum(['domestic', 'reverse_charge']),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListSchema = z.object({ items: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceParamsSchema = z.object({
  id: z.uuid({ error: 'Ungültige Rechnungs-ID.' }),
});

export const INVOICE_ERRORS = defineErrors({
  invoice_not_found: {
    status: 404,
    title: 'Rechnung',
    message: 'Diese Rechnung gibt es nicht.',
  },
});
