import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPaymentPointSchema,
  demoGenerationResultSchema,
  paymentPointDetailsSchema,
  paymentPointListSchema,
  paymentPointParamsSchema,
  paymentPointPrintQuerySchema,
  paymentPointQuerySchema,
  paymentPointSchema,
  paymentPointTargetsSchema,
  PAYMENT_POINT_ERRORS,
  updatePaymentPointSchema,
} from '../../../shared/api/payment-points';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { AppError } from '../../http/errors';
import { actorOf } from '../auth/guard';
import { businessScopeOf } from '../businesses/scope';
import { recordQrExport } from '../setup-checklist/queries';
import type { PointsCall, PointsContext } from './context';
import { showsDemo } from '../../config';
import { generateDemoPoints } from './demo';
import { mayGenerateDemoData } from './policy';
import { listTargets } from './queries/points';
import {
  createPoint,
  deletePoint,
  listPointsOf,
  pointDetails,
  pointForPrint,
  printLook,
  regeneratePointUid,
  setPointActive,
  setPointPrimary,
  updatePoint,
} from './service';

const tags = ['Bezahlpunkte'];
const querystring = paymentPointQuerySchema;
const params = paymentPointParamsSchema;

/** Payment points of one business for admins and owners (spec §2 UID management). */
export const paymentPointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, config } = app.deps;
  const context: PointsContext = {
    db: database.db,
    clock,
    origin: config.publicOrigin,
    sync: app.integrationSync,
  };
  const staffManager = app.requireActor({ roles: STAFF_MANAGER_ROLES });
  // The demo generator answers its own refusal texts (spec §6), so any signed-in person passes here.
  const signedIn = app.requireActor();

  const scope = async (request: FastifyRequest): Promise<PointsCall> => {
    const { businessId, actor } = await businessScopeOf(request, database.db);
    return { actor, businessId, request };
  };
  const noStore = { 'cache-control': 'no-store' };

  /** Only the platform admin reaches the scope: others hear 'Keine Berechtigung' first. */
  const demoScope = async (request: FastifyRequest): Promise<PointsCall> => {
    if (!mayGenerateDemoData(actorOf(request))) {
      throw new AppError(PAYMENT_POINT_ERRORS.demo_admin_only);
    }
    return scope(request);
  };

  app.get(
    '/api/admin/entrypoints',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Alle Bezahlpunkte des Betriebs, neueste zuerst',
        querystring,
        response: { 200: paymentPointListSchema },
      },
    },
    async (request, reply) => {
      const call = await scope(request);
      reply.headers(noStore);
      return listPointsOf(context, call);
    },
  );

  app.get(
    '/api/admin/entrypoints/targets',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Mögliche Ziele neuer Bezahlpunkte: Mitarbeitende, Teams, der Betrieb',
        querystring,
        response: { 200: paymentPointTargetsSchema },
      },
    },
    async (request, reply) => {
      const { businessId } = await scope(request);
      reply.headers(noStore);
      return listTargets(database.db, businessId);
    },
  );

  app.post(
    '/api/admin/entrypoints',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Bezahlpunkt anlegen (UID vom Server, protokolliert)',
        querystring,
        body: createPaymentPointSchema,
        response: { 201: paymentPointSchema },
      },
    },
    async (request, reply) => {
      const point = await createPoint(context, await scope(request), request.body);
      return reply.status(201).send(point);
    },
  );

  // A production site has no demo data tool: the route does not exist there (decision 0520).
  if (showsDemo(config)) {
    app.post(
      '/api/admin/entrypoints/demo',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Demo-Daten erzeugen: die zehn aio-Demo-Bezahlpunkte neu anlegen (nur Admin)',
          querystring,
          response: { 200: demoGenerationResultSchema },
        },
      },
      async (request) => generateDemoPoints(context, await demoScope(request)),
    );
  }

  app.get(
    '/api/admin/entrypoints/:id',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Ein Bezahlpunkt mit Statistik (bezahlte Trinkgelder)',
        querystring,
        params,
        response: { 200: paymentPointDetailsSchema },
      },
    },
    async (request, reply) => {
      const { businessId } = await scope(request);
      reply.headers(noStore);
      return pointDetails(context, businessId, request.params.id);
    },
  );

  app.get(
    '/api/admin/entrypoints/:id/print.pdf',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Druckvorlage als PDF (A4, QR-Code 5 × 5 cm) in einer der Gast-Sprachen',
        querystring: paymentPointPrintQuerySchema,
        params,
      },
    },
    async (request, reply) => {
      const { businessId } = await scope(request);
      const point = await pointForPrint(context, businessId, request.params.id);
      // The PDF library loads only when someone prints, not at every start.
      const { pdfFileName, printSheetPdf } = await import('./pdf');
      const look = await printLook(context, businessId);
      const pdf = await printSheetPdf(point, look, request.query.language);
      const fileName = pdfFileName(point);
      // A printed sheet ticks the set-up checklist's QR item (decision 0328).
      await recordQrExport(database.db, businessId, clock.now());
      return reply
        .headers(noStore)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(pdf));
    },
  );

  app.patch(
    '/api/admin/entrypoints/:id',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Name, Bezeichnung, Beschreibung, Abteilung oder Schicht ändern',
        querystring,
        params,
        body: updatePaymentPointSchema,
        response: { 200: paymentPointSchema },
      },
    },
    async (request) => updatePoint(context, await scope(request), request.params.id, request.body),
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(
      `/api/admin/entrypoints/:id/${action}`,
      {
        onRequest: staffManager,
        schema: {
          tags,
          summary: active
            ? 'Bezahlpunkt aktivieren'
            : 'Bezahlpunkt deaktivieren (Gäste landen auf /qr-error)',
          querystring,
          params,
          response: { 200: paymentPointSchema },
        },
      },
      async (request) => setPointActive(context, await scope(request), request.params.id, active),
    );
  }

  app.post(
    '/api/admin/entrypoints/:id/primary',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: "Als Haupt-QR-Code der Person festlegen ('Mein QR-Code', protokolliert)",
        querystring,
        params,
        response: { 200: paymentPointSchema },
      },
    },
    async (request) => setPointPrimary(context, await scope(request), request.params.id),
  );

  app.post(
    '/api/admin/entrypoints/:id/regenerate',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Neue UID: die alte funktioniert sofort nicht mehr',
        querystring,
        params,
        response: { 200: paymentPointSchema },
      },
    },
    async (request) => regeneratePointUid(context, await scope(request), request.params.id),
  );

  app.delete(
    '/api/admin/entrypoints/:id',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Bezahlpunkt löschen (Trinkgelder bleiben erhalten)',
        querystring,
        params,
      },
    },
    async (request, reply) => {
      await deletePoint(context, await scope(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
