import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  WEBHOOK_ENDPOINTS_PER_BUSINESS,
  WEBHOOK_ERRORS,
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_PREVIOUS_SECRET_MS,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookEventType,
} from '../../../shared/api/webhooks';
import type { Database } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { AuditActor } from '../audit/write';
import { writeAudit } from '../audit/write';
import { recordWebhookEvent } from './outbox';
import { assertEnabled, assertReplayable, assertWebhookTarget, changedFields } from './policy';
import {
  countEndpoints,
  deleteEndpointRow,
  insertEndpoint,
  lockBusiness,
  lockEndpoint,
  selectEndpoint,
  selectEndpoints,
  updateEndpointRow,
  type WebhookEndpointListRow,
} from './queries/endpoints';
import {
  insertReplay,
  selectAttempts,
  selectDeliveryOfEndpoint,
  selectDeliveryOfEvent,
  deliveryOfEndpointExists,
  selectLogPage,
  type WebhookAttemptRow,
  type WebhookLogRow,
} from './queries/log';
import { newWebhookSecret, sealWebhookSecret } from './secret';
import type { WebhookTargetOptions } from './ssrf';

/** What endpoint management needs from the app. */
export interface WebhookContext {
  database: Database;
  clock: Clock;
  /** SESSION_SECRET: new secrets are sealed under it (decision 0402). */
  serverSecret: string;
  /** Where URLs may point (WEBHOOK_ALLOW_PRIVATE, https in production). */
  target: WebhookTargetOptions;
}

/**
 * Who changes the endpoints of which business: a person in the console or a business API key
 * (then `apiKey` names it in the audit row and `userId` is null).
 */
export interface WebhookScope {
  businessId: string;
  actor: AuditActor;
  userId: string | null;
  apiKey?: string;
  request?: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
}

export interface WebhookEndpointInput {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

export interface WebhookEndpointChange {
  url?: string | undefined;
  description?: string | undefined;
  eventTypes?: WebhookEventType[] | undefined;
  enabled?: boolean | undefined;
}

const audited = (scope: WebhookScope) => (scope.apiKey ? { apiKey: scope.apiKey } : {});

async function found(context: WebhookContext, scope: WebhookScope, id: string) {
  const row = await selectEndpoint(context.database.db, scope.businessId, id);
  if (!row) throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_not_found);
  return row;
}

export function listEndpoints(context: WebhookContext, businessId: string) {
  return selectEndpoints(context.database.db, businessId);
}

export async function getEndpoint(
  context: WebhookContext,
  businessId: string,
  id: string,
): Promise<WebhookEndpointListRow> {
  const row = await selectEndpoint(context.database.db, businessId, id);
  if (!row) throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_not_found);
  return row;
}

/**
 * 'Endpunkt hinzufügen': the URL must reach a public address (unless the operator allows private
 * ones); the secret is made here, sealed to the new endpoint's id, and returned this once.
 */
export async function createEndpoint(
  context: WebhookContext,
  scope: WebhookScope,
  input: WebhookEndpointInput,
): Promise<{ endpoint: WebhookEndpointListRow; secret: string }> {
  await assertWebhookTarget(input.url, context.target);
  const now = context.clock.now();
  const id = randomUUID();
  const secret = newWebhookSecret();
  await context.database.db.transaction(async (tx) => {
    await lockBusiness(tx, scope.businessId);
    if ((await countEndpoints(tx, scope.businessId)) >= WEBHOOK_ENDPOINTS_PER_BUSINESS) {
      throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_limit);
    }
    await insertEndpoint(tx, {
      id,
      businessId: scope.businessId,
      url: input.url,
      description: input.description,
      eventTypes: input.eventTypes,
      secretSealed: sealWebhookSecret(context.serverSecret, id, secret),
      createdBy: scope.userId,
      createdAt: now,
      updatedAt: now,
    });
    await writeAudit(tx, {
      actor: scope.actor,
      businessId: scope.businessId,
      action: 'webhook_endpoint_create',
      targetType: 'webhook_endpoint',
      targetId: id,
      payload: { url: input.url, eventTypes: input.eventTypes, ...audited(scope) },
      request: scope.request,
      at: now,
    });
  });
  return { endpoint: await found(context, scope, id), secret };
}

/**
 * Changes the URL, description or event types, switches the endpoint off ('Deaktivieren') or on
 * again ('Aktivieren', which also forgets how long it had been failing). A new URL is checked
 * like a new endpoint's.
 */
export async function updateEndpoint(
  context: WebhookContext,
  scope: WebhookScope,
  id: string,
  change: WebhookEndpointChange,
): Promise<WebhookEndpointListRow> {
  const now = context.clock.now();
  const current = await found(context, scope, id);
  if (change.url !== undefined && change.url !== current.url) {
    await assertWebhookTarget(change.url, context.target);
  }
  await context.database.db.transaction(async (tx) => {
    const row = await lockEndpoint(tx, scope.businessId, id);
    if (!row) throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_not_found);
    const fields = changedFields(row, change);
    if (fields.length === 0) return;
    await updateEndpointRow(tx, scope.businessId, id, {
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...(change.eventTypes !== undefined ? { eventTypes: change.eventTypes } : {}),
      ...(fields.includes('enabled')
        ? { disabledAt: null, disabledReason: null, failingSince: null }
        : {}),
      ...(fields.includes('disabled') ? { disabledAt: now, disabledReason: 'owner' as const } : {}),
      updatedAt: now,
    });
    await writeAudit(tx, {
      actor: scope.actor,
      businessId: scope.businessId,
      action: 'webhook_endpoint_update',
      targetType: 'webhook_endpoint',
      targetId: id,
      payload: {
        url: change.url ?? row.url,
        changed: fields,
        ...(fields.includes('url') ? { previousUrl: row.url } : {}),
        ...audited(scope),
      },
      request: scope.request,
      at: now,
    });
  });
  return found(context, scope, id);
}

/** 'Löschen': the endpoint, its deliveries and their log go. */
export async function deleteEndpoint(
  context: WebhookContext,
  scope: WebhookScope,
  id: string,
): Promise<void> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const row = await deleteEndpointRow(tx, scope.businessId, id);
    if (!row) throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_not_found);
    await writeAudit(tx, {
      actor: scope.actor,
      businessId: scope.businessId,
      action: 'webhook_endpoint_delete',
      targetType: 'webhook_endpoint',
      targetId: id,
      payload: { url: row.url, ...audited(scope) },
      request: scope.request,
      at: now,
    });
  });
}

/**
 * 'Secret erneuern': a new secret, shown this once; the current one becomes the previous one and
 * still signs for 24 hours (deliveries carry both signatures meanwhile), so the receiver can
 * switch without losing an event.
 */
export async function rollSecret(
  context: WebhookContext,
  scope: WebhookScope,
  id: string,
): Promise<{ endpoint: WebhookEndpointListRow; secret: string }> {
  const now = context.clock.now();
  const secret = newWebhookSecret();
  const previousUntil = new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_MS);
  await context.database.db.transaction(async (tx) => {
    const row = await lockEndpoint(tx, scope.businessId, id);
    if (!row) throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_not_found);
    await updateEndpointRow(tx, scope.businessId, id, {
      secretSealed: sealWebhookSecret(context.serverSecret, id, secret),
      previousSecretSealed: row.secretSealed,
      previousSecretExpiresAt: previousUntil,
      updatedAt: now,
    });
    await writeAudit(tx, {
      actor: scope.actor,
      businessId: scope.businessId,
      action: 'webhook_endpoint_secret_roll',
      targetType: 'webhook_endpoint',
      targetId: id,
      payload: { url: row.url, previousUntil: previousUntil.toISOString(), ...audited(scope) },
      request: scope.request,
      at: now,
    });
  });
  return { endpoint: await found(context, scope, id), secret };
}

/** 'Testereignis senden': a `webhook.test` event to this endpoint only, whatever its types. */
export async function sendTestEvent(
  context: WebhookContext,
  scope: WebhookScope,
  id: string,
): Promise<{ eventId: string; deliveryId: string }> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const row = await lockEndpoint(tx, scope.businessId, id);
    if (!row) throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_not_found);
    assertEnabled(row);
    const event = await recordWebhookEvent(tx, {
      businessId: scope.businessId,
      type: WEBHOOK_TEST_EVENT_TYPE,
      data: {
        object: 'webhook_endpoint',
        id: row.id,
        message: 'Testereignis von Trinkgeld: Ihr Endpunkt ist erreichbar.',
      },
      now,
      endpointId: row.id,
    });
    const deliveryId = await selectDeliveryOfEvent(tx, event.id, row.id);
    if (!deliveryId) throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_disabled);
    await writeAudit(tx, {
      actor: scope.actor,
      businessId: scope.businessId,
      action: 'webhook_endpoint_test',
      targetType: 'webhook_endpoint',
      targetId: row.id,
      payload: { url: row.url, eventId: event.id, ...audited(scope) },
      request: scope.request,
      at: now,
    });
    return { eventId: event.id, deliveryId };
  });
}

export interface WebhookLogEntry extends WebhookLogRow {
  attemptLog: WebhookAttemptRow[];
}

/** One page of the endpoint's delivery log, each delivery with every attempt. */
export interface WebhookLogPage {
  entries: WebhookLogEntry[];
  /** The last delivery shown when older ones exist: the next page's `before`. */
  nextCursor: string | null;
}

/**
 * The endpoint's delivery log: its newest deliveries, or those older than `before` (the last
 * delivery of the previous page), WEBHOOK_LOG_LIMIT at a time, each with every attempt.
 */
export async function listDeliveries(
  context: WebhookContext,
  businessId: string,
  endpointId: string,
  before?: string,
): Promise<WebhookLogPage> {
  const { db } = context.database;
  await getEndpoint(context, businessId, endpointId);
  if (before && !(await deliveryOfEndpointExists(db, endpointId, before))) {
    throw new AppError(WEBHOOK_ERRORS.webhook_delivery_not_found);
  }
  // One more than a page tells whether older deliveries exist.
  const rows = await selectLogPage(db, endpointId, WEBHOOK_LOG_LIMIT + 1, before);
  const deliveries = rows.slice(0, WEBHOOK_LOG_LIMIT);
  const attempts = await selectAttempts(
    db,
    deliveries.map((delivery) => delivery.id),
  );
  return {
    entries: deliveries.map((delivery) => ({
      ...delivery,
      attemptLog: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
    })),
    nextCursor: rows.length > WEBHOOK_LOG_LIMIT ? deliveries.at(-1)!.id : null,
  };
}

/**
 * 'Erneut senden': the same event (same `webhook-id`, same body) once more to the same endpoint,
 * as a new delivery due now. Refused once retention cleared the body, or while the endpoint is
 * disabled.
 */
export async function replayDelivery(
  context: WebhookContext,
  scope: WebhookScope,
  endpointId: string,
  deliveryId: string,
): Promise<{ deliveryId: string; eventId: string }> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const endpoint = await lockEndpoint(tx, scope.businessId, endpointId);
    if (!endpoint) throw new AppError(WEBHOOK_ERRORS.webhook_endpoint_not_found);
    const delivery = await selectDeliveryOfEndpoint(tx, endpointId, deliveryId);
    if (!delivery) throw new AppError(WEBHOOK_ERRORS.webhook_delivery_not_found);
    assertReplayable(delivery);
    assertEnabled(endpoint);
    const id = await insertReplay(tx, delivery.eventId, endpointId, now);
    await writeAudit(tx, {
      actor: scope.actor,
      businessId: scope.businessId,
      action: 'webhook_endpoint_replay',
      targetType: 'webhook_endpoint',
      targetId: endpointId,
      payload: {
        url: endpoint.url,
        eventId: delivery.eventId,
        type: delivery.type,
        ...audited(scope),
      },
      request: scope.request,
      at: now,
    });
    return { deliveryId: id, eventId: delivery.eventId };
  });
}
