import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  teamCreateSchema,
  teamListSchema,
  teamMembersSchema,
  teamParamsSchema,
  teamQuerySchema,
  teamSaveSchema,
  teamSchema,
  teamTipsQuerySchema,
  teamTipsSchema,
  teamUpdateSchema,
  workPointsSaveSchema,
  workPointsSchema,
} from '../../../shared/api/teams';
import { actorOf } from '../auth/guard';
import { adminPreamble } from '../businesses/scope';
import { proGate } from '../plans/guard';
import { periodStart } from '../employee/stats';
import { presentTeam, presentTeamList, presentTeamTips } from './presenter';
import { teamRuleNotice } from './rule-notice';
import { teamTipsOf } from './transparency';
import { listWorkPoints, saveWorkPoints } from './work-points';
import {
  createTeam,
  deleteTeam,
  listTeams,
  saveTeam,
  setTeamMembers,
  type TeamContext,
  updateTeam,
} from './service';

const tags = ['Teams'];

/** Teams per business: create, rename, split rule, members with points, delete. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: TeamContext = { database: app.deps.database, clock: app.deps.clock };
  const { staffManager, scopeOf } = adminPreamble(app);
  const proOnly = proGate(app);

  app.get(
    '/api/employee/team-tips',
    {
      onRequest: app.requireActor(),
      schema: {
        tags,
        summary: 'Trinkgelder der eigenen Teams mit der Aufteilung auf alle Mitglieder',
        querystring: teamTipsQuerySchema,
        response: { 200: teamTipsSchema },
      },
    },
    async (request) => {
      const profileId = actorOf(request).profileId;
      const read = await teamTipsOf(
        context.database.db,
        profileId,
        periodStart(request.query.period, context.clock.now()),
      );
      return presentTeamTips(read, profileId);
    },
  );

  app.get(
    '/api/admin/teams',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Teams des Betriebs mit Mitgliedern und Punkten',
        querystring: teamQuerySchema,
        response: { 200: teamListSchema },
      },
    },
    async (request) => presentTeamList(await listTeams(context, await scopeOf(request))),
  );

  app.post(
    '/api/admin/teams',
    {
      onRequest: staffManager,
      preHandler: proOnly('teams'),
      schema: {
        tags,
        summary: 'Team anlegen',
        querystring: teamQuerySchema,
        body: teamCreateSchema,
        response: { 201: teamSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentTeam(await createTeam(context, await scopeOf(request), request.body))),
  );

  app.patch(
    '/api/admin/teams/:id',
    {
      onRequest: staffManager,
      preHandler: proOnly('teams'),
      schema: {
        tags,
        summary: 'Team umbenennen oder Aufteilung ändern',
        params: teamParamsSchema,
        querystring: teamQuerySchema,
        body: teamUpdateSchema,
        response: { 200: teamSchema },
      },
    },
    async (request) =>
      presentTeam(
        await updateTeam(context, await scopeOf(request), request.params.id, request.body),
      ),
  );

  app.put(
    '/api/admin/teams/:id',
    {
      onRequest: staffManager,
      preHandler: proOnly('teams'),
      schema: {
        tags,
        summary: 'Team mit Name, Aufteilung und Mitgliedern in einem Schritt speichern',
        params: teamParamsSchema,
        querystring: teamQuerySchema,
        body: teamSaveSchema,
        response: { 200: teamSchema },
      },
    },
    async (request) =>
      presentTeam(await saveTeam(context, await scopeOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/admin/teams/:id/members',
    {
      onRequest: staffManager,
      preHandler: proOnly('teams'),
      schema: {
        tags,
        summary: 'Mitglieder und Punkte setzen (gilt für künftige Trinkgelder)',
        params: teamParamsSchema,
        querystring: teamQuerySchema,
        body: teamMembersSchema,
        response: { 200: teamSchema },
      },
    },
    async (request) =>
      presentTeam(
        await setTeamMembers(context, await scopeOf(request), request.params.id, request.body),
      ),
  );

  app.get(
    '/api/admin/teams/:id/rule-notice.pdf',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary:
          'Aushang der Aufteilungsregel des Teams als PDF (was geteilt wird, wonach, seit wann)',
        params: teamParamsSchema,
        querystring: teamQuerySchema,
      },
    },
    async (request, reply) => {
      const { pdf } = await teamRuleNotice(context, await scopeOf(request), request.params.id);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="aushang-teamtrinkgeld.pdf"');
      return reply.send(pdf);
    },
  );

  app.delete(
    '/api/admin/teams/:id',
    {
      onRequest: staffManager,
      preHandler: proOnly('teams'),
      schema: {
        tags,
        summary: 'Team löschen (Verlauf bleibt)',
        params: teamParamsSchema,
        querystring: teamQuerySchema,
      },
    },
    async (request, reply) => {
      await deleteTeam(context, await scopeOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/work-points',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Punkte je Rolle für Aufteilungen nach Arbeitsstunden (je Person, Standard 1)',
        querystring: teamQuerySchema,
        response: { 200: workPointsSchema },
      },
    },
    async (request) => listWorkPoints(context, await scopeOf(request)),
  );

  app.put(
    '/api/admin/work-points',
    {
      onRequest: staffManager,
      preHandler: proOnly('teams'),
      schema: {
        tags,
        summary: 'Punkte je Rolle setzen (gilt für künftige Aufteilungen nach Arbeitsstunden)',
        querystring: teamQuerySchema,
        body: workPointsSaveSchema,
        response: { 200: workPointsSchema },
      },
    },
    async (request) => saveWorkPoints(context, await scopeOf(request), request.body),
  );
};
