import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentPointQuerySchema } from '../../../shared/api/payment-points';
import { walletLinksSchema, walletPointParamsSchema } from '../../../shared/api/wallet';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { actorOf } from '../auth/guard';
import { businessScopeOf } from '../businesses/scope';
import { PKPASS_MIME } from './apple-pass';
import type { WalletContext } from './context';
import { loadAppleWalletKeys, loadGoogleWalletKeys } from './keys';
import {
  employeeApplePass,
  employeeGoogleLink,
  employeeWalletLinks,
  type PassFile,
  pointApplePass,
  pointGoogleLink,
  pointWalletLinks,
} from './service';

const tags = ['Wallet'];
const params = walletPointParamsSchema;
// The platform admin names the business in ?businessId=, as on every admin point route.
const querystring = paymentPointQuerySchema;

function sendPass(reply: FastifyReply, pass: PassFile) {
  return reply
    .header('cache-control', 'no-store')
    .type(PKPASS_MIME)
    .header('content-disposition', `attachment; filename="${pass.fileName}"`)
    .send(pass.data);
}

/**
 * A person's tip code in Apple Wallet (a signed .pkpass) and Google Wallet (a signed save link),
 * for the employee's own point and for an owner or admin handing out passes.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, config } = app.deps;
  // Read once at start: a missing or unreadable key stops the start with a line naming it.
  const context: WalletContext = {
    db: database.db,
    clock,
    origin: config.publicOrigin,
    apple: config.appleWallet ? loadAppleWalletKeys(config.appleWallet) : null,
    google: config.googleWallet ? loadGoogleWalletKeys(config.googleWallet) : null,
  };
  const signedIn = app.requireActor();
  const staffManager = app.requireActor({ roles: STAFF_MANAGER_ROLES });
  const employeeId = (request: FastifyRequest) => actorOf(request).profileId;
  const businessOf = async (request: FastifyRequest) =>
    (await businessScopeOf(request, database.db)).businessId;

  app.get(
    '/api/employee/wallet',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Welche Wallet-Pässe für den eigenen QR-Code angeboten werden',
        response: { 200: walletLinksSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return employeeWalletLinks(context);
    },
  );

  app.get(
    '/api/employee/wallet/apple',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Apple-Wallet-Pass des eigenen Bezahlpunkts (.pkpass)' },
    },
    async (request, reply) =>
      sendPass(reply, await employeeApplePass(context, employeeId(request))),
  );

  app.get(
    '/api/employee/wallet/google',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Weiter zu Google Wallet mit dem eigenen Bezahlpunkt' },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(await employeeGoogleLink(context, employeeId(request))),
  );

  app.get(
    '/api/admin/payment-points/:id/wallet',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Welche Wallet-Pässe es für diesen Bezahlpunkt gibt',
        params,
        querystring,
        response: { 200: walletLinksSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pointWalletLinks(context, await businessOf(request), request.params.id);
    },
  );

  app.get(
    '/api/admin/payment-points/:id/wallet/apple',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Apple-Wallet-Pass eines Personen-Bezahlpunkts (.pkpass)',
        params,
        querystring,
      },
    },
    async (request, reply) =>
      sendPass(reply, await pointApplePass(context, await businessOf(request), request.params.id)),
  );

  app.get(
    '/api/admin/payment-points/:id/wallet/google',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Weiter zu Google Wallet mit einem Personen-Bezahlpunkt',
        params,
        querystring,
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(await pointGoogleLink(context, await businessOf(request), request.params.id)),
  );
};
