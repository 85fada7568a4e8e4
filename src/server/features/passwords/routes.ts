import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passwordChangeSchema,
  passwordLinkCheckSchema,
  passwordLinkStatusSchema,
  passwordResetRequestSchema,
  passwordResetSentSchema,
  passwordStatusSchema,
  setPasswordSchema,
} from '../../../shared/api/passwords';
import { clientOf } from '../auth/client';
import { actorOf } from '../auth/guard';
import { presentLinkStatus, presentPasswordStatus } from './presenter';
import {
  changePassword,
  checkPasswordLink,
  type PasswordContext,
  passwordStatus,
  requestPasswordReset,
  setPasswordWithLink,
} from './service';

const tags = ['Anmeldung'];

/** Passwords: set-password links, 'Passwort vergessen?', 'Passwort ändern'. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, clock, mailer } = app.deps;
  const passwords: PasswordContext = {
    database,
    clock,
    mailer,
    publicOrigin: config.publicOrigin,
    sessionSecret: config.sessionSecret,
    limiter: app.rateLimiter,
    afterAnswer: app.afterAnswer,
  };
  const signedIn = app.requireActor();

  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags,
        summary: "'Passwort vergessen?': Link zum Festlegen eines neuen Passworts anfordern",
        description:
          'Antwortet immer gleich, ob es ein Konto mit dieser Adresse gibt oder nicht (Entscheidung 0314).',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetSentSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(passwords, request.body.email, clientOf(request));
      return reply.status(202).send({ sent: true as const });
    },
  );

  app.post(
    '/api/auth/password-link/check',
    {
      schema: {
        tags,
        summary: 'Prüfen, ob ein Link zum Festlegen des Passworts noch gilt (verbraucht ihn nicht)',
        body: passwordLinkCheckSchema,
        response: { 200: passwordLinkStatusSchema },
      },
    },
    async (request) =>
      presentLinkStatus(await checkPasswordLink(passwords, request.body.token, clientOf(request))),
  );

  app.post(
    '/api/auth/password-link',
    {
      schema: {
        tags,
        summary: 'Passwort mit einem Link festlegen (einmalig; meldet nicht an)',
        body: setPasswordSchema,
      },
    },
    async (request, reply) => {
      await setPasswordWithLink(passwords, { ...request.body, client: clientOf(request) });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/auth/password',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Ob das eigene Konto ein Passwort hat',
        response: { 200: passwordStatusSchema },
      },
    },
    async (request) => presentPasswordStatus(await passwordStatus(passwords, actorOf(request))),
  );

  app.put(
    '/api/auth/password',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "'Passwort ändern' (beendet die anderen Sitzungen der Person)",
        body: passwordChangeSchema,
      },
    },
    async (request, reply) => {
      await changePassword(passwords, actorOf(request), request.body, clientOf(request));
      return reply.status(204).send();
    },
  );
};
