import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import {
  staffInviteSchema,
  staffRoleSchema,
  staffUserListSchema,
  staffUserParamsSchema,
  staffUserSchema,
  staffUsersQuerySchema,
} from '../../../shared/api/staff';
import { adminPreamble } from '../businesses/scope';
import { presentStaffList, presentStaffUser } from './presenter';
import { changeStaffRole } from './actions/change-staff-role';
import { deactivateStaff } from './actions/deactivate-staff';
import { inviteStaff } from './actions/invite-staff';
import { listStaffUsers } from './actions/list-staff-users';
import { reactivateStaff } from './actions/reactivate-staff';
import { resendInvitation } from './actions/resend-invitation';
import type { StaffContext } from './context';

const tags = ['Benutzerverwaltung'];

/** /admin/users: staff list, invitations, roles, deactivation. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: StaffContext = {
    database: app.deps.database,
    clock: app.deps.clock,
    mailer: app.deps.mailer,
    publicOrigin: app.deps.config.publicOrigin,
    log: app.log,
    rateLimiter: app.rateLimiter,
    sessionSecret: app.deps.config.sessionSecret,
  };
  const { staffManager, scopeOf } = adminPreamble(app);
  const one = { 200: staffUserSchema };

  app.get(
    '/api/admin/users',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Mitarbeitende des Betriebs mit Rolle, Teams, Status und letzter Anmeldung',
        querystring: staffUsersQuerySchema,
        response: { 200: staffUserListSchema },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const listing = await listStaffUsers(context, scope, request.query.search);
      return presentStaffList(scope.actor, scope.businessId, listing);
    },
  );

  app.post(
    '/api/admin/users',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Per E-Mail einladen (Anmeldelink, 7 Tage gültig)',
        querystring: businessScopeQuerySchema,
        body: staffInviteSchema,
        response: { 201: staffUserSchema },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      return reply
        .status(201)
        .send(presentStaffUser(scope.actor, await inviteStaff(context, scope, request.body)));
    },
  );

  app.post(
    '/api/admin/users/:id/invitation',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Einladung erneut senden (der alte Link verfällt)',
        params: staffUserParamsSchema,
        querystring: businessScopeQuerySchema,
        response: one,
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      return presentStaffUser(
        scope.actor,
        await resendInvitation(context, scope, request.params.id),
      );
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Rolle ändern (Regeln: docs/decisions/0120-staff-roles.md)',
        params: staffUserParamsSchema,
        querystring: businessScopeQuerySchema,
        body: staffRoleSchema,
        response: one,
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      return presentStaffUser(
        scope.actor,
        await changeStaffRole(context, scope, request.params.id, request.body.role),
      );
    },
  );

  app.post(
    '/api/admin/users/:id/deactivate',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Deaktivieren: Sitzungen enden sofort, Verlauf bleibt',
        params: staffUserParamsSchema,
        querystring: businessScopeQuerySchema,
        response: one,
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      return presentStaffUser(
        scope.actor,
        await deactivateStaff(context, scope, request.params.id),
      );
    },
  );

  app.post(
    '/api/admin/users/:id/reactivate',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Wieder aktivieren',
        params: staffUserParamsSchema,
        querystring: businessScopeQuerySchema,
        response: one,
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      return presentStaffUser(
        scope.actor,
        await reactivateStaff(context, scope, request.params.id),
      );
    },
  );
};
