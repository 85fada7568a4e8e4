import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { signIn } from '../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  createTip,
  type FactoryBusiness,
} from '../../../test/support/factories';
import { newGuestSessionId } from '../../../test/support/guest';
import { DPA_VERSION, TERMS_VERSION } from '../../shared/domain/agreements';
import { dayInZone } from '../../shared/domain/shifts';
import { API_KEY_SCOPES } from '../../shared/api/api-keys';
import { adminAuditLog, apiKeys, webhookEndpoints } from '../db/schema';
import { hashSecret } from '../features/api-keys/service';
import { freshIp } from '../../../test/support/addresses';

/** The methods `inject` takes (light-my-request 6.6, decision 0285). */
type HTTPMethods = NonNullable<InjectOptions['method']>;

/**
 * Every route the server offers (its own route list, `app.routeList`), called
 * as each of six parties, with the exact status each must get. A new route without an entry fails
 * the last test. Business 1 has employees A and B; business 2 is the stranger. Calls that are
 * expected to change something get a fresh business 1, so one party's change cannot decide
 * another's answer (only admin-console changes can alter what the next party sees).
 *
 * This is the one access table of the server: it took in the admin-endpoint matrix of
 * Whose further checks run here for every admin-console route — no session hears
 * 'unauthenticated'; the stranger's answer holds nothing of business 1, and an id of business 1
 * without naming the business does not exist for them; refused parties leave no audit row.
 */

const PEOPLE = ['anonymous', 'employeeA', 'employeeB', 'owner1', 'owner2', 'admin'] as const;
/**
 * Business API keys (decision 0630) are parties of their own: a key of business 1 and one of
 * business 2, each with every scope, sent as `Authorization: Bearer` without any session.
 */
const KEYS = ['key1', 'key2'] as const;
const ROLES = [...PEOPLE, ...KEYS] as const;
type Party = (typeof ROLES)[number];
type KeyParty = (typeof KEYS)[number];
type Statuses = Record<(typeof PEOPLE)[number], number>;

interface Fixture {
  biz: FactoryBusiness;
  tipId: string;
  /** A paid tip to the object point that reached nobody: it waits in the owner's pool. */
  poolTipId: string;
  /** A webhook endpoint of business 1, and one that the business API's DELETE removes. */
  webhookId: string;
  doomedWebhookId: string;
}

interface Entry {
  /** "METHOD /url" exactly as the server's route list names it. */
  route: string;
  url?: (f: Fixture) => string;
  body?: (f: Fixture, party: Party) => unknown;
  raw?: () => Promise<{ contentType: string; body: Buffer | string }>;
  status: Statuses;
  /** What the two keys get; by default what a visitor without a session gets (a key is none). */
  keys?: Record<KeyParty, number>;
}

const isKey = (party: Party): party is KeyParty => (KEYS as readonly string[]).includes(party);
const expectedOf = (entry: Entry, party: Party): number =>
  isKey(party) ? (entry.keys?.[party] ?? entry.status.anonymous) : entry.status[party];

const s = (
  anonymous: number,
  employeeA: number,
  employeeB: number,
  owner1: number,
  owner2: number,
  admin: number,
): Statuses => ({ anonymous, employeeA, employeeB, owner1, owner2, admin });
/** The same answer for everyone (public routes). */
const all = (status: number) => s(status, status, status, status, status, status);
/** Signed in: anyone with a session. */
const signedIn = (status: number) => s(401, status, status, status, status, status);
/** The operator console: the platform admin only, owners of any business refused. */
const operatorOnly = (admin: number) => s(401, 403, 403, 403, 403, admin);
/** The admin console of business 1 (owners of business 1 and the platform admin only). */
const console1 = (status = 200, owner1 = status) => s(401, 403, 403, owner1, 404, status);

const png = async () => ({
  contentType: 'image/png',
  body: await sharp({
    create: { width: 40, height: 20, channels: 3, background: { r: 0, g: 48, b: 87 } },
  })
    .png()
    .toBuffer(),
});

const point = (f: Fixture) => f.biz.points[0]!;
const employeeA = (f: Fixture) => f.biz.employees[0]!;
const employeeB = (f: Fixture) => f.biz.employees[1]!;
const objectPoint = (f: Fixture) => f.biz.points[1]!;
const today = () => dayInZone(t.clock.now());

/**
 * Routes of the admin console of one business: the stranger's answer must hold nothing
 * of business 1, and refusals write no audit row for it.
 */
const isConsole = (entry: Entry) =>
  entry.route.includes(' /api/admin/') ||
  entry.route === 'GET /api/profiles' ||
  entry.route === 'POST /api/audit/navigation';

const ENTRIES: Entry[] = [
  // Health, legal, docs, public data
  { route: 'GET /healthz', status: all(200) },
  { route: 'GET /readyz', status: all(200) },
  // Prometheus only, with METRICS_TOKEN (unset here): a session changes nothing (decision 0400).
  { route: 'GET /metrics', status: all(404) },
  { route: 'GET /impressum', status: all(200) },
  { route: 'GET /datenschutz', status: all(200) },
  // The contracts of self-service sign-up (decision 0326).
  { route: 'GET /agb', status: all(200) },
  { route: 'GET /avv', status: all(200) },
  { route: 'GET /api/docs', status: all(200) },
  { route: 'GET /api/public-config', status: all(200) },
  { route: 'GET /api/showcase', status: all(200) },

  // Sign-in and session
  {
    route: 'POST /api/auth/sign-in',
    body: (f) => ({ email: employeeA(f).email, password: 'falsch-falsch' }),
    status: all(401),
  },
  // Self-service sign-up (SIGNUP=open in tests): anyone gets the same answer, signed in or not;
  // nothing exists until the e-mailed link is opened (decision 0325).
  {
    route: 'POST /api/auth/sign-up',
    body: (_f, party) => ({
      fullName: 'Neue Inhaberin',
      email: `registrierung-${party}-${randomUUID()}@test.local`,
      businessName: 'Hotel Neu',
    }),
    status: all(202),
  },
  // The password and the acceptances come with the confirmation (decision 0430).
  {
    route: 'POST /api/auth/sign-up/confirm',
    body: () => ({
      token: 'x'.repeat(43),
      password: 'Sonnenhang-2026',
      termsVersion: TERMS_VERSION,
      dpaVersion: DPA_VERSION,
    }),
    status: all(400),
  },
  {
    route: 'POST /api/auth/magic-link',
    body: (_f, party) => ({ email: `niemand-${party}-${randomUUID()}@test.local` }),
    status: all(202),
  },
  {
    route: 'POST /api/auth/magic-link/verify',
    body: () => ({ token: 'x'.repeat(43) }),
    status: all(400),
  },
  {
    route: 'POST /api/auth/rate-limit',
    body: (f) => ({ endpoint: 'auth-login', email: employeeA(f).email }),
    status: all(200),
  },
  // Anonymous visitors hear that nobody is signed in.
  { route: 'GET /api/auth/session', status: all(200) },
  { route: 'POST /api/auth/session/extend', status: signedIn(200) },
  { route: 'POST /api/auth/session/touch', status: signedIn(200) },
  { route: 'POST /api/auth/session/timeout', status: all(204) },
  { route: 'POST /api/auth/sign-out', status: all(204) },
  // Two-factor sign-in: the code step needs the challenge cookie of a sign-in.
  { route: 'POST /api/auth/two-factor', body: () => ({ code: '123456' }), status: all(401) },
  { route: 'GET /api/me/two-factor', status: signedIn(200) },
  { route: 'POST /api/me/two-factor/setup', status: signedIn(200) },
  // Codes are checked after the session: anyone signed in gets the German format message.
  {
    route: 'POST /api/me/two-factor/confirm',
    body: () => ({ code: 'abc' }),
    status: signedIn(400),
  },
  {
    route: 'POST /api/me/two-factor/disable',
    body: () => ({ code: 'abc' }),
    status: signedIn(400),
  },
  {
    route: 'POST /api/me/two-factor/recovery-codes',
    body: () => ({ code: 'abc' }),
    status: signedIn(400),
  },

  // Passwords: the same answer for every address; links are checked by their token;
  // 'Passwort ändern' with a wrong current password changes nothing for anyone.
  {
    route: 'POST /api/auth/password-reset',
    body: (_f, party) => ({ email: `vergessen-${party}-${randomUUID()}@test.local` }),
    status: all(202),
  },
  {
    route: 'POST /api/auth/password-link/check',
    body: () => ({ token: 'x'.repeat(43) }),
    status: all(400),
  },
  {
    route: 'POST /api/auth/password-link',
    body: () => ({ token: 'x'.repeat(43), password: 'Leuchtturm am Morgen 7' }),
    status: all(400),
  },
  { route: 'GET /api/auth/password', status: signedIn(200) },
  {
    route: 'PUT /api/auth/password',
    body: () => ({ currentPassword: 'falsch-geraten', newPassword: 'Leuchtturm am Morgen 7' }),
    status: signedIn(400),
  },

  // Own profile and pictures
  { route: 'GET /api/profiles/me', status: signedIn(200) },
  { route: 'PATCH /api/profiles/me', body: () => ({ jobTitle: 'Neu' }), status: signedIn(200) },
  {
    route: 'GET /api/profiles/:id',
    url: (f) => `/api/profiles/${employeeA(f).id}`,
    // A colleague or a stranger hears that there is no such profile.
    status: s(401, 200, 404, 200, 404, 200),
  },
  {
    route: 'PATCH /api/profiles/:id',
    url: (f) => `/api/profiles/${employeeA(f).id}`,
    body: () => ({ jobTitle: 'Geändert' }),
    status: s(401, 200, 404, 200, 404, 200),
  },
  {
    route: 'GET /api/profiles',
    url: (f) => `/api/profiles?role=employee&businessId=${f.biz.id}`,
    status: console1(),
  },
  { route: 'POST /api/media/profile-images', raw: png, status: signedIn(201) },
  { route: 'GET /api/media/:id', url: () => `/api/media/${randomUUID()}`, status: all(404) },

  // GDPR: one's own data, one's own account (owners and the admin hand their role over first)
  { route: 'GET /api/me/data-export', status: signedIn(200) },
  {
    route: 'POST /api/me/deletion',
    body: () => ({ confirm: true }),
    status: s(401, 200, 200, 409, 409, 409),
  },

  // Employee dashboard
  {
    route: 'GET /api/employee/today',
    url: () => '/api/employee/today?from=2026-01-01T00:00:00Z',
    status: signedIn(200),
  },
  { route: 'GET /api/employee/messages', status: signedIn(200) },
  { route: 'POST /api/employee/messages/seen', status: signedIn(200) },
  { route: 'GET /api/employee/tips', status: signedIn(200) },
  { route: 'GET /api/employee/stats', status: signedIn(200) },
  { route: 'GET /api/employee/qr', status: signedIn(200) },
  { route: 'GET /api/employee/wallet', status: signedIn(200) },
  // Not configured in this app: no pass for anyone, with the spec's text (decision 0380).
  { route: 'GET /api/employee/wallet/apple', status: signedIn(404) },
  { route: 'GET /api/employee/wallet/google', status: signedIn(404) },
  // Employee A has a code already; the platform admin belongs to no business.
  { route: 'POST /api/employee/qr', status: s(401, 409, 201, 201, 201, 409) },
  { route: 'GET /api/employee/stream', status: signedIn(200) },
  {
    // The tip went to employee A: only A may answer it (once); to anyone else it does not exist.
    route: 'POST /api/employee/tips/:tipId/reply',
    url: (f) => `/api/employee/tips/${f.tipId}/reply`,
    body: () => ({ message: 'Vielen Dank zurück!' }),
    status: s(401, 201, 404, 404, 404, 404),
  },
  { route: 'GET /api/employee/payout', status: signedIn(200) },
  { route: 'POST /api/employee/payout/onboarding', status: signedIn(409) },
  // Instant payout and tipping record: always the caller's own money and tips.
  { route: 'GET /api/employee/payout/instant', status: signedIn(200) },
  {
    // Employee A has 10,00 € waiting; everyone else has nothing to pay out.
    route: 'POST /api/employee/payout/instant',
    body: () => ({ balanceCents: 1000, idempotencyKey: randomUUID() }),
    status: s(401, 201, 409, 409, 409, 409),
  },
  {
    route: 'GET /api/employee/record.csv',
    url: () => '/api/employee/record.csv?from=2026-01-01&to=2026-12-31',
    status: signedIn(200),
  },
  {
    route: 'GET /api/employee/record.pdf',
    url: () => '/api/employee/record.pdf?from=2026-01-01&to=2026-12-31',
    status: signedIn(200),
  },

  // Guests
  { route: 'GET /api/guest/info', status: all(200) },
  {
    route: 'GET /api/guest/codes/:code',
    url: (f) => `/api/guest/codes/${point(f).uid}`,
    status: all(200),
  },
  {
    route: 'GET /api/guest/codes/:code/branding',
    url: (f) => `/api/guest/codes/${point(f).uid}/branding`,
    status: all(200),
  },
  {
    route: 'POST /api/guest/tips',
    body: (f) => ({
      code: point(f).uid,
      amountCents: 500,
      platformFee: false,
      paymentMethod: 'stripe',
      guestSessionId: newGuestSessionId(),
    }),
    status: all(201),
  },
  {
    route: 'GET /api/guest/tips/:tipId',
    url: (f) => `/api/guest/tips/${f.tipId}`,
    // The status of a payment is read by its unguessable id (the tab returning from checkout);
    // the guest's message and every change need the tip's secret (finding 7).
    status: all(200),
  },
  {
    route: 'POST /api/guest/tips/:tipId/cancel',
    url: (f) => `/api/guest/tips/${f.tipId}/cancel`,
    body: () => ({ token: 'y'.repeat(43) }),
    status: all(403),
  },
  {
    route: 'POST /api/guest/tips/:tipId/feedback',
    url: (f) => `/api/guest/tips/${f.tipId}/feedback`,
    body: () => ({ token: 'y'.repeat(43), emoji: 'smile' }),
    status: all(403),
  },
  {
    // A receipt needs the tip's secret, whoever asks.
    route: 'POST /api/guest/tips/:tipId/receipt',
    url: (f) => `/api/guest/tips/${f.tipId}/receipt`,
    body: () => ({ token: 'y'.repeat(43), email: 'gast@example.org' }),
    status: all(403),
  },
  {
    route: 'GET /api/guest/thank-you',
    url: (f) => `/api/guest/thank-you?tipId=${f.tipId}`,
    status: all(200),
  },
  {
    route: 'POST /api/guest/pay-later-links',
    body: (f) => ({ code: point(f).uid, amountCents: 500 }),
    status: all(201),
  },
  {
    route: 'GET /api/guest/pay-later-links/:token',
    url: () => `/api/guest/pay-later-links/${'z'.repeat(43)}`,
    status: all(404),
  },
  {
    // Mailing a link needs its token, whoever asks.
    route: 'POST /api/guest/pay-later-links/email',
    body: () => ({ token: 'z'.repeat(43), email: 'gast@example.org' }),
    status: all(404),
  },
  {
    route: 'POST /api/guest/events',
    body: (f) => ({
      name: 'tip_page_loaded',
      code: point(f).uid,
      properties: { entry_type: 'person', preset_amount: false },
    }),
    status: all(204),
  },
  // The tip page rendered on the server and its plain form (decisions 0220, 0221): public.
  { route: 'GET /t/:code', url: (f) => `/t/${point(f).uid}`, status: all(200) },
  {
    route: 'POST /t/:code/checkout',
    url: (f) => `/t/${point(f).uid}/checkout`,
    raw: async () => ({ contentType: 'application/x-www-form-urlencoded', body: 'amount=abc' }),
    status: all(400),
  },
  {
    route: 'GET /t/:code/thanks',
    url: (f) => `/t/${point(f).uid}/thanks?tip=${randomUUID()}`,
    status: all(200),
  },
  {
    route: 'GET /t/:code/cancelled',
    url: (f) => `/t/${point(f).uid}/cancelled?tip=${randomUUID()}`,
    // A page that explains the cancelled payment, for anyone with the link.
    status: all(200),
  },
  {
    route: 'GET /checkout/demo/:sessionId',
    url: () => `/checkout/demo/${randomUUID()}`,
    status: all(404),
  },
  {
    route: 'POST /checkout/demo/:sessionId',
    url: () => `/checkout/demo/${randomUUID()}`,
    raw: async () => ({
      contentType: 'application/x-www-form-urlencoded',
      body: 'action=pay',
    }),
    status: all(400),
  },
  {
    route: 'POST /api/payments/webhook',
    raw: async () => ({ contentType: 'application/json', body: '{"type":"x"}' }),
    status: all(400),
  },
  {
    route: 'POST /api/aio/sync-entrypoint',
    body: () => ({}),
    // Without AIO_SYNC_SECRET the endpoint is off for everyone.
    status: all(503),
  },

  // Staff navigation audit and the admin console
  {
    route: 'POST /api/audit/navigation',
    url: (f) => `/api/audit/navigation?businessId=${f.biz.id}`,
    body: () => ({ destination: '/admin/dashboard' }),
    status: console1(204),
  },
  { route: 'GET /api/admin/businesses', status: s(401, 403, 403, 200, 200, 200) },
  // The operator console: the platform admin only, for any business.
  { route: 'GET /api/admin/businesses/overview', status: operatorOnly(200) },
  // The status view (decision 0404): the platform admin only.
  { route: 'GET /api/admin/system', status: operatorOnly(200) },
  {
    route: 'POST /api/admin/businesses',
    body: (_f, party) => ({
      name: `Neuer Betrieb ${party} ${randomUUID()}`,
      address: 'Hafenstraße 1, 20459 Hamburg',
      contactEmail: `kontakt-${randomUUID()}@test.local`,
      ownerEmail: `inhaber-${randomUUID()}@test.local`,
    }),
    status: operatorOnly(201),
  },
  {
    route: 'POST /api/admin/businesses/:id/owners',
    url: (f) => `/api/admin/businesses/${f.biz.id}/owners`,
    body: () => ({ email: `inhaber-${randomUUID()}@test.local` }),
    status: operatorOnly(201),
  },
  // The operator's business page (decision 0501).
  {
    route: 'GET /api/admin/businesses/:id',
    url: (f) => `/api/admin/businesses/${f.biz.id}`,
    status: operatorOnly(200),
  },
  // Tarif (decision 0610): business 1 is on the factories' paid Pro.
  { route: 'GET /api/admin/plan', status: console1() },
  // Pro already: no trial to start, no cancellation to take back; a paid Pro may be cancelled.
  { route: 'POST /api/admin/plan/trial', status: console1(409) },
  { route: 'POST /api/admin/plan/cancel', status: console1(200) },
  { route: 'POST /api/admin/plan/resume', status: console1(409) },
  // Booked with no Stripe customer (the factories' Pro): no card to change at Stripe's portal.
  { route: 'POST /api/admin/plan/portal', status: console1(409) },
  // API keys (decision 0630): the owners of business 1 and the platform admin; the business is
  // on Pro, so a key is made.
  { route: 'GET /api/admin/api-keys', status: console1() },
  {
    route: 'POST /api/admin/api-keys',
    body: () => ({ name: 'Lohnbüro', scopes: ['tips:read'] }),
    status: console1(201),
  },
  {
    route: 'POST /api/admin/api-keys/:id/revoke',
    url: () => `/api/admin/api-keys/${randomUUID()}/revoke`,
    status: console1(404),
  },
  // The business API: keys only, each for its own business; a session is no key.
  { route: 'GET /api/v1/key', status: all(401), keys: { key1: 200, key2: 200 } },
  // The API's description is public, as a developer reads it before holding a key.
  { route: 'GET /api/v1/openapi.json', status: all(200) },
  { route: 'GET /api/v1/docs', status: all(200) },
  // Each key lists its own business's tips; a tip of business 1 does not exist for key 2.
  { route: 'GET /api/v1/tips', status: all(401), keys: { key1: 200, key2: 200 } },
  { route: 'GET /api/v1/payouts', status: all(401), keys: { key1: 200, key2: 200 } },
  { route: 'GET /api/v1/payment-points', status: all(401), keys: { key1: 200, key2: 200 } },
  {
    route: 'GET /api/v1/payment-points/:id',
    url: (f) => `/api/v1/payment-points/${point(f).id}`,
    status: all(401),
    keys: { key1: 200, key2: 404 },
  },
  // Key 1 creates a table point of business 1; for key 2 business 1 is no target.
  {
    route: 'POST /api/v1/payment-points',
    body: (f) => ({ type: 'object', name: 'Matrix', target: { type: 'tenant', id: f.biz.id } }),
    status: all(401),
    keys: { key1: 201, key2: 400 },
  },
  {
    route: 'POST /api/v1/payment-points/:id/deactivate',
    url: () => `/api/v1/payment-points/${randomUUID()}/deactivate`,
    status: all(401),
    keys: { key1: 404, key2: 404 },
  },
  { route: 'GET /api/v1/staff', status: all(401), keys: { key1: 200, key2: 200 } },
  {
    route: 'GET /api/v1/reports/recipients',
    url: () => `/api/v1/reports/recipients?from=${today()}&to=${today()}`,
    status: all(401),
    keys: { key1: 200, key2: 200 },
  },
  {
    route: 'GET /api/v1/payouts/:id',
    url: () => `/api/v1/payouts/${randomUUID()}`,
    status: all(401),
    keys: { key1: 404, key2: 404 },
  },
  {
    route: 'GET /api/v1/tips/:id',
    url: (f) => `/api/v1/tips/${f.tipId}`,
    status: all(401),
    keys: { key1: 200, key2: 404 },
  },
  // Webhook endpoints (decision 0650): the owners of business 1 and the platform admin in the
  // console (adding one needs Pro, which business 1 has); an endpoint of business 1 does not exist
  // for the stranger.
  { route: 'GET /api/admin/webhooks', status: console1() },
  {
    route: 'POST /api/admin/webhooks',
    body: () => ({ url: 'http://127.0.0.1:9/matrix', eventTypes: ['tip.paid'] }),
    status: console1(201),
  },
  {
    route: 'PATCH /api/admin/webhooks/:id',
    url: (f) => `/api/admin/webhooks/${f.webhookId}`,
    body: () => ({ description: 'Geändert' }),
    status: console1(200),
  },
  {
    route: 'DELETE /api/admin/webhooks/:id',
    url: (f) => `/api/admin/webhooks/${f.webhookId}`,
    status: console1(204),
  },
  {
    route: 'POST /api/admin/webhooks/:id/roll-secret',
    url: (f) => `/api/admin/webhooks/${f.webhookId}/roll-secret`,
    status: console1(200),
  },
  {
    route: 'POST /api/admin/webhooks/:id/test',
    url: (f) => `/api/admin/webhooks/${f.webhookId}/test`,
    status: console1(202),
  },
  {
    route: 'GET /api/admin/webhooks/:id/deliveries',
    url: (f) => `/api/admin/webhooks/${f.webhookId}/deliveries`,
    status: console1(),
  },
  {
    route: 'POST /api/admin/webhooks/:id/deliveries/:deliveryId/replay',
    url: (f) => `/api/admin/webhooks/${f.webhookId}/deliveries/${randomUUID()}/replay`,
    status: console1(404, 404),
  },
  // … and through the business API with webhooks:write, each key for its own business only.
  { route: 'GET /api/v1/webhook-endpoints', status: all(401), keys: { key1: 200, key2: 200 } },
  {
    route: 'POST /api/v1/webhook-endpoints',
    body: () => ({ url: 'http://127.0.0.1:9/matrix', enabled_events: ['tip.paid'] }),
    status: all(401),
    keys: { key1: 201, key2: 201 },
  },
  {
    route: 'GET /api/v1/webhook-endpoints/:id',
    url: (f) => `/api/v1/webhook-endpoints/${f.webhookId}`,
    status: all(401),
    keys: { key1: 200, key2: 404 },
  },
  {
    route: 'PATCH /api/v1/webhook-endpoints/:id',
    url: (f) => `/api/v1/webhook-endpoints/${f.webhookId}`,
    body: () => ({ description: 'Über die API' }),
    status: all(401),
    keys: { key1: 200, key2: 404 },
  },
  {
    // Its own endpoint, so deleting it changes no other row's answer.
    route: 'DELETE /api/v1/webhook-endpoints/:id',
    url: (f) => `/api/v1/webhook-endpoints/${f.doomedWebhookId}`,
    status: all(401),
    keys: { key1: 200, key2: 404 },
  },
  {
    route: 'POST /api/v1/webhook-endpoints/:id/roll-secret',
    url: (f) => `/api/v1/webhook-endpoints/${f.webhookId}/roll-secret`,
    status: all(401),
    keys: { key1: 200, key2: 404 },
  },
  {
    route: 'POST /api/v1/webhook-endpoints/:id/test',
    url: (f) => `/api/v1/webhook-endpoints/${f.webhookId}/test`,
    status: all(401),
    keys: { key1: 202, key2: 404 },
  },
  // Pro already paid: a booking is refused as such; nothing else of it exists for a stranger.
  {
    route: 'POST /api/admin/plan/checkout',
    body: () => ({
      locations: 1,
      name: 'Hotel GmbH',
      street: 'Uferweg 1',
      postalCode: '82319',
      city: 'Starnberg',
      countryCode: 'DE',
      vatId: '',
      email: 'rechnung@hotel.example',
    }),
    status: console1(409),
  },
  // The demo provider's pages: a checkout of no business is not found for anyone.
  {
    route: 'GET /billing/demo/checkout/:id',
    url: (f) => `/billing/demo/checkout/demo_bco_${'0'.repeat(24)}?businessId=${f.biz.id}`,
    status: s(401, 403, 403, 404, 404, 404),
  },
  {
    route: 'POST /billing/demo/checkout/:id',
    url: (f) => `/billing/demo/checkout/demo_bco_${'0'.repeat(24)}?businessId=${f.biz.id}`,
    raw: async () => ({ contentType: 'application/x-www-form-urlencoded', body: 'action=pay' }),
    status: s(401, 403, 403, 404, 404, 404),
  },
  {
    route: 'GET /billing/demo/subscription',
    url: (f) => `/billing/demo/subscription?businessId=${f.biz.id}`,
    status: s(401, 403, 403, 200, 404, 200),
  },
  {
    // The factories' Pro has no demo subscription to play with.
    route: 'POST /billing/demo/subscription',
    url: (f) => `/billing/demo/subscription?businessId=${f.biz.id}`,
    raw: async () => ({ contentType: 'application/x-www-form-urlencoded', body: 'action=renew' }),
    status: s(401, 403, 403, 409, 404, 409),
  },
  { route: 'GET /api/admin/invoices', status: console1() },
  {
    route: 'GET /api/admin/invoices/:id/pdf',
    url: () => `/api/admin/invoices/${randomUUID()}/pdf`,
    status: console1(404),
  },
  {
    route: 'GET /api/admin/invoices/:id/xml',
    url: () => `/api/admin/invoices/${randomUUID()}/xml`,
    status: console1(404),
  },
  {
    route: 'POST /api/admin/businesses/:id/plan-grant',
    url: (f) => `/api/admin/businesses/${f.biz.id}/plan-grant`,
    body: () => ({ until: '2027-01-31', reason: 'Pilotbetrieb' }),
    status: operatorOnly(200),
  },
  {
    // The same name (other entries name the business), a new contact address.
    route: 'PATCH /api/admin/businesses/:id',
    url: (f) => `/api/admin/businesses/${f.biz.id}`,
    body: (f) => ({ name: f.biz.name, contactEmail: `kontakt-${randomUUID()}@test.local` }),
    status: operatorOnly(200),
  },
  {
    // The owner of business 1 has signed up long ago: no open invitation to send again.
    route: 'POST /api/admin/businesses/:id/owners/:userId/invitation',
    url: (f) => `/api/admin/businesses/${f.biz.id}/owners/${f.biz.owner.id}/invitation`,
    status: operatorOnly(409),
  },
  {
    route: 'POST /api/admin/businesses/:id/suspend',
    url: (f) => `/api/admin/businesses/${f.biz.id}/suspend`,
    body: () => ({ reason: 'Prüfung' }),
    status: operatorOnly(200),
  },
  {
    // Business 1 is active: the admin may ask and is told so.
    route: 'POST /api/admin/businesses/:id/reactivate',
    url: (f) => `/api/admin/businesses/${f.biz.id}/reactivate`,
    status: operatorOnly(409),
  },
  {
    // Business 1 has paid tips waiting for their payout: the admin hears the amount instead.
    route: 'POST /api/admin/businesses/:id/close',
    url: (f) => `/api/admin/businesses/${f.biz.id}/close`,
    body: (f) => ({ confirmName: f.biz.name }),
    status: operatorOnly(409),
  },
  { route: 'GET /api/admin/audit-log.csv', status: console1() },
  { route: 'GET /api/admin/dashboard', status: console1() },
  { route: 'GET /api/admin/audit-log', status: console1() },
  { route: 'GET /api/admin/entrypoints', status: console1() },
  { route: 'GET /api/admin/entrypoints/targets', status: console1() },
  {
    route: 'POST /api/admin/entrypoints',
    body: (f) => ({ name: 'Neu', type: 'object', targetType: 'tenant', targetId: f.biz.id }),
    status: console1(201),
  },
  {
    route: 'POST /api/admin/entrypoints/demo',
    body: () => ({}),
    status: s(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'GET /api/admin/entrypoints/:id',
    url: (f) => `/api/admin/entrypoints/${point(f).id}`,
    status: console1(),
  },
  {
    route: 'GET /api/admin/entrypoints/:id/print.pdf',
    url: (f) => `/api/admin/entrypoints/${point(f).id}/print.pdf`,
    status: console1(),
  },
  {
    route: 'GET /api/admin/payment-points/:id/wallet',
    url: (f) => `/api/admin/payment-points/${point(f).id}/wallet`,
    status: console1(),
  },
  {
    route: 'GET /api/admin/payment-points/:id/wallet/apple',
    url: (f) => `/api/admin/payment-points/${point(f).id}/wallet/apple`,
    status: console1(404),
  },
  {
    route: 'GET /api/admin/payment-points/:id/wallet/google',
    url: (f) => `/api/admin/payment-points/${point(f).id}/wallet/google`,
    status: console1(404),
  },
  {
    route: 'PATCH /api/admin/entrypoints/:id',
    url: (f) => `/api/admin/entrypoints/${point(f).id}`,
    body: () => ({ name: 'Umbenannt' }),
    status: console1(),
  },
  ...(['primary', 'activate', 'deactivate', 'regenerate'] as const).map((action): Entry => ({
    route: `POST /api/admin/entrypoints/:id/${action}`,
    url: (f) => `/api/admin/entrypoints/${point(f).id}/${action}`,
    body: () => ({}),
    status: console1(),
  })),
  {
    route: 'DELETE /api/admin/entrypoints/:id',
    url: (f) => `/api/admin/entrypoints/${point(f).id}`,
    status: console1(204),
  },
  { route: 'GET /api/admin/integration', status: console1() },
  {
    route: 'PUT /api/admin/integration',
    body: () => ({ tenantId: 'neuer-tenant' }),
    status: console1(),
  },
  { route: 'POST /api/admin/integration/reset', body: () => ({}), status: console1() },
  { route: 'POST /api/admin/integration/test', body: () => ({}), status: console1() },
  // The set-up checklist of the dashboard (decision 0328)
  { route: 'GET /api/admin/setup-checklist', status: console1() },
  { route: 'POST /api/admin/setup-checklist/dismiss', body: () => ({}), status: console1() },
  { route: 'POST /api/admin/setup-checklist/qr-export', body: () => ({}), status: console1(204) },
  { route: 'GET /api/admin/branding', status: console1() },
  { route: 'GET /api/admin/branding/preview', status: console1() },
  {
    route: 'PUT /api/admin/branding',
    body: () => ({
      primaryColor: '#003057',
      secondaryColor: '#C8C9C7',
      accentColor: '#C8AA61',
      fontFamily: 'Inter',
      language: 'de',
      tonality: 'formal',
      companyName: 'Neu',
      thankYouMessage: null,
      logoUrl: null,
    }),
    status: console1(),
  },
  { route: 'POST /api/admin/branding/logo', raw: png, status: console1(201) },
  {
    route: 'GET /api/admin/staff/:employeeId/qr',
    url: (f) => `/api/admin/staff/${employeeB(f).id}/qr`,
    status: console1(),
  },
  {
    route: 'POST /api/admin/staff/:employeeId/qr',
    url: (f) => `/api/admin/staff/${employeeB(f).id}/qr`,
    body: () => ({}),
    status: console1(201),
  },
  {
    route: 'POST /api/admin/qr-codes',
    body: () => ({ type: 'object', designation: 'Tisch 99' }),
    status: console1(),
  },
  { route: 'GET /api/admin/users', status: console1() },
  {
    route: 'POST /api/admin/users',
    body: (f, party) => ({ email: `eingeladen-${party}-${f.biz.id}@test.local` }),
    status: console1(201),
  },
  {
    route: 'POST /api/admin/users/:id/invitation',
    url: (f) => `/api/admin/users/${employeeB(f).id}/invitation`,
    body: () => ({}),
    status: console1(409),
  },
  {
    route: 'PATCH /api/admin/users/:id',
    url: (f) => `/api/admin/users/${employeeB(f).id}`,
    body: () => ({ role: 'business_owner' }),
    status: console1(),
  },
  {
    route: 'POST /api/admin/users/:id/deactivate',
    url: (f) => `/api/admin/users/${employeeB(f).id}/deactivate`,
    body: () => ({}),
    status: console1(),
  },
  {
    route: 'POST /api/admin/users/:id/reactivate',
    url: (f) => `/api/admin/users/${employeeB(f).id}/reactivate`,
    body: () => ({}),
    status: console1(409),
  },
  {
    // Employee B has no two-factor sign-in: the managers may ask, and are told so.
    route: 'POST /api/admin/users/:id/two-factor/reset',
    url: (f) => `/api/admin/users/${employeeB(f).id}/two-factor/reset`,
    body: () => ({}),
    status: console1(409),
  },
  { route: 'GET /api/admin/teams', status: console1() },
  { route: 'POST /api/admin/teams', body: () => ({ name: 'Frühschicht' }), status: console1(201) },
  {
    route: 'PATCH /api/admin/teams/:id',
    url: (f) => `/api/admin/teams/${f.biz.teams[0]!.id}`,
    body: () => ({ name: 'Spätschicht' }),
    status: console1(),
  },
  {
    // The whole team in one transaction (decision 0390).
    route: 'PUT /api/admin/teams/:id',
    url: (f) => `/api/admin/teams/${f.biz.teams[0]!.id}`,
    body: (f) => ({
      name: 'Frühschicht',
      splitRule: 'weighted',
      members: [{ profileId: employeeB(f).id, weight: 2 }],
    }),
    status: console1(),
  },
  {
    route: 'PUT /api/admin/teams/:id/members',
    url: (f) => `/api/admin/teams/${f.biz.teams[0]!.id}/members`,
    body: (f) => ({ members: [{ profileId: employeeB(f).id, weight: 2 }] }),
    status: console1(),
  },
  {
    // 'Aushang drucken': the team's split rule as a one-page notice (decision 0660).
    route: 'GET /api/admin/teams/:id/rule-notice.pdf',
    url: (f) => `/api/admin/teams/${f.biz.teams[0]!.id}/rule-notice.pdf`,
    status: console1(),
  },
  {
    route: 'DELETE /api/admin/teams/:id',
    url: (f) => `/api/admin/teams/${f.biz.teams[0]!.id}`,
    status: console1(204),
  },
  // Points for splits by hours (decision 0660)
  { route: 'GET /api/admin/work-points', status: console1() },
  {
    route: 'PUT /api/admin/work-points',
    body: (f) => ({ items: [{ profileId: employeeB(f).id, points: '0,5', role: 'Küche' }] }),
    status: console1(),
  },

  // Shift plan and the owner's pool; team members see their team's splits
  { route: 'GET /api/admin/shifts', status: console1() },
  {
    route: 'POST /api/admin/shifts',
    body: (f) => ({
      targetKind: 'point',
      targetId: objectPoint(f).id,
      profileId: employeeA(f).id,
      day: today(),
    }),
    status: console1(201),
  },
  {
    route: 'POST /api/admin/shifts/copy-week',
    body: (f) => ({ targetKind: 'point', targetId: objectPoint(f).id, fromDay: today() }),
    status: console1(),
  },
  {
    route: 'POST /api/admin/shifts/import/preview',
    body: () => ({ file: Buffer.from('E-Mail;Datum;Beginn;Ende\n').toString('base64') }),
    status: console1(),
  },
  {
    route: 'POST /api/admin/shifts/import',
    body: () => ({ file: Buffer.from('E-Mail;Datum;Beginn;Ende\n').toString('base64') }),
    status: console1(),
  },
  {
    route: 'DELETE /api/admin/shifts/:id',
    url: () => `/api/admin/shifts/${randomUUID()}`,
    status: console1(404),
  },
  { route: 'GET /api/admin/pool', status: console1() },
  // 'Aushang drucken': the pool's rule as a one-page notice (decision 0660).
  { route: 'GET /api/admin/pool/rule-notice.pdf', status: console1() },
  {
    route: 'POST /api/admin/pool/:id/assign',
    url: (f) => `/api/admin/pool/${f.poolTipId}/assign`,
    body: (f) => ({ profileId: employeeA(f).id }),
    status: console1(),
  },
  {
    // Allowed to ask; the fixture's pooled tip was never given to anyone.
    route: 'POST /api/admin/pool/:id/unassign',
    url: (f) => `/api/admin/pool/${f.poolTipId}/unassign`,
    status: console1(409),
  },
  {
    // 'Pool verteilen' by hours (decision 0660): the preview, and a confirmation whose preview
    // does not match (nobody is on the fixture's rota): allowed to ask, refused in German.
    route: 'GET /api/admin/pool/distribution',
    url: () => `/api/admin/pool/distribution?period=week&day=${today()}`,
    status: console1(),
  },
  {
    route: 'POST /api/admin/pool/distribution',
    body: () => ({ period: 'week', day: today(), fingerprint: '0'.repeat(64) }),
    status: console1(409),
  },
  { route: 'GET /api/employee/team-tips', status: signedIn(200) },

  // Payout batches and reports
  { route: 'GET /api/admin/payouts', status: console1() },
  {
    route: 'GET /api/admin/payouts/:batchId',
    url: () => `/api/admin/payouts/${randomUUID()}`,
    status: console1(404),
  },
  // Business 1 has a paid tip for employee A: a batch pays it out.
  { route: 'POST /api/admin/payouts', body: () => ({}), status: console1(201) },
  {
    route: 'PUT /api/admin/payouts/schedule',
    body: () => ({ schedule: 'weekly' }),
    status: console1(),
  },
  // The fixture's tip is not held: owners of business 1 and the admin learn only that.
  {
    route: 'POST /api/admin/payouts/held/:tipId/release',
    url: (f) => `/api/admin/payouts/held/${f.tipId}/release`,
    status: console1(404),
  },
  {
    route: 'POST /api/admin/payouts/held/:tipId/refund',
    url: (f) => `/api/admin/payouts/held/${f.tipId}/refund`,
    status: console1(404),
  },
  {
    route: 'GET /api/admin/reports',
    url: () => '/api/admin/reports?from=2026-01-01&to=2026-12-31',
    status: console1(),
  },
  {
    route: 'GET /api/admin/reports/tips.csv',
    url: () => '/api/admin/reports/tips.csv?from=2026-01-01&to=2026-12-31',
    status: console1(),
  },
  {
    route: 'GET /api/admin/reports/payroll.csv',
    url: () => '/api/admin/reports/payroll.csv?month=2026-03',
    status: console1(),
  },
  {
    route: 'GET /api/admin/reports/payroll.pdf',
    url: () => '/api/admin/reports/payroll.pdf?month=2026-03',
    status: console1(),
  },
];

let t: TestApp;
let shared: Fixture;
let stranger: FactoryBusiness;
let adminEmail: string;

async function newFixture(): Promise<Fixture> {
  const biz = await createBusiness(t.database.db, {
    points: ['person', 'object'],
    teams: [{ members: [0, 1] }],
  });
  const tip = await createTip(t.database.db, {
    businessId: biz.id,
    employeeId: biz.employees[0]!.id,
    entrypoint: biz.points[0]!,
    guestMessage: 'Danke!',
  });
  const pooled = await createTip(t.database.db, {
    businessId: biz.id,
    entrypoint: biz.points[1]!,
    guestMessage: 'Für den ganzen Tisch',
  });
  const [webhookId, doomedWebhookId] = await Promise.all(
    ['hook', 'doomed'].map(async (name) => {
      const [row] = await t.database.db
        .insert(webhookEndpoints)
        .values({
          businessId: biz.id,
          url: `http://127.0.0.1:9/${name}`,
          eventTypes: ['tip.paid'],
          secretSealed: 'sealed-in-the-matrix',
        })
        .returning({ id: webhookEndpoints.id });
      return row!.id;
    }),
  );
  return {
    biz,
    tipId: tip.id,
    poolTipId: pooled.id,
    webhookId: webhookId!,
    doomedWebhookId: doomedWebhookId!,
  };
}

const keySecrets = new Map<string, string>();

/** A key of the business with every scope, made once per business (no audit row: made here). */
async function keyOf(business: FactoryBusiness): Promise<string> {
  let secret = keySecrets.get(business.id);
  if (!secret) {
    secret = `tg_test_${randomBytes(24).toString('base64url')}`;
    await t.database.db.insert(apiKeys).values({
      businessId: business.id,
      name: 'Matrix',
      prefix: 'tg_test_',
      lastFour: secret.slice(-4),
      secretHash: hashSecret(secret),
      scopes: [...API_KEY_SCOPES],
    });
    keySecrets.set(business.id, secret);
  }
  return secret;
}

async function cookieOf(party: Party, f: Fixture): Promise<string | undefined> {
  if (isKey(party)) return undefined;
  const email = {
    anonymous: undefined,
    employeeA: f.biz.employees[0]!.email,
    employeeB: f.biz.employees[1]!.email,
    owner1: f.biz.owner.email,
    owner2: stranger.owner.email,
    admin: adminEmail,
  }[party];
  return email ? signIn(t, email) : undefined;
}

/** Admin-console URLs name business 1, as the platform admin must (others are held to theirs). */
function urlOf(entry: Entry, f: Fixture): string {
  const path = entry.route.split(' ')[1]!;
  const url = entry.url?.(f) ?? path;
  if (!url.startsWith('/api/admin/') || url.includes('businessId=')) return url;
  if (entry.route === 'GET /api/admin/businesses') return url;
  return `${url}${url.includes('?') ? '&' : '?'}businessId=${f.biz.id}`;
}

async function call(entry: Entry, party: Party, f: Fixture, url = urlOf(entry, f)) {
  const method = entry.route.split(' ')[0] as HTTPMethods;
  const cookie = await cookieOf(party, f);
  const key = isKey(party) ? await keyOf(party === 'key1' ? f.biz : stranger) : undefined;
  const raw = await entry.raw?.();
  const body = raw?.body ?? entry.body?.(f, party);
  const headers: Record<string, string> = {
    ...(cookie ? { cookie } : {}),
    ...(key ? { authorization: `Bearer ${key}` } : {}),
    ...(raw ? { 'content-type': raw.contentType } : {}),
  };
  const response = await t.inject({
    method,
    url,
    headers,
    remoteAddress: freshIp(),
    ...(body !== undefined ? { payload: body as string } : {}),
    // The live stream never ends: take the status and hang up.
    ...(entry.route === 'GET /api/employee/stream' ? { payloadAsStream: true } : {}),
  });
  if (entry.route === 'GET /api/employee/stream') response.stream().destroy();
  return response;
}

async function auditRowsOf(businessId: string): Promise<number> {
  return (
    await t.database.db
      .select({ id: adminAuditLog.id })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.businessId, businessId))
  ).length;
}

/** The checks of the admin console beyond the status, for one party's answer. */
async function checkConsoleAnswer(
  entry: Entry,
  party: Party,
  f: Fixture,
  response: LightMyRequestResponse,
): Promise<void> {
  if (party !== 'owner2') return;
  // Whatever the stranger hears, nothing of business 1 is in it.
  expect(response.body).not.toContain(f.biz.id);
  expect(response.body).not.toContain(f.biz.name);
  const plain = entry.url?.(f) ?? entry.route.split(' ')[1]!;
  const ids = [point(f).id, employeeB(f).id, f.biz.teams[0]!.id];
  if (ids.some((id) => plain.includes(id))) {
    // Without naming the business, an id of another business does not exist either.
    const unnamed = await call(entry, party, f, plain);
    expect(unnamed.statusCode, unnamed.body).toBe(404);
    expect(unnamed.body).not.toContain(point(f).uid);
    expect(unnamed.body).not.toContain(employeeB(f).fullName);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  stranger = await createBusiness(t.database.db, { points: ['object'] });
  adminEmail = (await createPlatformAdmin(t.database.db)).email;
  shared = await newFixture();
});
afterAll(async () => {
  await t.close();
});

describe.each(ENTRIES)('$route', (entry) => {
  it('answers each party exactly as the table says', async () => {
    const actual: Partial<Record<Party, number>> = {};
    const details: string[] = [];
    for (const party of ROLES) {
      const expected = expectedOf(entry, party);
      const changes =
        (entry.route.includes(' /api/admin/') || entry.route === 'POST /api/me/deletion') &&
        !entry.route.startsWith('GET') &&
        expected < 300;
      const f = changes ? await newFixture() : shared;
      // The keys exist before the audit count: making one is no party's doing.
      await keyOf(f.biz);
      await keyOf(stranger);
      const auditBefore = await auditRowsOf(f.biz.id);
      const response = await call(entry, party, f);
      actual[party] = response.statusCode;
      const text = entry.route === 'GET /api/employee/stream' ? '' : response.body;
      if (response.statusCode !== expected) {
        details.push(`${party}: ${response.statusCode} ${text.slice(0, 160)}`);
      }
      // No refusal leaks a stack trace.
      if (response.statusCode >= 400) expect(text).not.toMatch(/\n\s+at /);
      if (isConsole(entry)) {
        // The console tells a visitor without a session so.
        if (party === 'anonymous' || isKey(party)) {
          expect(response.json().error.code).toBe('unauthenticated');
        }
        await checkConsoleAnswer(entry, party, f, response);
        // A refused call leaves no trace in business 1's audit log.
        if (party !== 'owner1' && party !== 'admin' && expected >= 400) {
          expect(await auditRowsOf(f.biz.id), `${party} wrote an audit row`).toBe(auditBefore);
        }
      }
    }
    expect(actual, details.join('\n')).toEqual(
      Object.fromEntries(ROLES.map((party) => [party, expectedOf(entry, party)])),
    );
  });
});

describe('the table', () => {
  it('has an entry for every route the server offers, and none for a route it lacks', () => {
    const offered = t.app.routeList.filter((route) => !/ \/(\*|assets|fonts)/.test(route));
    const listed = ENTRIES.map((entry) => entry.route);
    expect(offered.filter((route) => !listed.includes(route))).toEqual([]);
    expect(listed.filter((route) => !offered.includes(route))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
