import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import {
  INVOICE_ERRORS,
  invoiceListSchema,
  invoiceParamsSchema,
} from '../../../shared/api/invoices';
import { AppError } from '../../http/errors';
import { adminPreamble } from '../businesses/scope';
import { facturXPdf, xrechnungXml } from './e-invoice';
import { invoiceDocumentOf } from './issue';
import { listInvoices, readInvoice } from './queries';

const tags = ['Rechnungen'];

/**
 * Pro's invoices of a business for its owners (and the platform admin working in it): the list,
 * the invoice as PDF with the e-invoice inside (Factur-X, EN 16931) and as XRechnung XML.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const { staffManager, scopeOf } = adminPreamble(app);

  app.get(
    '/api/admin/invoices',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Rechnungen des Betriebs für Trinkgeld Pro, neueste zuerst',
        querystring: businessScopeQuerySchema,
        response: { 200: invoiceListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await listInvoices(db, (await scopeOf(request)).businessId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          number: row.number,
          issuedOn: row.issuedOn,
          periodStart: row.periodStart,
          periodEnd: row.periodEnd,
          locations: row.locations,
          netCents: row.netCents,
          vatCents: row.vatCents,
          grossCents: row.grossCents,
          taxTreatment: row.taxTreatment,
        })),
      };
    },
  );

  const fileRoute = (suffix: 'pdf' | 'xml', summary: string) =>
    app.get(
      `/api/admin/invoices/:id/${suffix}`,
      {
        onRequest: staffManager,
        schema: {
          tags,
          summary,
          params: invoiceParamsSchema,
          querystring: businessScopeQuerySchema,
        },
      },
      async (request, reply) => {
        const { businessId } = await scopeOf(request);
        const row = await readInvoice(db, businessId, request.params.id);
        if (!row) throw new AppError(INVOICE_ERRORS.invoice_not_found);
        const document = invoiceDocumentOf(row);
        reply.header('cache-control', 'private, no-store');
        if (suffix === 'pdf') {
          return reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="Rechnung-${row.number}.pdf"`)
            .send(Buffer.from(await facturXPdf(document)));
        }
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="XRechnung-${row.number}.xml"`)
          .send(await xrechnungXml(document));
      },
    );
  fileRoute('pdf', 'Rechnung als PDF mit eingebetteter E-Rechnung (ZUGFeRD/Factur-X, EN 16931)');
  fileRoute('xml', 'Rechnung als XRechnung (CII, EN 16931)');
};
