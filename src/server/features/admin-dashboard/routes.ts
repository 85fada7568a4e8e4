import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema } from '../../../shared/api/admin-dashboard';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { businessScopeOf } from '../businesses/scope';
import { dashboardFigures } from './service';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  app.get(
    '/api/admin/dashboard',
    {
      onRequest: app.requireActor({ roles: STAFF_MANAGER_ROLES }),
      schema: {
        tags: ['Admin'],
        summary: 'Kennzahlen des Admin-Dashboards: Mitarbeitende, QR-Codes, Trinkgeld im Monat',
        querystring: businessScopeQuerySchema,
        response: { 200: adminDashboardSchema },
      },
    },
    async (request) => {
      const { businessId } = await businessScopeOf(request, database.db);
      return dashboardFigures(database.db, businessId, clock.now());
    },
  );
};
