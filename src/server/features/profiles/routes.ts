import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ownProfileUpdateSchema,
  PROFILE_ERRORS,
  profileIdParamsSchema,
  profileSchema,
  profileUpdateSchema,
  staffListQuerySchema,
  staffListSchema,
} from '../../../shared/api/profiles';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { AppError } from '../../http/errors';
import { actorOf } from '../auth/guard';
import { businessScopeOf } from '../businesses/scope';
import { presentProfile, presentStaffItem } from './presenter';
import { getOwnProfile, getProfile, listStaff, updateProfile } from './service';

const tags = ['Profile'];

/** Profiles (spec §7): one's own, and for admins and owners those of their staff. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const signedIn = app.requireActor();
  const staffManager = app.requireActor({ roles: STAFF_MANAGER_ROLES });

  /** Spec §5: a profile update without a signed-in user answers 'No user logged in'. */
  const signedInForUpdate = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await signedIn(request, reply);
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthenticated') {
        throw new AppError(PROFILE_ERRORS.profile_no_user);
      }
      throw error;
    }
  };

  app.get(
    '/api/profiles/me',
    {
      // The browser needs the profile to route a setup-only session to the setup (decision 0318).
      onRequest: app.requireActor({ duringTwoFactorSetup: true }),
      schema: { tags, summary: 'Eigenes Profil', response: { 200: profileSchema } },
    },
    async (request) => presentProfile(await getOwnProfile(deps, actorOf(request))),
  );

  app.patch(
    '/api/profiles/me',
    {
      onRequest: signedInForUpdate,
      schema: {
        tags,
        summary: 'Eigenes Profil ändern (legt es beim ersten Speichern an)',
        description:
          'Beim Vervollständigen des Profils optional mit einem ersten Passwort (nur solange das Konto keines hat).',
        body: ownProfileUpdateSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { password, staffLanguage, ...changes } = request.body;
      const row = await updateProfile(deps, {
        actor,
        targetId: actor.userId,
        changes,
        password,
        staffLanguage,
        request,
      });
      return presentProfile(row);
    },
  );

  app.get(
    '/api/profiles',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Mitarbeitende eines Betriebs, nach Namen sortiert',
        description:
          'Inhaber sehen ihren eigenen Betrieb; der Plattform-Administrator wählt einen mit businessId.',
        querystring: staffListQuerySchema,
        response: { 200: staffListSchema },
      },
    },
    async (request) => {
      const { businessId } = await businessScopeOf(request, deps.database.db);
      const rows = await listStaff(deps, businessId, request.query.role);
      return { items: rows.map(presentStaffItem) };
    },
  );

  app.get(
    '/api/profiles/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Ein Profil (eigenes; Admins und Inhaber auch fremde)',
        params: profileIdParamsSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => presentProfile(await getProfile(deps, actorOf(request), request.params.id)),
  );

  app.patch(
    '/api/profiles/:id',
    {
      onRequest: signedInForUpdate,
      schema: {
        tags,
        summary: 'Ein Profil ändern (Admins und Inhaber, protokolliert)',
        params: profileIdParamsSchema,
        body: profileUpdateSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const row = await updateProfile(deps, {
        actor: actorOf(request),
        targetId: request.params.id,
        changes: request.body,
        request,
      });
      return presentProfile(row);
    },
  );
};
