import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renderImprint, renderPrivacy } from './page';

/**
 * /impressum and /datenschutz: plain server-rendered HTML (no script), so they answer every
 * client, load nothing of the web app and are filled from the configuration.
 */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const send = (html: string) => (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  app.get('/impressum', { schema: { hide: true } }, send(renderImprint(app.deps.config)));
  app.get('/datenschutz', { schema: { hide: true } }, send(renderPrivacy(app.deps.config)));
};
