import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponseSchema } from '../../../shared/api/auth';
import {
  signUpAcceptedSchema,
  signUpConfirmSchema,
  signUpRequestSchema,
} from '../../../shared/api/signup';
import { clientOf } from '../auth/client';
import { setSessionCookie } from '../auth/cookie';
import { rememberDevice } from '../auth/device';
import { presentSession } from '../auth/presenter';
import { confirmSignUp, requestSignUp, type SignupContext, signUpKnownRefusal } from './service';

const tags = ['Anmeldung'];

/** Self-service sign-up of a business at /registrieren (decision 0325). */
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, clock, mailer } = app.deps;
  const signup: SignupContext = {
    database,
    clock,
    config,
    mailer,
    limiter: app.rateLimiter,
    afterAnswer: app.afterAnswer,
  };

  app.post(
    '/api/auth/sign-up',
    {
      // Closed registration and a flooding address are refused before the body is even read.
      onRequest: async (request) => {
        const refusal = signUpKnownRefusal(signup, request);
        if (!refusal) return;
        if (refusal.status === 429) await app.rateLimiter.holdRefusal();
        throw refusal;
      },
      schema: {
        tags,
        summary: 'Betrieb registrieren (Bestätigungslink per E-Mail)',
        description:
          'Legt noch nichts an: speichert Name, Adresse und Betrieb und sendet den Bestätigungslink (24 Stunden); ' +
          'Passwort und Zustimmung folgen auf der Bestätigungsseite. ' +
          'Für eine Adresse mit Konto dieselbe Antwort; deren Inhaber erhält stattdessen einen Hinweis. ' +
          "Bei SIGNUP=closed: 403 'signup_disabled'.",
        body: signUpRequestSchema,
        response: { 202: signUpAcceptedSchema },
      },
    },
    async (request, reply) => {
      await requestSignUp(signup, request.body, clientOf(request));
      return reply.status(202).send({ sent: true as const });
    },
  );

  app.post(
    '/api/auth/sign-up/confirm',
    {
      schema: {
        tags,
        summary: 'Registrierung bestätigen: legt Betrieb und Inhaberkonto an und meldet an',
        description:
          'Das Passwort und die Zustimmung zu AGB und AVV gibt, wer den Link aus der E-Mail öffnet; ' +
          'die Registrierung selbst nimmt beides nicht an (Entscheidung 0430).',
        body: signUpConfirmSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await confirmSignUp(signup, request.body, clientOf(request));
      setSessionCookie(reply, config, created.token, created.session.absoluteExpiresAt);
      rememberDevice(request, reply, config, created.user.id);
      return presentSession(created.user, created.session, created.firstSignIn);
    },
  );
};
