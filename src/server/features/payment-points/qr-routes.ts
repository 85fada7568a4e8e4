import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { qrCardSchema } from '../../../shared/api/employee';
import {
  qrGeneratorBodySchema,
  qrGeneratorResultSchema,
  staffQrParamsSchema,
  staffQrQuerySchema,
} from '../../../shared/api/qr-admin';
import { adminPreamble } from '../businesses/scope';
import { createStaffQrCode, generateQrCode, type QrToolsContext, staffQrCard } from './qr-tools';

const tags = ['QR-Codes (Verwaltung)'];

/** The admin QR tools: QR overview per employee (spec §2 /admin/qr-code-view) and the generator. */
export const paymentPointQrRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: QrToolsContext = {
    database: app.deps.database,
    clock: app.deps.clock,
    publicOrigin: app.deps.config.publicOrigin,
  };
  const { staffManager, scopeOf } = adminPreamble(app);

  app.get(
    '/api/admin/staff/:employeeId/qr',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Aktiver QR-Code einer Person des Betriebs (Bezahlpunkt, sonst klassischer Code)',
        params: staffQrParamsSchema,
        querystring: staffQrQuerySchema,
        response: { 200: qrCardSchema },
      },
    },
    async (request) => staffQrCard(context, await scopeOf(request), request.params.employeeId),
  );

  app.post(
    '/api/admin/staff/:employeeId/qr',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Persönlichen QR-Code (Bezahlpunkt) für eine Person des Betriebs erstellen',
        params: staffQrParamsSchema,
        querystring: staffQrQuerySchema,
        response: { 201: qrCardSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createStaffQrCode(context, await scopeOf(request), request.params.employeeId)),
  );

  app.post(
    '/api/admin/qr-codes',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'QR-Generator: Vorschau eines QR-Codes (legt den Bezahlpunkt bei Bedarf an)',
        querystring: staffQrQuerySchema,
        body: qrGeneratorBodySchema,
        response: { 200: qrGeneratorResultSchema },
      },
    },
    async (request) => generateQrCode(context, await scopeOf(request), request.body),
  );
};
