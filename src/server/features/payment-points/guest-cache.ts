import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { schemaOfPaymentPoints } from './queries/guest';
import { nextShiftChange, type ResolvedCode, resolveGuestCode, touchLegacyQrCode } from './resolve';
import { type GuestCacheMetrics, noMetrics } from '../metrics/metrics';

/** The channel migration 0250's triggers notify with the business whose guest view changed. */
export const GUEST_CACHE_CHANNEL = 'guest_cache';
/** Longest an entry lives even if a notification never came (decision 0250). */
export const GUEST_CACHE_TTL_MS = 10_000;
/** Bounds on what one process keeps; the least recently used entries go first. */
export interface GuestCacheLimits {
  ttlMs: number;
  maxEntries: number;
  /** The rendered answers' length in characters, plus ENTRY_BYTES per entry. */
  maxBytes: number;
}
const DEFAULT_LIMITS: GuestCacheLimits = {
  ttlMs: GUEST_CACHE_TTL_MS,
  maxEntries: 5_000,
  maxBytes: 32 * 1024 * 1024,
};
/** What a resolution itself weighs, roughly, besides the answers rendered from it. */
const ENTRY_BYTES = 2_048;
/** Legacy codes' "last used" of cache hits is written this often, not on every scan. */
const TOUCH_FLUSH_MS = 1_000;
/** Longer than this for the round trip on the LISTEN connection, and memory is not trusted. */
const SYNC_TIMEOUT_MS = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Rendered {
  body: string | Buffer;
  /** The `Content-Encoding` of `body`, when it is compressed. */
  encoding?: 'br' | 'gzip' | null;
  /** A strong validator of `body`. */
  etag: string;
}

/** A code resolved for a guest, and the answers rendered from it. */
export interface GuestCode {
  resolved: ResolvedCode;
  /**
   * The answer `build` makes under `key` (format, language, encoding), built once per cached
   * entry; a plain string gets its validator here.
   */
  render(key: string, build: () => string | Rendered): Rendered;
}

interface Entry {
  code: string;
  resolved: ResolvedCode;
  /** Every business whose change notification drops this entry. */
  businesses: Set<string>;
  expiresAt: number;
  variants: Map<string, Rendered>;
  bytes: number;
}

interface CacheLog {
  warn(object: Record<string, unknown>, message: string): void;
}

export function renderedOf(body: string): Rendered {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** Whether an If-None-Match header names this validator (a list, weak forms and `*` too). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer on the LISTEN connection')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs `work` for every caller that asks while none started after it asked is finished: a caller
 * arriving during a run waits for the next one, which starts when the current one ends, so one
 * round trip serves any number of concurrent requests.
 */
class Coalesced<T> {
  private running: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly work: () => Promise<T>) {}

  run(): Promise<T> {
    if (!this.running) return this.start();
    this.queued ??= this.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<T> {
    const run: Promise<T> = this.work().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }
}

/**
 * What the guest's tip page and payment-point lookup read per code, kept in this process
 * (decision 0250): the code's resolution and the answers rendered from it per language.
 *
 * - Changes: migration 0250's triggers notify every instance with the business after commit; its
 *   entries go. Before answering from memory, a request waits for one round trip on the LISTEN
 *   connection (shared by all concurrent requests), so every change committed before the request
 *   arrived has been heard: an answer is never older than the request, on any instance.
 * - Lost notifications: a re-opened LISTEN connection empties the cache; while it is down or
 *   does not answer within SYNC_TIMEOUT_MS nothing is answered from memory. Every entry also ends after GUEST_CACHE_TTL_MS, and at the
 *   next shift start or end of its point or team (who receives changes then without a write).
 * - Bounded: 5,000 entries and about 32 MB by default, least recently used first out. Only codes a
 *   guest can tip through are kept: unknown codes cannot fill it.
 */
export class GuestCodeCache {
  private readonly entries = new Map<string, Entry>();
  private readonly filling = new Map<string, Promise<Entry>>();
  private readonly touches = new Map<string, Date>();
  private readonly sync: Coalesced<number>;
  private touchTimer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private enabled = false;
  private bytes = 0;
  /** Moves on every change heard: a fill that began before it is not kept. */
  private epoch = 0;
  private listenGeneration: number | undefined;
  /** A round trip still awaited after one failed or took too long. */
  private probing: Promise<unknown> | null = null;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: CacheLog,
    private readonly limits: GuestCacheLimits = DEFAULT_LIMITS,
    private readonly metrics: GuestCacheMetrics = noMetrics,
  ) {
    this.sync = new Coalesced(() => withTimeout(database.syncNotifications(), SYNC_TIMEOUT_MS));
  }

  /** Listens for changes; without them (another channel, no database) it stays off. */
  async start(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      this.log.warn({ err: error }, 'guest cache off: cannot listen for changes');
    }
  }

  private async listen(): Promise<void> {
    const channel = this.database.channelName(GUEST_CACHE_CHANNEL);
    const schema = await schemaOfPaymentPoints(this.database);
    const notified = schema === 'public' ? 'guest_cache' : `${schema}__guest_cache`;
    if (notified !== channel) {
      this.log.warn({ channel, notified }, 'guest cache off: triggers notify another channel');
      return;
    }
    this.unlisten = await this.database.listen(GUEST_CACHE_CHANNEL, (payload) =>
      this.changed(payload),
    );
    this.enabled = true;
  }

  async stop(): Promise<void> {
    this.enabled = false;
    this.clear();
    clearTimeout(this.touchTimer);
    await this.flushTouches();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    if (unlisten) await unlisten();
  }

  /** The code resolved as resolveGuestCode does (and throwing as it does), from memory if fresh. */
  async resolve(code: string): Promise<GuestCode> {
    if (!(await this.inStep())) {
      this.metrics.guestCacheLookup(false);
      return this.view(await this.load(code, null));
    }
    const entry = this.entries.get(code);
    const fresh = entry !== undefined && entry.expiresAt > this.clock.now().getTime();
    this.metrics.guestCacheLookup(fresh);
    if (entry && fresh) {
      this.entries.delete(code);
      this.entries.set(code, entry);
      if (entry.resolved.qrCodeId) this.touch(entry.resolved.qrCodeId);
      return this.view(entry);
    }
    if (entry) this.remove(entry);
    let filling = this.filling.get(code);
    if (!filling) {
      filling = this.load(code, this.epoch).finally(() => {
        if (this.filling.get(code) === filling) this.filling.delete(code);
      });
      this.filling.set(code, filling);
    }
    return this.view(await filling);
  }

  /** How many codes are kept (tests and benchmarks). */
  get size(): number {
    return this.entries.size;
  }

  /** True when every change committed before now has been heard and memory may answer. */
  private async inStep(): Promise<boolean> {
    // While the LISTEN connection is in doubt every request reads the database, without waiting.
    if (!this.enabled || this.probing) return false;
    try {
      const generation = await this.sync.run();
      if (generation !== this.listenGeneration) {
        this.clear();
        this.listenGeneration = generation;
      }
      return this.enabled;
    } catch (error) {
      this.clear();
      if (!this.probing) {
        this.log.warn({ err: error }, 'guest cache bypassed until the LISTEN connection answers');
        // No time limit here: it ends when the connection answers or is given up and re-opened.
        this.probing = this.database
          .syncNotifications()
          .catch(() => undefined)
          .finally(() => {
            this.probing = null;
          });
      }
      return false;
    }
  }

  /** Reads the code; the entry is kept when no change was heard since `epoch` (null: never). */
  private async load(code: string, epoch: number | null): Promise<Entry> {
    const { db } = this.database;
    const at = this.clock.now();
    const resolved = await resolveGuestCode(db, code, at);
    if (resolved.qrCodeId) await touchLegacyQrCode(db, resolved.qrCodeId, at);
    const shiftChange = await nextShiftChange(db, resolved, at);
    const entry: Entry = {
      code,
      resolved,
      businesses: new Set(
        [resolved.business.id, resolved.employee?.businessId, resolved.team?.businessId].filter(
          (id): id is string => typeof id === 'string',
        ),
      ),
      expiresAt: Math.min(at.getTime() + this.limits.ttlMs, shiftChange?.getTime() ?? Infinity),
      variants: new Map(),
      bytes: ENTRY_BYTES,
    };
    if (epoch === this.epoch && this.enabled) this.store(entry);
    return entry;
  }

  private view(entry: Entry): GuestCode {
    return {
      resolved: entry.resolved,
      render: (key, build) => {
        const known = entry.variants.get(key);
        if (known) return known;
        const built = build();
        const rendered = typeof built === 'string' ? renderedOf(built) : built;
        if (this.entries.get(entry.code) === entry) {
          entry.variants.set(key, rendered);
          entry.bytes += rendered.body.length;
          this.bytes += rendered.body.length;
          this.trim();
        }
        return rendered;
      },
    };
  }

  private store(entry: Entry): void {
    const old = this.entries.get(entry.code);
    if (old) this.remove(old);
    this.entries.set(entry.code, entry);
    this.bytes += entry.bytes;
    this.trim();
  }

  private trim(): void {
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      const oldest = this.entries.values().next();
      if (oldest.done) return;
      this.remove(oldest.value);
    }
  }

  private remove(entry: Entry): void {
    if (this.entries.get(entry.code) !== entry) return;
    this.entries.delete(entry.code);
    this.bytes -= entry.bytes;
  }

  private clear(): void {
    this.entries.clear();
    this.filling.clear();
    this.bytes = 0;
    this.epoch += 1;
  }

  private changed(payload: string): void {
    if (payload === '*' || !UUID.test(payload)) {
      this.metrics.guestCacheInvalidated('all');
      this.clear();
      return;
    }
    this.metrics.guestCacheInvalidated('business');
    this.epoch += 1;
    // A fill under way may have read the row before the change: later requests start their own.
    this.filling.clear();
    for (const entry of [...this.entries.values()]) {
      if (entry.businesses.has(payload)) this.remove(entry);
    }
  }

  /** A scan answered from memory still counts as the legacy code's last use, a second later. */
  private touch(qrCodeId: string): void {
    this.touches.set(qrCodeId, this.clock.now());
    this.touchTimer ??= setTimeout(() => {
      this.touchTimer = undefined;
      // Not awaited by the timer: the flush logs each failed write itself (decision 0585).
      void this.flushTouches();
    }, TOUCH_FLUSH_MS).unref();
  }

  private async flushTouches(): Promise<void> {
    const due = [...this.touches];
    this.touches.clear();
    for (const [qrCodeId, at] of due) {
      await touchLegacyQrCode(this.database.db, qrCodeId, at).catch((error: unknown) =>
        this.log.warn({ err: error, qrCodeId }, 'legacy code last use not written'),
      );
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The guest's codes kept in this process (decision 0250). */
    guestCodes: GuestCodeCache;
  }
}

export async function registerGuestCodeCache(app: FastifyInstance): Promise<void> {
  const cache = new GuestCodeCache(
    app.deps.database,
    app.deps.clock,
    app.log,
    DEFAULT_LIMITS,
    app.deps.metrics ?? noMetrics,
  );
  await cache.start();
  app.decorate('guestCodes', cache);
  app.addHook('onClose', async () => cache.stop());
}
