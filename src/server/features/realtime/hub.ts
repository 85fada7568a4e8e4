import { z } from 'zod';
import { SESSION_END_REASONS } from '../../../shared/api/operator';
import { SESSION_END_CODES, type SessionEndCode } from '../../../shared/domain/session-end';
import type { Database } from '../../db/connect';

/** The NOTIFY channel every tip state change is published on (see features/tip-lifecycle/events.ts). */
export const TIP_EVENTS_CHANNEL = 'tip_events';

/** What travels through PostgreSQL: ids only, so no personal data sits in the notification. */
export const tipChangeSchema = z.object({
  tipId: z.string().uuid(),
  status: z.string(),
  employeeIds: z.array(z.string().uuid()),
  teamId: z.string().uuid().nullish(),
  businessId: z.string().uuid().nullish(),
});
export type TipChange = z.infer<typeof tipChangeSchema>;

export type TipChangeListener = (change: TipChange) => void;

/**
 * The channel on which sessions are ended: one account's (deactivation, features/staff), or
 * every staff member's of a business the platform admin suspended or closed (features/operator,
 * `{"businessId": "uuid", "reason": "business_suspended"}`).
 */
export const ACCOUNT_EVENTS_CHANNEL = 'account_events';
const accountEventSchema = z.union([
  // The reason (decision 0505) is the code the person's next request hears.
  z.object({ userId: z.string().uuid(), reason: z.enum(SESSION_END_CODES).optional() }),
  z.object({ businessId: z.string().uuid(), reason: z.enum(SESSION_END_REASONS) }),
]);
/** Why a stream is told to end; absent when the account itself was ended. */
export type SessionEndedListener = (reason?: SessionEndCode) => void;

/**
 * How long the hub remembers the changes it heard, so a stream opened a little after its page's
 * HTML was made can be told what changed in between (`changesSince`, decision 0420): a phone
 * opens the stream a second or two after the HTML, a slow one after half a minute.
 */
export const CATCH_UP_WINDOW_MS = 120_000;
/** At most this many remembered changes; a burst beyond it makes older pages refetch instead. */
export const CATCH_UP_MAX_CHANGES = 5_000;

/**
 * Fans tip changes out to the employees connected to this instance. Every instance listens on
 * the same PostgreSQL channel, so a tip paid through any instance reaches a dashboard connected to
 * any other; the notification arrives on the publishing instance too, so there is one path only.
 */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<TipChangeListener>>();
  private readonly accountSubscribers = new Map<string, Set<SessionEndedListener>>();
  private readonly businessSubscribers = new Map<string, Set<SessionEndedListener>>();
  private unlisten: (() => Promise<void>) | undefined;
  private unlistenAccounts: (() => Promise<void>) | undefined;
  /** The changes heard lately, oldest first, with when they were heard. */
  private recent: { at: number; change: TipChange }[] = [];
  /** From when on `recent` holds every change: not before listening began. */
  private completeSince = Number.POSITIVE_INFINITY;

  constructor(
    private readonly database: Database,
    private readonly onBadMessage: (payload: string) => void = () => {},
    private readonly now: () => number = Date.now,
    /** How many changes the catch-up log keeps (a test keeps few to reach the limit quickly). */
    private readonly maxChanges: number = CATCH_UP_MAX_CHANGES,
  ) {}

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.listen(TIP_EVENTS_CHANNEL, (payload) =>
      this.dispatch(payload),
    );
    this.completeSince = this.now();
    this.unlistenAccounts = await this.database.listen(ACCOUNT_EVENTS_CHANNEL, (payload) =>
      this.dispatchAccountEnded(payload),
    );
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    const unlistenAccounts = this.unlistenAccounts;
    this.unlisten = undefined;
    this.unlistenAccounts = undefined;
    this.subscribers.clear();
    this.recent = [];
    this.completeSince = Number.POSITIVE_INFINITY;
    this.accountSubscribers.clear();
    this.businessSubscribers.clear();
    if (unlisten) await unlisten();
    if (unlistenAccounts) await unlistenAccounts();
  }

  /** Calls `listener` once the account's sessions were ended on any instance. */
  onAccountEnded(userId: string, listener: SessionEndedListener): () => void {
    return addTo(this.accountSubscribers, userId, listener);
  }

  /**
   * Calls `listener` with the reason once the business's staff were shut out (suspended or
   * closed) on any instance. Only streams of people the business rule shuts out subscribe: never
   * the platform admin's.
   */
  onBusinessEnded(businessId: string, listener: SessionEndedListener): () => void {
    return addTo(this.businessSubscribers, businessId, listener);
  }

  private dispatchAccountEnded(payload: string): void {
    let event: z.infer<typeof accountEventSchema>;
    try {
      event = accountEventSchema.parse(JSON.parse(payload));
    } catch {
      this.onBadMessage(payload);
      return;
    }
    if ('userId' in event) {
      for (const listener of [...(this.accountSubscribers.get(event.userId) ?? [])]) {
        listener(event.reason);
      }
    } else {
      for (const listener of [...(this.businessSubscribers.get(event.businessId) ?? [])]) {
        listener(event.reason);
      }
    }
  }

  /** Calls `listener` for every change concerning `employeeId`; returns the unsubscribe. */
  subscribe(employeeId: string, listener: TipChangeListener): () => void {
    let set = this.subscribers.get(employeeId);
    if (!set) {
      set = new Set();
      this.subscribers.set(employeeId, set);
    }
    set.add(listener);
    return () => {
      const current = this.subscribers.get(employeeId);
      current?.delete(listener);
      if (current?.size === 0) this.subscribers.delete(employeeId);
    };
  }

  /**
   * The changes concerning `employeeId` heard at or after `since` (ms), oldest first; null when
   * the hub cannot know them all (it was not listening yet, or has forgotten that far back), and
   * the caller must fetch afresh instead.
   */
  changesSince(employeeId: string, since: number): TipChange[] | null {
    this.forgetOld();
    if (since < this.completeSince) return null;
    return this.recent
      .filter((entry) => entry.at >= since && entry.change.employeeIds.includes(employeeId))
      .map((entry) => entry.change);
  }

  /**
   * Drops what is older than the window or beyond `keep`; the log is complete from there. Past
   * the count a tenth more goes at once, so a burst copies the log once per 500 changes rather
   * than on every one (each NOTIFY runs this).
   */
  private forgetOld(keep = this.maxChanges): void {
    const horizon = this.now() - CATCH_UP_WINDOW_MS;
    let drop = 0;
    while (
      drop < this.recent.length &&
      (this.recent[drop]!.at < horizon || this.recent.length - drop > keep)
    ) {
      drop += 1;
    }
    if (drop > 0) {
      this.completeSince = Math.max(this.completeSince, this.recent[drop - 1]!.at + 1);
      this.recent = this.recent.slice(drop);
    }
    this.completeSince = Math.max(this.completeSince, horizon);
  }

  connectionCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  private dispatch(payload: string): void {
    let change: TipChange;
    try {
      change = tipChangeSchema.parse(JSON.parse(payload));
    } catch {
      this.onBadMessage(payload);
      return;
    }
    this.recent.push({ at: this.now(), change });
    if (this.recent.length > this.maxChanges) this.forgetOld(this.maxChanges * 0.9);
    for (const employeeId of new Set(change.employeeIds)) {
      for (const listener of this.subscribers.get(employeeId) ?? []) listener(change);
    }
  }
}

/** Adds a listener under a key; returns its removal, which drops the key's empty set too. */
function addTo<T>(map: Map<string, Set<T>>, key: string, listener: T): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
  return () => {
    const current = map.get(key);
    current?.delete(listener);
    if (current?.size === 0) map.delete(key);
  };
}
