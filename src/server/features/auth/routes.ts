import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  magicLinkRequestSchema,
  magicLinkSentSchema,
  magicLinkVerifySchema,
  passwordSignInSchema,
  rateLimitCheckSchema,
  rateLimitStatusSchema,
  sessionResponseSchema,
  type SignInResponse,
  signInResponseSchema,
} from '../../../shared/api/auth';
import { clientOf } from './client';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './cookie';
import { readDevice, rememberDevice } from './device';
import { actorOf } from './guard';
import { presentSession, SIGNED_OUT } from './presenter';
import { presentSessionEnd } from './session-end';
import { setChallengeCookie } from './two-factor-challenge';
import { sessionTwoFactorOf } from './two-factor-rules';
import { checkRateLimit } from './actions/check-rate-limit';
import { currentSession } from './actions/current-session';
import { endedReason } from './actions/ended-reason';
import { extendSession } from './actions/extend-session';
import type { FirstFactorResult } from './actions/finish-first-factor';
import { knownRefusal } from './actions/known-refusal';
import { recordTimeout } from './actions/record-timeout';
import { reportActivity } from './actions/report-activity';
import { requestMagicLink } from './actions/request-magic-link';
import { signInWithPassword } from './actions/sign-in-with-password';
import { signOut } from './actions/sign-out';
import { verifyMagicLink } from './actions/verify-magic-link';
import { authContext, type MagicLinkContext } from './context';

const noBody = z.object({}).strict().nullish();
const tags = ['Anmeldung'];

/** Sign-in, sign-out and the session's life (spec §7 Authentication). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const auth: MagicLinkContext = {
    ...authContext(app.deps, app.rateLimiter),
    afterAnswer: app.afterAnswer,
  };

  /**
   * A right first factor: the session cookie, or with two-factor sign-in on only the challenge
   * cookie and "code required" (decision 0316).
   */
  async function answerFirstFactor(
    request: FastifyRequest,
    reply: FastifyReply,
    result: FirstFactorResult,
  ): Promise<SignInResponse> {
    // A new sign-in in this browser ends the session it held (a shared reception phone): else
    // the old person's session would stay open behind the code step, and the page would follow it.
    const heldToken = readSessionToken(request, config);
    await signOut(auth, heldToken, clientOf(request));
    if (result.kind === 'two_factor') {
      if (heldToken) clearSessionCookie(reply, config);
      setChallengeCookie(reply, config, result.challenge);
      return {
        twoFactorRequired: true,
        challengeExpiresAt: result.challenge.expiresAt.toISOString(),
      };
    }
    setSessionCookie(reply, config, result.token, result.session.absoluteExpiresAt);
    rememberDevice(request, reply, config, result.user.id);
    return presentSession(result.user, result.session, result.firstSignIn, result.twoFactor);
  }

  app.post(
    '/api/auth/sign-in',
    {
      onRequest: async (request) => {
        const refusal = knownRefusal(
          auth,
          'sign-in',
          request,
          Boolean(readDevice(request, config)),
        );
        if (!refusal) return;
        await app.rateLimiter.holdRefusal();
        throw refusal;
      },
      schema: {
        tags,
        summary: 'Mit E-Mail und Passwort anmelden',
        body: passwordSignInSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await signInWithPassword(auth, {
        ...request.body,
        client: clientOf(request),
        device: readDevice(request, config),
      });
      return answerFirstFactor(request, reply, result);
    },
  );

  app.post(
    '/api/auth/magic-link',
    {
      onRequest: async (request) => {
        const refusal = knownRefusal(
          auth,
          'magic-link',
          request,
          Boolean(readDevice(request, config)),
        );
        if (!refusal) return;
        await app.rateLimiter.holdRefusal();
        throw refusal;
      },
      schema: {
        tags,
        summary: 'Anmeldelink per E-Mail anfordern',
        body: magicLinkRequestSchema,
        response: { 202: magicLinkSentSchema },
      },
    },
    async (request, reply) => {
      await requestMagicLink(
        auth,
        request.body.email,
        clientOf(request),
        readDevice(request, config),
      );
      return reply.status(202).send({ sent: true as const });
    },
  );

  app.post(
    '/api/auth/magic-link/verify',
    {
      schema: {
        tags,
        summary: 'Anmeldelink einlösen',
        body: magicLinkVerifySchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await verifyMagicLink(auth, request.body.token, clientOf(request));
      return answerFirstFactor(request, reply, result);
    },
  );

  app.post(
    '/api/auth/rate-limit',
    {
      schema: {
        tags,
        summary: 'Anfragelimit prüfen, ohne einen Versuch zu zählen',
        body: rateLimitCheckSchema,
        response: { 200: rateLimitStatusSchema },
      },
    },
    async (request) => {
      const decision = await checkRateLimit(auth, { ...request.body, client: clientOf(request) });
      // When to retry, and nothing about how many attempts were counted (finding 7).
      const resetTime = new Date(app.deps.clock.now().getTime() + decision.retryAfter * 1000);
      return {
        allowed: decision.allowed,
        resetTime: resetTime.toISOString(),
        retryAfter: decision.retryAfter,
      };
    },
  );

  app.get(
    '/api/auth/session',
    {
      schema: {
        tags,
        summary: 'Aktuelle Sitzung (null, wenn niemand angemeldet ist)',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const token = readSessionToken(request, config);
      const found = await currentSession(auth, token);
      if (!found) {
        if (!token) return SIGNED_OUT;
        clearSessionCookie(reply, config);
        // A reload after the session was ended still says why (decision 0505).
        const reason = await endedReason(auth, token);
        return { ...SIGNED_OUT, ended: presentSessionEnd(reason, config.contactEmail) };
      }
      return presentSession(
        { id: found.actor.userId, email: found.actor.email },
        found.session,
        undefined,
        sessionTwoFactorOf(found.actor, found.twoFactorEnabled, config.nodeEnv),
      );
    },
  );

  app.post(
    '/api/auth/session/touch',
    {
      onRequest: app.requireActor({ duringTwoFactorSetup: true }),
      schema: {
        tags,
        summary: 'Aktivität melden: verschiebt das Inaktivitätsende',
        body: noBody,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const session = await reportActivity(auth, actor);
      return presentSession({ id: actor.userId, email: actor.email }, session);
    },
  );

  app.post(
    '/api/auth/session/extend',
    {
      onRequest: app.requireActor({ duringTwoFactorSetup: true }),
      schema: {
        tags,
        summary: "'Sitzung verlängern' (für Admins und Inhaber protokolliert)",
        body: noBody,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const session = await extendSession(auth, actor, clientOf(request));
      return presentSession({ id: actor.userId, email: actor.email }, session);
    },
  );

  app.post(
    '/api/auth/session/timeout',
    {
      schema: {
        tags,
        summary: 'Die Sitzung ist im Browser wegen Inaktivität abgelaufen',
        body: noBody,
      },
    },
    async (request, reply) => {
      await recordTimeout(auth, readSessionToken(request, config), clientOf(request));
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/sign-out',
    { schema: { tags, summary: 'Abmelden', body: noBody } },
    async (request, reply) => {
      await signOut(auth, readSessionToken(request, config), clientOf(request));
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );
};
