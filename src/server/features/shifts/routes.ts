import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  shiftAssignmentSchema,
  shiftBoardSchema,
  shiftCopyResultSchema,
  shiftCopyWeekSchema,
  shiftCreateSchema,
  shiftParamsSchema,
  shiftQuerySchema,
} from '../../../shared/api/shifts';
import {
  rotaImportBodySchema,
  rotaImportQuerySchema,
  rotaImportResultSchema,
  rotaPreviewSchema,
} from '../../../shared/api/rota-import';
import { adminPreamble } from '../businesses/scope';
import { proGate } from '../plans/guard';
import { importRota, previewRota } from './rota-import';
import { assignShift, copyShiftWeek, removeShift, type ShiftContext, shiftBoard } from './service';

const tags = ['Dienstplan'];

/** Shift assignments of objects and teams (decision 0122). */
export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: ShiftContext = { database: app.deps.database, clock: app.deps.clock };
  const { staffManager, scopeOf } = adminPreamble(app);
  const proOnly = proGate(app);

  app.get(
    '/api/admin/shifts',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Dienstplan: Objekte, Teams, Personen und Einteilungen von heute bis in 14 Tagen',
        querystring: shiftQuerySchema,
        response: { 200: shiftBoardSchema },
      },
    },
    async (request) => {
      return shiftBoard(context, await scopeOf(request));
    },
  );

  app.post(
    '/api/admin/shifts',
    {
      onRequest: staffManager,
      preHandler: proOnly('shift_routing'),
      schema: {
        tags,
        summary: 'Person für einen Tag oder eine Schicht einteilen',
        querystring: shiftQuerySchema,
        body: shiftCreateSchema,
        response: { 201: shiftAssignmentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await assignShift(context, await scopeOf(request), request.body)),
  );

  app.post(
    '/api/admin/shifts/copy-week',
    {
      onRequest: staffManager,
      preHandler: proOnly('shift_routing'),
      schema: {
        tags,
        summary: 'Eine Woche eines Objekts oder Teams auf die folgende Woche kopieren',
        querystring: shiftQuerySchema,
        body: shiftCopyWeekSchema,
        response: { 200: shiftCopyResultSchema },
      },
    },
    async (request) => copyShiftWeek(context, await scopeOf(request), request.body),
  );

  app.delete(
    '/api/admin/shifts/:id',
    {
      onRequest: staffManager,
      preHandler: proOnly('shift_routing'),
      schema: {
        tags,
        summary: 'Einteilung entfernen',
        params: shiftParamsSchema,
        querystring: shiftQuerySchema,
      },
    },
    async (request, reply) => {
      await removeShift(context, await scopeOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/admin/shifts/import/preview',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary:
          'Dienstplan importieren, Vorschau: Spalten der CSV-Datei, Zuordnung und jede Zeile mit ihren Problemen',
        querystring: rotaImportQuerySchema,
        body: rotaImportBodySchema,
        response: { 200: rotaPreviewSchema },
      },
    },
    async (request) => previewRota(context, await scopeOf(request), request.body),
  );

  app.post(
    '/api/admin/shifts/import',
    {
      onRequest: staffManager,
      preHandler: proOnly('shift_routing'),
      schema: {
        tags,
        summary:
          'Dienstplan importieren: die gültigen Zeilen einteilen (schon geplante bleiben, Zeilen mit Problemen werden übersprungen)',
        querystring: rotaImportQuerySchema,
        body: rotaImportBodySchema,
        response: { 200: rotaImportResultSchema },
      },
    },
    async (request) => importRota(context, await scopeOf(request), request.body),
  );
};
