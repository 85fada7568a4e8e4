import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connect';
import { bucketKey, type RateLimiter, type RateRule } from '../../http/rate-limit';
import type { Clock } from '../../lib/clock';
import { hashIdentifier } from '../auth/tokens';
import { insertAnalyticsEvents, type NewAnalyticsEvent } from './queries';

/**
 * Tip page views counted when the page is served: the page arrives rendered
 * by the server and its script loads only on the first interaction, so a guest who only looks
 * sends nothing from the browser. A visit is one browser (address and user agent, kept only as a
 * keyed hash in the rate-limit table) at one code within half an hour; the return from the
 * checkout is the same visit; prefetches and obvious bots are left out.
 */
export const VISIT_RULE: RateRule = {
  name: 'guest-visit',
  limit: 1,
  windowMs: 30 * 60_000,
  cacheDenials: true,
};

/** The browser a guest request comes from, as far as visits go. */
export interface GuestBrowser {
  ip: string;
  userAgent: string;
}

export function guestBrowserOf(request: Pick<FastifyRequest, 'headers' | 'ip'>): GuestBrowser {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/** One browser at one code, as a keyed hash: neither address nor user agent is stored. */
function visitorOf(secret: string, browser: GuestBrowser, code: string): string {
  return hashIdentifier(secret, `visit:${browser.ip}|${browser.userAgent}|${code}`);
}

/** The `rate_limit_buckets` row of one browser's visit window at one code. */
export function visitBucketOf(secret: string, browser: GuestBrowser, code: string): string {
  return bucketKey(VISIT_RULE, visitorOf(secret, browser, code));
}

/**
 * A visit's id (decision 0461): the hash of its bucket and the end of its window. Another visit
 * of the same browser has another id, so the ids link nothing across visits; a tip started in
 * the window gets the same id from `VISIT_ID_OF_BUCKET`.
 */
export function visitIdOf(bucket: string, windowEnd: Date): string {
  return createHash('sha256').update(`${bucket}|${windowEnd.getTime()}`, 'utf8').digest('hex');
}

/** `visitIdOf` in SQL, for a `rate_limit_buckets` row aliased `b`. */
export const VISIT_ID_OF_BUCKET = `encode(sha256(convert_to(
    b.key || '|' || (extract(epoch FROM b.reset_at) * 1000)::bigint::text, 'UTF8')), 'hex')`;

/** Link previews, crawlers, monitors and command-line clients: never a guest looking. */
const NOT_A_GUEST =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|discord|slack|skype|lighthouse|curl\/|wget\/|python|httpclient|okhttp|go-http|java\/|axios|node-fetch|undici/i;

/** Whether a request for a tip page is a person opening it (not a prefetch, not a bot). */
export function isGuestView(headers: FastifyRequest['headers']): boolean {
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''} ${headers['x-moz'] ?? ''}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const agent = headers['user-agent'];
  return typeof agent === 'string' && agent.length > 0 && !NOT_A_GUEST.test(agent);
}

export interface PageView {
  businessId: string;
  entrypointUid: string | null;
  code: string;
  entryType: string;
  presetAmount: boolean;
}

export interface PageViewContext {
  database: Database;
  clock: Clock;
  limiter: Pick<RateLimiter, 'consume'>;
  sessionSecret: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Counts views off the request's path: the page is answered at once, and the views of many
 * guests go to the database together in one insert.
 */
export function createPageViewCounter(ctx: PageViewContext) {
  const queue: NewAnalyticsEvent[] = [];
  const running = new Set<Promise<void>>();
  let flushing: Promise<void> | null = null;

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const rows = queue.splice(0, 500);
      try {
        await insertAnalyticsEvents(ctx.database.db, rows);
      } catch (error) {
        ctx.log.warn({ err: error, views: rows.length }, 'tip page views not stored');
      }
    }
  }

  async function count(request: Pick<FastifyRequest, 'headers' | 'ip'>, view: PageView) {
    const visitor = visitorOf(ctx.sessionSecret, guestBrowserOf(request), view.code);
    const decision = await ctx.limiter.consume(VISIT_RULE, visitor);
    if (!decision.allowed) return;
    queue.push({
      name: 'tip_page_loaded',
      businessId: view.businessId,
      entrypointUid: view.entrypointUid,
      tipId: null,
      properties: { entry_type: view.entryType, preset_amount: view.presetAmount, served: true },
      // Without the store there is no window a tip could find: a visit without an id.
      visitId: decision.degraded
        ? null
        : visitIdOf(bucketKey(VISIT_RULE, visitor), decision.resetTime),
      createdAt: ctx.clock.now(),
    });
    flushing ??= flush().finally(() => {
      flushing = null;
    });
  }

  return {
    /** Counts the view if it is a guest's first at this code in this visit; never throws. */
    record(request: Pick<FastifyRequest, 'headers' | 'ip'>, view: PageView): void {
      if (!isGuestView(request.headers)) return;
      const task = count(request, view)
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'tip page view not counted'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    /** Waits until every view counted so far is stored (tests, graceful shutdown). */
    async drain(): Promise<void> {
      while (running.size > 0 || flushing) {
        await Promise.allSettled([...running]);
        if (flushing) await flushing;
      }
    },
  };
}

export type PageViewCounter = ReturnType<typeof createPageViewCounter>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tip page views counted when served (features/analytics/page-views.ts). */
    pageViews: PageViewCounter;
  }
}

export function registerPageViews(app: FastifyInstance): void {
  const counter = createPageViewCounter({
    database: app.deps.database,
    clock: app.deps.clock,
    limiter: app.rateLimiter,
    sessionSecret: app.deps.config.sessionSecret,
    log: app.log,
  });
  app.decorate('pageViews', counter);
  app.addHook('onClose', async () => counter.drain());
}
