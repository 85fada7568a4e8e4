import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
} from '../../../shared/api/webhooks';
import { acceptedSessionSecrets, type Config } from '../../config';
import type { Database, Tx } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { escapeHtml } from '../../lib/html';
import type { Mailer } from '../mail/mailer';
import type { OutgoingWebhookMetrics } from '../metrics/metrics';
import {
  cancelPendingDeliveries,
  type ClaimedDelivery,
  claimDueDeliveries,
  disableEndpoint,
  dueDeliveryBacklog,
  endpointOwners,
  insertAttempt,
  lockClaim,
  markFailing,
  recordDelivered,
  releaseClaim,
  resealEndpointSecret,
  settleDelivery,
} from './queries/deliveries';
import { openWebhookSecretWith, sealWebhookSecret } from './secret';
import { signWebhook } from './signing';
import { checkWebhookTarget, type WebhookTargetOptions } from './ssrf';

/**
 * The delivery engine of outgoing webhooks (decision 0650): due deliveries are
 * claimed in a short transaction (FOR UPDATE SKIP LOCKED, counted and leased), sent outside it,
 * and their attempt recorded with the delivery's next state. At least once: a worker that dies
 * mid-send leaves a lease that runs out, and another attempt follows.
 */

/** How long a claimed delivery stays with its worker: the send's timeout and a margin. */
export const WEBHOOK_LEASE_MS = WEBHOOK_TIMEOUT_MS + 15_000;
/** At most this many sends at once per instance. */
export const WEBHOOK_CONCURRENCY = 16;
/** How often an idle worker looks for due deliveries (the first attempt's delay is about this). */
export const WEBHOOK_POLL_MS = 200;
/** How long a worker waits after a claim failed (the database away) before it claims again. */
export const WEBHOOK_CLAIM_PAUSE_MS = 5_000;
/** Characters of an answer (or of the reason none came) kept for the delivery log. */
export const WEBHOOK_EXCERPT_CHARS = 1000;
/** A Retry-After beyond this is read as this (a day). */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;
/** Bytes of an answer read at most; the rest is not waited for. */
const MAX_READ_BYTES = 16 * 1024;

export const USER_AGENT = 'Trinkgeld-Webhooks/1.0';

export interface WebhookDeliveryContext {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  config: Pick<
    Config,
    'sessionSecret' | 'sessionSecretPrevious' | 'webhookAllowPrivate' | 'nodeEnv' | 'publicOrigin'
  >;
  log: {
    warn(object: Record<string, unknown>, message: string): void;
    info?(object: Record<string, unknown>, message: string): void;
  };
  /** The resolver the SSRF check uses (tests give a name a private address). */
  resolve?: WebhookTargetOptions['resolve'];
  /** 0 ≤ x < 1 for the jitter (tests fix it). */
  random?: () => number;
  /** Where each attempt's result is counted (the app's metrics; tools count nothing). */
  metrics?: OutgoingWebhookMetrics;
}

/** What one attempt came to. */
export interface AttemptOutcome {
  status: number | null;
  durationMs: number;
  excerpt: string;
  error: string | null;
  /** From Retry-After, when the answer had one. */
  retryAfterMs: number | null;
  /** The worker was stopping: nothing to record, the delivery is given back. */
  aborted?: boolean;
  /** Nothing can be sent, now or later (the payload is gone): the delivery fails at once. */
  permanent?: boolean;
}

export type DeliveryResult =
  'delivered' | 'retry' | 'failed' | 'disabled' | 'cancelled' | 'lost' | 'released';

export interface DeliveryCounts {
  claimed: number;
  delivered: number;
  retried: number;
  failed: number;
  disabled: number;
  cancelled: number;
}

function emptyCounts(): DeliveryCounts {
  return { claimed: 0, delivered: 0, retried: 0, failed: 0, disabled: 0, cancelled: 0 };
}

function count(counts: DeliveryCounts, result: DeliveryResult) {
  if (result === 'delivered') counts.delivered += 1;
  else if (result === 'retry') counts.retried += 1;
  else if (result === 'failed') counts.failed += 1;
  else if (result === 'disabled') counts.disabled += 1;
  else if (result === 'cancelled') counts.cancelled += 1;
}

/** Claims up to `limit` due deliveries (exported so tests can claim and "crash"). */
export async function claimWebhookDeliveries(
  ctx: Pick<WebhookDeliveryContext, 'database' | 'clock'>,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const now = ctx.clock.now();
  const leaseUntil = new Date(now.getTime() + WEBHOOK_LEASE_MS);
  return claimDueDeliveries(ctx.database, { now, leaseUntil, limit });
}

/**
 * One pass: claims up to `limit` due deliveries and attempts each (at most `concurrency` at
 * once), returning what came of them. Tests drive the engine with this under a ManualClock.
 */
export async function runWebhookDeliveries(
  ctx: WebhookDeliveryContext,
  options: { limit?: number; concurrency?: number } = {},
): Promise<DeliveryCounts> {
  const claimed = await claimWebhookDeliveries(ctx, options.limit ?? 100);
  const counts = emptyCounts();
  counts.claimed = claimed.length;
  const queue = [...claimed];
  const workers = Array.from(
    { length: Math.min(options.concurrency ?? WEBHOOK_CONCURRENCY, queue.length) },
    async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        count(counts, await deliverClaimed(ctx, next));
      }
    },
  );
  await Promise.all(workers);
  return counts;
}

/** Passes until nothing is due at the clock's now (a drain for tests and tools). */
export async function drainWebhookDeliveries(
  ctx: WebhookDeliveryContext,
  options: { maxPasses?: number } = {},
): Promise<DeliveryCounts> {
  const total = emptyCounts();
  for (let pass = 0; pass < (options.maxPasses ?? 1000); pass += 1) {
    const counts = await runWebhookDeliveries(ctx);
    for (const key of Object.keys(total) as (keyof DeliveryCounts)[]) total[key] += counts[key];
    if (counts.claimed === 0) break;
  }
  return total;
}

/**
 * The secrets to sign with: the current one, and the previous one during its 24 hours. A secret
 * still sealed under a rotation's previous SESSION_SECRET is sealed again under the current one,
 * so removing SESSION_SECRET_PREVIOUS later does not silence the endpoint (decision 0402).
 */
async function signingSecrets(
  ctx: WebhookDeliveryContext,
  delivery: ClaimedDelivery,
  now: Date,
): Promise<string[] | null> {
  const server = acceptedSessionSecrets(ctx.config);
  const open = async (column: 'current' | 'previous', sealed: string) => {
    const opened = openWebhookSecretWith(server, delivery.endpointId, sealed);
    if (opened && !opened.current) {
      await resealEndpointSecret(ctx.database.db, {
        endpointId: delivery.endpointId,
        column,
        was: sealed,
        sealed: sealWebhookSecret(ctx.config.sessionSecret, delivery.endpointId, opened.secret),
      });
    }
    return opened?.secret ?? null;
  };
  const current = await open('current', delivery.secretSealed);
  if (!current) return null;
  const secrets = [current];
  if (
    delivery.previousSecretSealed &&
    delivery.previousSecretExpiresAt &&
    delivery.previousSecretExpiresAt.getTime() > now.getTime()
  ) {
    const previous = await open('previous', delivery.previousSecretSealed);
    if (previous) secrets.push(previous);
  }
  return secrets;
}

/** Attempts one claimed delivery, records what came of it and counts it in the metrics. */
export async function deliverClaimed(
  ctx: WebhookDeliveryContext,
  delivery: ClaimedDelivery,
  signal?: AbortSignal,
): Promise<DeliveryResult> {
  const result = await deliverAndRecord(ctx, delivery, signal);
  // 'lost' (another worker settled it) and 'released' (given back untried) are no attempt.
  if (result !== 'lost' && result !== 'released') ctx.metrics?.outgoingWebhookDelivery(result);
  return result;
}

async function deliverAndRecord(
  ctx: WebhookDeliveryContext,
  delivery: ClaimedDelivery,
  signal?: AbortSignal,
): Promise<DeliveryResult> {
  const attemptedAt = ctx.clock.now();
  if (delivery.endpointDisabled) {
    return ctx.database.db.transaction(async (tx) => {
      const settled = await settleDelivery(tx, {
        deliveryId: delivery.id,
        attempt: delivery.attempt,
        state: 'cancelled',
        nextAttemptAt: null,
        at: attemptedAt,
      });
      return settled ? 'cancelled' : 'lost';
    });
  }
  const outcome = await attempt(ctx, delivery, attemptedAt, signal);
  if (outcome.aborted) {
    await releaseClaim(ctx.database.db, {
      deliveryId: delivery.id,
      attempt: delivery.attempt,
      at: ctx.clock.now(),
    });
    return 'released';
  }
  return recordOutcome(ctx, delivery, attemptedAt, outcome);
}

async function attempt(
  ctx: WebhookDeliveryContext,
  delivery: ClaimedDelivery,
  attemptedAt: Date,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  const refused = (error: string): AttemptOutcome => ({
    status: null,
    durationMs: 0,
    excerpt: '',
    error,
    retryAfterMs: null,
  });
  if (delivery.payload === null) {
    return {
      ...refused('Der Inhalt dieses Ereignisses ist nicht mehr gespeichert (Aufbewahrungsfrist).'),
      permanent: true,
    };
  }
  const secrets = await signingSecrets(ctx, delivery, attemptedAt);
  if (!secrets) {
    return refused(
      'Das Signaturgeheimnis lässt sich nicht öffnen (SESSION_SECRET geändert?); bitte das Secret erneuern.',
    );
  }
  const started = performance.now();
  const target = await withTimeout(
    checkWebhookTarget(delivery.url, {
      allowPrivate: ctx.config.webhookAllowPrivate,
      requireHttps: ctx.config.nodeEnv === 'production',
      resolve: ctx.resolve,
    }),
    WEBHOOK_TIMEOUT_MS,
  );
  if (target === 'timeout') {
    return {
      ...refused('Die Namensauflösung hat zu lange gedauert.'),
      durationMs: elapsed(started),
    };
  }
  if (!target.ok) return { ...refused(target.reason), durationMs: elapsed(started) };
  const headers = signWebhook({
    eventId: delivery.eventId,
    timestamp: attemptedAt,
    body: delivery.payload,
    secrets,
  });
  return send(
    {
      url: target.url,
      hostname: target.hostname,
      address: target.address,
      family: target.family,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
      },
      body: delivery.payload,
      now: () => ctx.clock.now(),
    },
    started,
    signal,
  );
}

function elapsed(started: number): number {
  return Math.max(0, Math.round(performance.now() - started));
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: WEBHOOK_CONCURRENCY }),
  https: new https.Agent({ keepAlive: true, maxSockets: WEBHOOK_CONCURRENCY }),
};

/**
 * POSTs the body to the checked address: the connection's lookup answers with the address the
 * SSRF check approved, so the name cannot resolve elsewhere between check and connect (DNS
 * rebinding); TLS still checks the certificate against the name (SNI). Redirects are not
 * followed.
 */
function send(
  request: {
    url: URL;
    hostname: string;
    address: string;
    family: 4 | 6;
    headers: Record<string, string>;
    body: string;
    now: () => Date;
  },
  started: number,
  stop?: AbortSignal,
): Promise<AttemptOutcome> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: request.address, family: request.family }]);
    } else {
      (callback as (error: null, address: string, family: number) => void)(
        null,
        request.address,
        request.family,
      );
    }
  };
  return new Promise((resolve) => {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), WEBHOOK_TIMEOUT_MS);
    const signal = stop ? AbortSignal.any([timeout.signal, stop]) : timeout.signal;
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed(started) });
    };
    const failure = (error: unknown) => {
      if (stop?.aborted) {
        finish({ status: null, excerpt: '', error: null, retryAfterMs: null, aborted: true });
        return;
      }
      const message = timeout.signal.aborted
        ? `Keine Antwort innerhalb von ${WEBHOOK_TIMEOUT_MS / 1000} Sekunden.`
        : `Verbindung fehlgeschlagen: ${describeError(error)}`;
      finish({ status: null, excerpt: '', error: message, retryAfterMs: null });
    };
    const isHttps = request.url.protocol === 'https:';
    const body = Buffer.from(request.body, 'utf8');
    const client = (isHttps ? https : http).request(
      {
        protocol: request.url.protocol,
        host: request.hostname,
        port: request.url.port || (isHttps ? 443 : 80),
        path: `${request.url.pathname}${request.url.search}`,
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(body.length) },
        agent: isHttps ? agents.https : agents.http,
        lookup: pinned,
        family: request.family,
        signal,
        ...(request.url.username
          ? {
              auth: `${decodeURIComponent(request.url.username)}:${decodeURIComponent(request.url.password)}`,
            }
          : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_EXCERPT_CHARS);
          const redirect = status >= 300 && status < 400;
          finish({
            status,
            excerpt,
            error: redirect
              ? `Weiterleitung (${status}) nicht verfolgt: Webhooks folgen keinen Weiterleitungen.`
              : null,
            retryAfterMs:
              status === 429 || status >= 500
                ? parseRetryAfter(response.headers['retry-after'], request.now())
                : null,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (read >= MAX_READ_BYTES) return;
          chunks.push(chunk);
          read += chunk.length;
          if (read >= MAX_READ_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', (error) => (settled ? undefined : failure(error)));
        response.on('close', done);
      },
    );
    client.on('error', failure);
    client.end(body);
  });
}

function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    const message = (error as { message?: unknown }).message;
    if (typeof code === 'string' && code !== '') return code;
    if (typeof message === 'string') return message.slice(0, 200);
  }
  return 'unbekannter Fehler';
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; null when absent or bad. */
export function parseRetryAfter(value: string | string[] | undefined, now: Date): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return null;
    ms = at - now.getTime();
  }
  if (ms <= 0) return null;
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}

/**
 * When the attempt after `attempt` is due: the schedule's delay with up to 10 % jitter either
 * way, or Retry-After when that is longer; null when the schedule is over.
 */
export function nextAttemptAt(
  attempt: number,
  now: Date,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) return null;
  const jittered = Math.round(delay * (0.9 + 0.2 * random()));
  return new Date(now.getTime() + Math.max(jittered, retryAfterMs ?? 0));
}

async function recordOutcome(
  ctx: WebhookDeliveryContext,
  delivery: ClaimedDelivery,
  attemptedAt: Date,
  outcome: AttemptOutcome,
): Promise<DeliveryResult> {
  const now = ctx.clock.now();
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  if (ok && outcome.status !== null && !outcome.permanent) {
    // The common case, in one statement (no transaction round trips).
    const recorded = await recordDelivered(ctx.database, {
      deliveryId: delivery.id,
      attempt: delivery.attempt,
      endpointId: delivery.endpointId,
      attemptedAt,
      at: now,
      status: outcome.status,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.excerpt.slice(0, WEBHOOK_EXCERPT_CHARS),
    });
    return recorded ? 'delivered' : 'lost';
  }
  const mails: string[] = [];
  const result = await ctx.database.db.transaction(async (tx): Promise<DeliveryResult> => {
    // Only the worker that still holds the claim records: a late one whose lease ran out
    // leaves the delivery to the worker that took it over.
    if (!(await lockClaim(tx, delivery.id, delivery.attempt))) return 'lost';
    const settle = (state: 'pending' | 'delivered' | 'failed', next: Date | null = null) =>
      settleDelivery(tx, {
        deliveryId: delivery.id,
        attempt: delivery.attempt,
        state,
        nextAttemptAt: next,
        at: now,
      });
    await insertAttempt(tx, {
      deliveryId: delivery.id,
      attemptedAt,
      status: outcome.status,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.excerpt.slice(0, WEBHOOK_EXCERPT_CHARS),
      error: outcome.error?.slice(0, 1000) ?? null,
    });
    if (outcome.permanent) {
      await settle('failed');
      return 'failed';
    }
    if (outcome.status === 410) {
      // 410 Gone: the receiver says the endpoint is no more (Standard Webhooks).
      await settle('failed');
      const disabled = await disableEndpoint(tx, {
        endpointId: delivery.endpointId,
        reason: 'gone',
        at: now,
      });
      if (disabled) await cancelPendingDeliveries(tx, delivery.endpointId, now);
      return 'disabled';
    }
    const failingSince = await markFailing(tx, delivery.endpointId, attemptedAt);
    if (now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
      // Five days without one accepted attempt: switched off, and the owners told once.
      await settle('failed');
      const disabled = await disableEndpoint(tx, {
        endpointId: delivery.endpointId,
        reason: 'failing',
        at: now,
      });
      if (disabled) {
        await cancelPendingDeliveries(tx, delivery.endpointId, now);
        mails.push(...(await queueDisabledMails(tx, ctx, disabled, failingSince)));
      }
      return 'disabled';
    }
    const next = nextAttemptAt(delivery.attempt, now, outcome.retryAfterMs, ctx.random);
    await settle(next ? 'pending' : 'failed', next);
    return next ? 'retry' : 'failed';
  });
  for (const mailId of mails) {
    try {
      await ctx.mailer.deliver(mailId);
    } catch (error) {
      ctx.log.warn({ err: error, mailId }, 'webhook endpoint disabled mail not sent');
    }
  }
  return result;
}

/** The owners' mail that an endpoint failing for five days was switched off (German). */
export function endpointDisabledMail(input: {
  to: string;
  businessName: string;
  url: string;
  failingSince: Date;
  consoleUrl: string;
}) {
  const since = input.failingSince.toLocaleString('de-DE', {
    timeZone: 'Europe/Berlin',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const paragraphs = [
    'Guten Tag,',
    `der Webhook-Endpunkt ${input.url} von ${input.businessName || 'Ihrem Betrieb'} hat seit ${since} Uhr keine Zustellung mehr angenommen. Trinkgeld hat ihn deshalb abgeschaltet: Neue Ereignisse gehen nicht mehr an diese Adresse, offene Zustellungen wurden abgebrochen.`,
    `Sobald der Empfänger wieder erreichbar ist, können Sie den Endpunkt unter ${input.consoleUrl} wieder einschalten und einzelne Ereignisse im Zustellprotokoll erneut senden.`,
    'Ihr Trinkgeld-Team',
  ];
  const link = `<a href="${escapeHtml(input.consoleUrl)}">${escapeHtml(input.consoleUrl)}</a>`;
  return {
    to: input.to,
    subject: 'Webhook-Endpunkt abgeschaltet',
    text: paragraphs.join('\n\n'),
    html: paragraphs
      .map(
        (paragraph) =>
          `<p>${escapeHtml(paragraph).split(escapeHtml(input.consoleUrl)).join(link)}</p>`,
      )
      .join('\n'),
  };
}

/** Where the owner manages the endpoints (the console's 'API und Webhooks'). */
export const WEBHOOK_CONSOLE_PATH = '/admin/api';

async function queueDisabledMails(
  tx: Tx,
  ctx: WebhookDeliveryContext,
  endpoint: { url: string; businessId: string },
  failingSince: Date,
): Promise<string[]> {
  const { businessName, owners } = await endpointOwners(tx, endpoint.businessId);
  const ids: string[] = [];
  for (const owner of owners) {
    ids.push(
      await ctx.mailer.enqueue(
        tx,
        endpointDisabledMail({
          to: owner.email,
          businessName,
          url: endpoint.url,
          failingSince,
          consoleUrl: `${ctx.config.publicOrigin}${WEBHOOK_CONSOLE_PATH}`,
        }),
      ),
    );
  }
  return ids;
}

/** The due deliveries no worker is sending, for the metrics (decision 0650). */
export function readDueDeliveryBacklog(ctx: Pick<WebhookDeliveryContext, 'database' | 'clock'>) {
  return dueDeliveryBacklog(ctx.database.db, ctx.clock.now());
}

export interface WebhookWorker {
  /** Looks for due deliveries now (after a commit that wrote events, say). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The worker of one instance: looks every WEBHOOK_POLL_MS for due deliveries (and again as soon
 * as a send finishes, so it keeps claiming while work is due), with at most `concurrency` sends
 * at once. Stopping aborts the sends under way and gives their deliveries back untried.
 */
export function startWebhookWorker(
  ctx: WebhookDeliveryContext,
  options: { concurrency?: number; pollMs?: number } = {},
): WebhookWorker {
  const concurrency = options.concurrency ?? WEBHOOK_CONCURRENCY;
  const inFlight = new Set<Promise<unknown>>();
  const stopping = new AbortController();
  let pumping: Promise<void> | null = null;
  let again = false;

  // After a failed claim (the database away) the worker pauses instead of failing 5 times a second.
  let pausedUntil = 0;
  const pump = (): void => {
    if (stopping.signal.aborted || performance.now() < pausedUntil) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = (async () => {
      do {
        again = false;
        while (!stopping.signal.aborted) {
          const free = concurrency - inFlight.size;
          if (free <= 0) break;
          const claimed = await claimWebhookDeliveries(ctx, free);
          for (const delivery of claimed) {
            const running: Promise<unknown> = deliverClaimed(ctx, delivery, stopping.signal)
              .catch((error: unknown) => {
                ctx.log.warn(
                  { err: error, deliveryId: delivery.id },
                  'webhook delivery failed; retried after its lease',
                );
              })
              .finally(() => {
                inFlight.delete(running);
                pump();
              });
            inFlight.add(running);
          }
          if (claimed.length < free) break;
        }
      } while (again && !stopping.signal.aborted);
    })()
      .catch((error: unknown) => {
        pausedUntil = performance.now() + WEBHOOK_CLAIM_PAUSE_MS;
        ctx.log.warn({ err: error }, 'webhook deliveries not claimed; trying again in 5 s');
      })
      .finally(() => {
        pumping = null;
      });
  };

  const timer = setInterval(pump, options.pollMs ?? WEBHOOK_POLL_MS);
  timer.unref();
  pump();

  return {
    wake: pump,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await pumping;
      await Promise.allSettled([...inFlight]);
    },
  };
}
