import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BUSINESS_API_ERRORS } from '../../../shared/api/business-api';
import type { Database, Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { apiKeyOf } from './guard';
import {
  completeIdempotencyKey,
  deleteExpiredIdempotencyKey,
  insertIdempotencyKeyUnlessHeld,
  type IdempotencyKeyRow,
  relockIdempotencyKey,
  releaseIdempotencyKey,
  selectIdempotencyKeyForUpdate,
} from './queries';

/**
 * Idempotency-Key for the business API's POSTs (decision 0640, IETF
 * draft-ietf-httpapi-idempotency-key-header): the same key with the same request answers the
 * first answer again; with another request 422; while the first still runs 409. Keys are kept
 * 24 hours, per API key.
 */

/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/**
 * A running key whose request has not answered for this long is taken as abandoned (its process
 * died): the next request with it runs anew. The change of a request that still answers later
 * rolls back, as its lock is gone (`complete` refuses).
 */
export const IDEMPOTENCY_LOCK_MS = 60_000;

/** The header that marks a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** An answer to keep: the status and the JSON body. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/**
 * Stores the answer in the transaction that makes the change, so the change and the key's
 * answer commit together (a no-op without a key).
 */
export type CompleteIdempotent = (tx: Tx, answer: IdempotentAnswer) => Promise<void>;

/** JSON with every object's keys sorted: the same body gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) of the body's canonical JSON. */
export function bodyFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export interface IdempotencyContext {
  database: Pick<Database, 'db'>;
  clock: Clock;
}

export interface IdempotentRequest {
  apiKeyId: string;
  /** The header's value; undefined: the request is not idempotent and simply runs. */
  key: string | undefined;
  method: string;
  /** The path without the query. */
  path: string;
  body: unknown;
}

type Taken =
  | { kind: 'run'; held: { id: string; lockedAt: Date } }
  | { kind: 'replay'; row: IdempotencyKeyRow };

/** Takes the key in a transaction of its own, or says what the key already holds. */
async function take(context: IdempotencyContext, request: IdempotentRequest & { key: string }) {
  const now = context.clock.now();
  const fingerprint = bodyFingerprint(request.body);
  return context.database.db.transaction(async (tx): Promise<Taken> => {
    await deleteExpiredIdempotencyKey(tx, request.apiKeyId, request.key, now);
    const inserted = await insertIdempotencyKeyUnlessHeld(tx, {
      apiKeyId: request.apiKeyId,
      idempotencyKey: request.key,
      requestMethod: request.method,
      requestPath: request.path,
      fingerprint,
      state: 'running',
      lockedAt: now,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
    });
    if (inserted) return { kind: 'run', held: { id: inserted.id, lockedAt: now } };
    const row = await selectIdempotencyKeyForUpdate(tx, request.apiKeyId, request.key);
    // Deleted between the insert and the read (its request failed): the client may try again.
    if (!row) throw new AppError(BUSINESS_API_ERRORS.idempotency_key_in_use);
    if (
      row.fingerprint !== fingerprint ||
      row.requestMethod !== request.method ||
      row.requestPath !== request.path
    ) {
      throw new AppError(BUSINESS_API_ERRORS.idempotency_key_reused);
    }
    if (row.state === 'done') return { kind: 'replay', row };
    if (row.lockedAt && now.getTime() - row.lockedAt.getTime() < IDEMPOTENCY_LOCK_MS) {
      throw new AppError(BUSINESS_API_ERRORS.idempotency_key_in_use);
    }
    await relockIdempotencyKey(tx, row.id, now);
    return { kind: 'run', held: { id: row.id, lockedAt: now } };
  });
}

/**
 * Runs `run` at most once per (API key, Idempotency-Key) within 24 hours. `run` makes its change
 * in a transaction and calls `complete(tx, answer)` in it; the answer it returns is sent. A
 * request that fails (a refusal or a crash) gives its key back: nothing is kept, and the same key
 * runs anew next time (decision 0640).
 */
export async function runIdempotent(
  context: IdempotencyContext,
  request: IdempotentRequest,
  run: (complete: CompleteIdempotent) => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer & { replayed: boolean }> {
  if (request.key === undefined) {
    const answer = await run(async () => {});
    return { ...answer, replayed: false };
  }
  const taken = await take(context, { ...request, key: request.key });
  if (taken.kind === 'replay') {
    return { status: taken.row.responseStatus!, body: taken.row.responseBody, replayed: true };
  }
  const { held } = taken;
  let completed = false;
  const complete: CompleteIdempotent = async (tx, answer) => {
    const stored = await completeIdempotencyKey(tx, held, {
      ...answer,
      at: context.clock.now(),
    });
    // Another request took the key over meanwhile: this one's change must not commit.
    if (!stored) throw new AppError(BUSINESS_API_ERRORS.idempotency_key_in_use);
    completed = true;
  };
  try {
    const answer = await run(complete);
    if (!completed) {
      // A route that made no change in a transaction: keep its answer all the same.
      await context.database.db.transaction((tx) => complete(tx, answer));
    }
    return { ...answer, replayed: false };
  } catch (error) {
    if (!completed) await releaseIdempotencyKey(context.database.db, held);
    throw error;
  }
}

/**
 * The helper of a business API POST: reads the API key and the validated Idempotency-Key header,
 * runs the route once per key, and sends the answer (a replay with `Idempotent-Replayed: true`).
 *
 *   const idempotent = idempotentPost(context);
 *   return idempotent(request, reply, async (complete) => { … await complete(tx, answer) … });
 */
export function idempotentPost(context: IdempotencyContext) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    run: (complete: CompleteIdempotent) => Promise<IdempotentAnswer>,
  ) => {
    const header = request.headers['idempotency-key'];
    const answer = await runIdempotent(
      context,
      {
        apiKeyId: apiKeyOf(request).keyId,
        key: typeof header === 'string' ? header : undefined,
        method: request.method,
        path: request.url.split('?')[0]!,
        body: request.body ?? null,
      },
      run,
    );
    if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
    return reply.status(answer.status).send(answer.body);
  };
}
