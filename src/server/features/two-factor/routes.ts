import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { staffUserParamsSchema } from '../../../shared/api/staff';
import {
  recoveryCodesSchema,
  secondFactorCodeSchema,
  totpCodeSchema,
  TWO_FACTOR_ERRORS,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
  twoFactorStatusSchema,
} from '../../../shared/api/two-factor';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { AppError } from '../../http/errors';
import { clientOf } from '../auth/client';
import { setSessionCookie } from '../auth/cookie';
import { rememberDevice } from '../auth/device';
import { actorOf } from '../auth/guard';
import { presentSession } from '../auth/presenter';
import type { SecurityNoticeContext } from '../auth/security-notice';
import { auditedScopeOf } from '../businesses/scope';
import { clearChallengeCookie, readChallengeToken } from '../auth/two-factor-challenge';
import { resetTwoFactor } from './reset';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  readTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  type TwoFactorContext,
} from './service';
import { completeTwoFactorSignIn } from './sign-in';
import { type CodeBudget, knownCodeRefusal } from './verify';

const tags = ['Zwei-Faktor-Anmeldung'];
const noBody = z.object({}).strict().nullish();

/**
 * Two-factor sign-in: one's own settings under /api/me/two-factor, the code
 * step of sign-in, and the reset on /admin/users. Decisions 0315–0319.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, clock, mailer } = app.deps;
  const budget: CodeBudget = { limiter: app.rateLimiter, serverSecret: config.sessionSecret };
  const notices: SecurityNoticeContext = {
    mailer,
    afterAnswer: app.afterAnswer,
    publicOrigin: config.publicOrigin,
  };
  const ctx: TwoFactorContext = { database, clock, config, budget, notices };
  // A session that may only set up two-factor sign-in may use these (decision 0318).
  const setup = app.requireActor({ duringTwoFactorSetup: true });
  const signedIn = app.requireActor();

  app.get(
    '/api/me/two-factor',
    {
      onRequest: setup,
      schema: {
        tags,
        summary: 'Eigene Zwei-Faktor-Anmeldung: an, ausstehend, übrige Wiederherstellungscodes',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => readTwoFactorStatus(ctx, actorOf(request)),
  );

  app.post(
    '/api/me/two-factor/setup',
    {
      onRequest: setup,
      schema: {
        tags,
        summary: 'Einrichtung starten: neuer Schlüssel (ausstehend) mit QR-Code-Inhalt',
        body: noBody,
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => startTwoFactorSetup(ctx, actorOf(request)),
  );

  app.post(
    '/api/me/two-factor/confirm',
    {
      onRequest: setup,
      schema: {
        tags,
        summary:
          'Mit einem Code bestätigen: einschalten, zehn Wiederherstellungscodes (einmalig); beendet die anderen Sitzungen der Person',
        body: totpCodeSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => confirmTwoFactorSetup(ctx, actorOf(request), request.body.code, request),
  );

  app.post(
    '/api/me/two-factor/disable',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Ausschalten mit einem aktuellen Code oder einem Wiederherstellungscode',
        body: secondFactorCodeSchema,
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => disableTwoFactor(ctx, actorOf(request), request.body.code, request),
  );

  app.post(
    '/api/me/two-factor/recovery-codes',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Neue Wiederherstellungscodes mit einem aktuellen Code (die alten verfallen)',
        body: totpCodeSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => regenerateRecoveryCodes(ctx, actorOf(request), request.body.code, request),
  );

  app.post(
    '/api/auth/two-factor',
    {
      onRequest: async (request) => {
        const refusal = knownCodeRefusal(budget, request.ip);
        if (!refusal) return;
        await app.rateLimiter.holdRefusal();
        throw refusal;
      },
      schema: {
        tags,
        summary: 'Anmeldung mit dem Bestätigungscode abschließen (nach Passwort oder Link)',
        body: secondFactorCodeSchema,
        response: { 200: twoFactorSignInSchema },
      },
    },
    async (request, reply) => {
      try {
        const done = await completeTwoFactorSignIn(ctx, {
          token: readChallengeToken(request, config),
          code: request.body.code,
          client: clientOf(request),
        });
        const { signedIn } = done;
        clearChallengeCookie(reply, config);
        setSessionCookie(reply, config, signedIn.token, signedIn.session.absoluteExpiresAt);
        rememberDevice(request, reply, config, signedIn.user.id);
        return {
          ...presentSession(
            signedIn.user,
            signedIn.session,
            signedIn.firstSignIn,
            signedIn.twoFactor,
          ),
          secondFactor: done.secondFactor,
          recoveryCodesRemaining: done.recoveryCodesRemaining,
        };
      } catch (error) {
        // A dead challenge is of no use any more: the browser forgets it too.
        if (
          error instanceof AppError &&
          error.code === TWO_FACTOR_ERRORS.two_factor_challenge_invalid.code
        ) {
          clearChallengeCookie(reply, config);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/admin/users/:id/two-factor/reset',
    {
      onRequest: app.requireActor({ roles: STAFF_MANAGER_ROLES }),
      schema: {
        tags,
        summary: 'Zwei-Faktor-Anmeldung einer Person zurücksetzen (Sitzungen enden)',
        params: staffUserParamsSchema,
        querystring: businessScopeQuerySchema,
        body: noBody,
      },
    },
    async (request, reply) => {
      const scope = await auditedScopeOf(request, database.db);
      await resetTwoFactor({ database, clock, log: app.log, notices }, scope, request.params.id);
      return reply.status(204).send();
    },
  );
};
