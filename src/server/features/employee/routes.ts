import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  employeeStatsSchema,
  qrCardSchema,
  statsQuerySchema,
  thankYouMessagesSchema,
  tipHistoryQuerySchema,
  tipPageSchema,
  todayOverviewSchema,
  tipStreamQuerySchema,
  todayQuerySchema,
} from '../../../shared/api/employee';
import { actorOf } from '../auth/guard';
import { RealtimeHub } from '../realtime/hub';
import {
  createPersonalQrCode,
  type EmployeeContext,
  markMessagesSeen,
  qrCard,
  statistics,
  thankYouMessages,
  tipHistory,
  todayOverview,
} from './service';
import { type OpenStream, reconnectPauseMs, streamHandler } from './stream';

const tags = ['Mitarbeiter-Dashboard'];

/**
 * The signed-in person's own dashboard. Every query is scoped by the session's profile id; no
 * endpoint takes another person's id, so one employee can never ask for another's tips.
 */
export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireActor();
  const context = (request: FastifyRequest): EmployeeContext => ({
    database: app.deps.database,
    employeeId: actorOf(request).profileId,
    now: app.deps.clock.now(),
  });
  const origin = app.deps.config.publicOrigin;

  const hub = new RealtimeHub(
    app.deps.database,
    (payload) => app.log.warn({ payload: payload.slice(0, 200) }, 'malformed tip event ignored'),
    () => app.deps.clock.now().getTime(),
  );
  const openStreams = new Set<OpenStream>();
  app.deps.metrics?.countLiveStreams(() => openStreams.size);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', async () => {
    // Shutdown (SIGTERM): every stream gets the reconnect hint, then ends, so the app can close.
    for (const end of [...openStreams]) end(reconnectPauseMs());
    await hub.stop();
  });

  app.get(
    '/api/employee/today',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Heutige Trinkgelder (je höchstens 3 ausgezahlte und ausstehende)',
        querystring: todayQuerySchema,
        response: { 200: todayOverviewSchema },
      },
    },
    async (request) => todayOverview(context(request), new Date(request.query.from)),
  );

  app.get(
    '/api/employee/messages',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Dankesnachrichten (höchstens 10) und Zahl der neuen',
        response: { 200: thankYouMessagesSchema },
      },
    },
    async (request) => thankYouMessages(context(request)),
  );

  app.post(
    '/api/employee/messages/seen',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Neue Nachrichten als gelesen markieren (Zähler beginnt neu)',
        response: { 200: z.object({ seenAt: z.string() }) },
      },
    },
    async (request) => ({ seenAt: (await markMessagesSeen(context(request))).toISOString() }),
  );

  app.get(
    '/api/employee/tips',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Trinkgeld-Historie eines Zeitraums, seitenweise',
        querystring: tipHistoryQuerySchema,
        response: { 200: tipPageSchema },
      },
    },
    async (request) => tipHistory(context(request), request.query),
  );

  app.get(
    '/api/employee/stats',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Statistik: Summe, Anzahl, Durchschnitt pro Tag, Verlauf pro Tag',
        querystring: statsQuerySchema,
        response: { 200: employeeStatsSchema },
      },
    },
    async (request) => statistics(context(request), request.query.period),
  );

  app.get(
    '/api/employee/qr',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Eigener QR-Code', response: { 200: qrCardSchema } },
    },
    async (request) => qrCard(context(request), origin),
  );

  app.post(
    '/api/employee/qr',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Persönlichen QR-Code (Bezahlpunkt) erstellen',
        response: { 201: qrCardSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPersonalQrCode(context(request), origin)),
  );

  app.get(
    '/api/employee/stream',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Live-Ereignisse zu eigenen Trinkgeldern (Server-Sent Events)',
        querystring: tipStreamQuerySchema,
      },
      logLevel: 'warn',
    },
    streamHandler(app, hub, openStreams),
  );
};
