import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiErrorBody, ERRORS, type ErrorDefinition } from '../../shared/domain/errors';
import { isBadCharacterError, isDatabaseUnavailable, safeErrorSummary } from './db-errors';
import { guestErrorWords } from '../../shared/i18n/guest-server';
import { AppError } from './errors';
import { guestLocaleOf } from './guest-locale';

/** Fastify's own client errors (bad JSON, wrong content type, body too large) by code. */
const FRAMEWORK_ERRORS: Record<string, ErrorDefinition> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ERRORS.invalid_json,
  FST_ERR_CTP_EMPTY_JSON_BODY: ERRORS.invalid_json,
  FST_ERR_CTP_BODY_TOO_LARGE: ERRORS.payload_too_large,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ERRORS.unsupported_media_type,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ERRORS.validation_failed,
};

const LOCATION_LABELS: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

export function errorBody(
  definition: Pick<ErrorDefinition, 'code' | 'title' | 'message'>,
  extra: Partial<ApiErrorBody['error']> = {},
): ApiErrorBody {
  return {
    error: {
      code: definition.code,
      title: definition.title,
      message: definition.message,
      ...extra,
    },
  };
}

/**
 * Errors the router raises before any hook runs (a malformed or overlong path): our German answer
 * instead of Fastify's English one that echoes the path. For `frameworkErrors`.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const definition =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? ERRORS.url_too_long
      : error.code === 'FST_ERR_BAD_URL'
        ? ERRORS.invalid_url
        : ERRORS.internal;
  // A Fastify reply is thenable; send() answers, there is nothing to await (decision 0585).
  void reply
    .status(definition.status)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(errorBody(definition));
}

const REASON: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (malformed framing, oversized
 * headers, a request that never completes): the product's German error shape instead of the
 * English default. For Fastify's `clientErrorHandler`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const definition =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ERRORS.headers_too_large
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ERRORS.request_timeout
        : ERRORS.bad_request;
  const body = JSON.stringify(errorBody(definition));
  socket.end(
    [
      `HTTP/1.1 ${definition.status} ${REASON[definition.status] ?? 'Bad Request'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/**
 * The one place errors become responses: expected errors answer with their catalogue entry,
 * validation errors with 400 and the field messages, and anything else with a plain 500 that
 * never carries a stack trace or internal message.
 */
/** Seconds a client is asked to wait during a database outage. */
export const OUTAGE_RETRY_AFTER_S = 5;
const RECOVERY_PROBE_MS = 1_000;

/**
 * A guest endpoint's error in the guest's language: guests read these messages on the
 * tip page. Staff and admin answers stay German, and so does anything without a translation.
 */
function guestWordsFor(
  request: FastifyRequest,
  error: Parameters<typeof guestErrorWords>[0],
): { title: string; message: string } {
  if (!request.url.startsWith('/api/guest/')) return { title: error.title, message: error.message };
  return guestErrorWords(error, guestLocaleOf(request));
}

export function registerErrorHandling(app: FastifyInstance): void {
  // One warning per outage: the first failing request logs it, a probe notices the recovery.
  let outage: NodeJS.Timeout | undefined;
  const startOutage = () => {
    if (outage) return;
    app.log.warn('database unavailable');
    outage = setInterval(() => {
      app.deps.database.ping().then(
        () => {
          clearInterval(outage);
          outage = undefined;
          app.log.info('database available again');
        },
        () => {},
      );
    }, RECOVERY_PROBE_MS);
    outage.unref();
  };
  app.addHook('onClose', async () => {
    if (outage) clearInterval(outage);
    outage = undefined;
  });
  app.decorate('reportDatabaseOutage', startOutage);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.status).send(
        errorBody(
          { code: error.code, ...guestWordsFor(request, error) },
          {
            ...(error.details ? { details: error.details } : {}),
            ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
            ...(error.alternatives ? { alternatives: error.alternatives } : {}),
          },
        ),
      );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const location = LOCATION_LABELS[error.validationContext ?? 'body'] ?? 'body';
      const details = error.validation.map((issue) => ({
        path: `${location}${issue.instancePath.replace(/\//g, '.')}`.replace(/\.$/, ''),
        message: issue.message ?? 'Ungültiger Wert',
      }));
      // The first field message is what a form shows; the list names every problem.
      const first = details[0]?.message;
      const words = guestWordsFor(request, {
        code: ERRORS.validation_failed.code,
        title: ERRORS.validation_failed.title,
        message: first ?? ERRORS.validation_failed.message,
      });
      return reply
        .status(400)
        .send(errorBody({ code: ERRORS.validation_failed.code, ...words }, { details }));
    }

    const framework = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (framework) return reply.status(framework.status).send(errorBody(framework));

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      const definition = status === 404 ? ERRORS.not_found : ERRORS.validation_failed;
      return reply.status(status).send(errorBody(definition));
    }

    if (isDatabaseUnavailable(error)) {
      startOutage();
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_S));
      return reply
        .status(503)
        .send(errorBody(ERRORS.service_unavailable, { retryAfter: OUTAGE_RETRY_AFTER_S }));
    }
    if (isBadCharacterError(error)) {
      return reply.status(400).send(errorBody(ERRORS.invalid_characters));
    }

    // Never the SQL or its parameters (personal data) in the log: types and codes only.
    request.log.error({ error: safeErrorSummary(error) }, 'unhandled error');
    return reply.status(500).send(errorBody(ERRORS.internal));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the database as unavailable (one warning per outage; recovery is probed). */
    reportDatabaseOutage(): void;
  }
}

/**
 * During a graceful shutdown, requests that still arrive on open connections are answered 503
 * with Retry-After and a German message (not Fastify's bare 503), and the connection is closed,
 * so a client retries against the next instance; requests already running finish normally.
 */
export function answerUnavailableWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    await reply
      .status(503)
      .header('retry-after', String(OUTAGE_RETRY_AFTER_S))
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .send(errorBody(ERRORS.service_unavailable, { retryAfter: OUTAGE_RETRY_AFTER_S }));
  });
}
