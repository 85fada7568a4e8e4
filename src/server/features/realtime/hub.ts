import { z } from 'zod';
import type { Database } from '../../db/connect';

/** The NOTIFY channel every tip state change is published on (see features/tips/events.ts). */
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

/** The channel on which an account's sessions are ended (deactivation, features/staff). */
export const ACCOUNT_EVENTS_CHANNEL = 'account_events';
const accountEventSchema = z.object({ userId: z.string().uuid() });

/**
 * Fans tip changes out to the employees connected to this instance. Every instance listens on
 * the same PostgreSQL channel, so a tip paid through any instance reaches a dashboard connected to
 * any other; the notification arrives on the publishing instance too, so there is one path only.
 */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<TipChangeListener>>();
  private readonly accountSubscribers = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | undefined;
  private unlistenAccounts: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly onBadMessage: (payload: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.listen(TIP_EVENTS_CHANNEL, (payload) =>
      this.dispatch(payload),
    );
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
    this.accountSubscribers.clear();
    if (unlisten) await unlisten();
    if (unlistenAccounts) await unlistenAccounts();
  }

  /** Calls `listener` once the account's sessions were ended on any instance. */
  onAccountEnded(userId: string, listener: () => void): () => void {
    let set = this.accountSubscribers.get(userId);
    if (!set) {
      set = new Set();
      this.accountSubscribers.set(userId, set);
    }
    set.add(listener);
    return () => {
      const current = this.accountSubscribers.get(userId);
      current?.delete(listener);
      if (current?.size === 0) this.accountSubscribers.delete(userId);
    };
  }

  private dispatchAccountEnded(payload: string): void {
    let userId: string;
    try {
      userId = accountEventSchema.parse(JSON.parse(payload)).userId;
    } catch {
      this.onBadMessage(payload);
      return;
    }
    for (const listener of [...(this.accountSubscribers.get(userId) ?? [])]) listener();
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
    for (const employeeId of new Set(change.employeeIds)) {
      for (const listener of this.subscribers.get(employeeId) ?? []) listener(change);
    }
  }
}
