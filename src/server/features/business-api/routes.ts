import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaymentPointCreateSchema,
  apiPaymentPointListSchema,
  apiPaymentPointSchema,
  apiPayoutListSchema,
  apiPayoutSchema,
  apiRecipientReportSchema,
  apiStaffListSchema,
  apiTipListSchema,
  apiTipSchema,
  BUSINESS_API_ERRORS,
  idempotentHeadersSchema,
  listQuerySchema,
  paymentPointParamsSchema,
  payoutListQuerySchema,
  payoutParamsSchema,
  recipientReportQuerySchema,
  tipListQuerySchema,
  tipParamsSchema,
} from '../../../shared/api/business-api';
import { AppError } from '../../http/errors';
import { apiKeyGate, apiKeyOf } from '../api-keys/guard';
import { idempotentPost } from '../api-keys/idempotency';
import type { PointsChangeCall, PointsContext } from '../payment-points/context';
import { createPoint, setPointActive } from '../payment-points/service';
import { buildReport } from '../reports/service';
import { businessApiDocument, renderBusinessApiDocs } from './openapi';
import { findPoint, listPoints } from '../payment-points/queries/points';
import {
  presentApiPaymentPoint,
  presentApiPayout,
  presentApiRecipientReport,
  presentApiStaffMember,
  presentApiTip,
} from './presenter';
import {
  isListedTip,
  isPayoutOf,
  isStaffOf,
  selectAllocations,
  selectPayout,
  selectPayoutPage,
  selectStaffPage,
  selectTip,
  selectTipPage,
} from './queries';

/** A list's answer: the page's first `limit` rows, and whether the extra one said more follow. */
function listOf<Row, Item>(url: string, rows: Row[], limit: number, present: (row: Row) => Item) {
  return {
    object: 'list' as const,
    url,
    has_more: rows.length > limit,
    data: rows.slice(0, limit).map(present),
  };
}

const tags = ['Betriebs-API'];

/**
 * The business API (decision 0631): used by a business's own API keys, for that business only.
 * Its paid tips with their splits, its payouts, its people, a period's totals per recipient, and
 * its payment points (read, create, deactivate; POSTs take an Idempotency-Key, decision 0640).
 */
export const businessApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const { db } = database;
  const apiKey = apiKeyGate(app);
  const origin = app.deps.config.publicOrigin;
  const points: PointsContext = { db, clock, origin, sync: app.integrationSync };
  const idempotent = idempotentPost({ database, clock });
  /** The key acts for its business; the audit row names it (decision 0640). */
  const keyCall = (request: FastifyRequest): PointsChangeCall => {
    const key = apiKeyOf(request);
    return {
      actor: { apiKeyId: key.keyId, businessId: key.businessId },
      businessId: key.businessId,
      request,
    };
  };
  const document = () =>
    businessApiDocument(app.swagger() as Parameters<typeof businessApiDocument>[0], origin);

  // The description is public, as a developer reads it before holding a key.
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return document();
  });
  app.get('/api/v1/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderBusinessApiDocs(document())),
  );

  app.get(
    '/api/v1/tips',
    {
      onRequest: apiKey('tips:read'),
      schema: {
        tags,
        summary: 'Bezahlte Trinkgelder, neueste zuerst (Berechtigung tips:read)',
        description:
          'Seitenweise mit limit und starting_after; gefiltert nach Zeitraum (created_gte, created_lt) und Empfänger (recipient: direkt oder über einen Anteil).',
        querystring: tipListQuerySchema,
        response: { 200: apiTipListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const query = request.query;
      if (query.starting_after && !(await isListedTip(db, businessId, query.starting_after))) {
        throw new AppError(BUSINESS_API_ERRORS.cursor_unknown);
      }
      const rows = await selectTipPage(db, businessId, query);
      const allocations = await selectAllocations(
        db,
        rows.slice(0, query.limit).map((row) => row.id),
      );
      return listOf('/api/v1/tips', rows, query.limit, (row) =>
        presentApiTip(
          row,
          allocations.filter((share) => share.tipId === row.id),
        ),
      );
    },
  );

  app.get(
    '/api/v1/tips/:id',
    {
      onRequest: apiKey('tips:read'),
      schema: {
        tags,
        summary: 'Ein bezahltes Trinkgeld mit Aufteilung und Auszahlung (Berechtigung tips:read)',
        params: tipParamsSchema,
        response: { 200: apiTipSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const row = await selectTip(db, businessId, request.params.id);
      if (!row) throw new AppError(BUSINESS_API_ERRORS.tip_not_found);
      return presentApiTip(row, await selectAllocations(db, [row.id]));
    },
  );

  app.get(
    '/api/v1/payouts',
    {
      onRequest: apiKey('payouts:read'),
      schema: {
        tags,
        summary: 'Auszahlungen an Mitarbeitende, neueste zuerst (Berechtigung payouts:read)',
        description:
          'Seitenweise mit limit und starting_after; gefiltert nach Zeitraum (created_gte, created_lt) und Person (recipient).',
        querystring: payoutListQuerySchema,
        response: { 200: apiPayoutListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const query = request.query;
      if (query.starting_after && !(await isPayoutOf(db, businessId, query.starting_after))) {
        throw new AppError(BUSINESS_API_ERRORS.cursor_unknown);
      }
      const rows = await selectPayoutPage(db, businessId, query);
      return listOf('/api/v1/payouts', rows, query.limit, presentApiPayout);
    },
  );

  app.get(
    '/api/v1/payouts/:id',
    {
      onRequest: apiKey('payouts:read'),
      schema: {
        tags,
        summary: 'Eine Auszahlung (Berechtigung payouts:read)',
        params: payoutParamsSchema,
        response: { 200: apiPayoutSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const row = await selectPayout(db, businessId, request.params.id);
      if (!row) throw new AppError(BUSINESS_API_ERRORS.payout_not_found);
      return presentApiPayout(row);
    },
  );

  app.get(
    '/api/v1/payment-points',
    {
      onRequest: apiKey('payment_points:read'),
      schema: {
        tags,
        summary: 'Bezahlpunkte des Betriebs, neueste zuerst (Berechtigung payment_points:read)',
        description: 'Seitenweise mit limit und starting_after.',
        querystring: listQuerySchema,
        response: { 200: apiPaymentPointListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const { limit, starting_after: after } = request.query;
      // A business has hundreds of points at most: the list is read whole and cut here.
      const points = await listPoints(db, businessId);
      const start = after ? points.findIndex((point) => point.id === after) + 1 : 0;
      if (after && start === 0) throw new AppError(BUSINESS_API_ERRORS.cursor_unknown);
      return listOf(
        '/api/v1/payment-points',
        points.slice(start, start + limit + 1),
        limit,
        (point) => presentApiPaymentPoint(point, origin),
      );
    },
  );

  app.get(
    '/api/v1/payment-points/:id',
    {
      onRequest: apiKey('payment_points:read'),
      schema: {
        tags,
        summary: 'Ein Bezahlpunkt (Berechtigung payment_points:read)',
        params: paymentPointParamsSchema,
        response: { 200: apiPaymentPointSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const point = await findPoint(db, businessId, request.params.id);
      if (!point) throw new AppError(BUSINESS_API_ERRORS.payment_point_not_found);
      return presentApiPaymentPoint(point, origin);
    },
  );

  app.post(
    '/api/v1/payment-points',
    {
      onRequest: apiKey('payment_points:write'),
      schema: {
        tags,
        summary: 'Bezahlpunkt anlegen (Berechtigung payment_points:write)',
        description:
          'Wie im Dialog der Konsole: type person mit einem Ziel vom Typ user, team mit einem team, object mit dem Betrieb (tenant). Mit Idempotency-Key: dieselbe Anfrage wird 24 Stunden lang nur einmal ausgeführt.',
        headers: idempotentHeadersSchema,
        body: apiPaymentPointCreateSchema,
        response: { 201: apiPaymentPointSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = request.body;
      return idempotent(request, reply, async (complete) => {
        let answer: { status: number; body: unknown } | undefined;
        const input = {
          type: body.type,
          name: body.name,
          label: body.label,
          description: body.description,
          department: body.department,
          shift: body.shift,
          targetType: body.target.type,
          targetId: body.target.id,
          uid: body.uid,
        };
        // The answer is made in the creation's transaction and kept there with the key.
        await createPoint(points, keyCall(request), input, {
          within: async (tx, point) => {
            answer = { status: 201, body: presentApiPaymentPoint(point, origin) };
            await complete(tx, answer);
          },
        });
        return answer!;
      });
    },
  );

  app.post(
    '/api/v1/payment-points/:id/deactivate',
    {
      onRequest: apiKey('payment_points:write'),
      schema: {
        tags,
        summary: 'Bezahlpunkt deaktivieren (Berechtigung payment_points:write)',
        description:
          'Gäste können über ihn kein Trinkgeld mehr geben; ein schon deaktivierter Punkt bleibt es. Mit Idempotency-Key wie beim Anlegen.',
        headers: idempotentHeadersSchema,
        params: paymentPointParamsSchema,
        response: { 200: apiPaymentPointSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const call = keyCall(request);
      return idempotent(request, reply, async (complete) => {
        if (!(await findPoint(db, call.businessId, request.params.id))) {
          throw new AppError(BUSINESS_API_ERRORS.payment_point_not_found);
        }
        let answer: { status: number; body: unknown } | undefined;
        await setPointActive(points, call, request.params.id, false, {
          within: async (tx, point) => {
            answer = { status: 200, body: presentApiPaymentPoint(point, origin) };
            await complete(tx, answer);
          },
        });
        return answer!;
      });
    },
  );

  app.get(
    '/api/v1/staff',
    {
      onRequest: apiKey('staff:read'),
      schema: {
        tags,
        summary:
          'Die Menschen des Betriebs: Inhaber und Mitarbeitende, neueste zuerst (Berechtigung staff:read)',
        description:
          'Seitenweise mit limit und starting_after; mit Rolle, Status (active, invited, deactivated), Teams und ob Auszahlungen möglich sind.',
        querystring: listQuerySchema,
        response: { 200: apiStaffListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const query = request.query;
      if (query.starting_after && !(await isStaffOf(db, businessId, query.starting_after))) {
        throw new AppError(BUSINESS_API_ERRORS.cursor_unknown);
      }
      const rows = await selectStaffPage(db, businessId, query);
      return listOf('/api/v1/staff', rows, query.limit, presentApiStaffMember);
    },
  );

  app.get(
    '/api/v1/reports/recipients',
    {
      onRequest: apiKey('reports:read'),
      schema: {
        tags,
        summary: 'Summen eines Zeitraums je Empfänger (Berechtigung reports:read)',
        description:
          'from und to sind Tage (JJJJ-MM-TT, Europe/Berlin, beide einschließlich, höchstens drei Jahre). Dieselben Zahlen wie der Bericht der Konsole: je Person direkte Trinkgelder und Anteile, je Team, und der Pool des Betriebs.',
        querystring: recipientReportQuerySchema,
        response: { 200: apiRecipientReportSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const { from, to } = request.query;
      return presentApiRecipientReport(await buildReport(database, businessId, { from, to }));
    },
  );
};
