/**
 * What features report to metrics (decision 0400). Features depend on these narrow
 * interfaces, never on prom-client: a service that counts a paid tip only knows `tipPaid(cents)`.
 * Arguments are outcomes and amounts summed over everyone, never an id, address or code: labels
 * are fixed words, so no series can name a person.
 */

/** How a tip payment that did not go through ended. */
export const TIP_ENDINGS = ['failed', 'cancelled', 'expired'] as const;
export type TipEnding = (typeof TIP_ENDINGS)[number];
/** Why a paid tip is held back from payouts. */
export const TIP_HOLDS = ['amount_mismatch', 'paid_twice'] as const;
export type TipHold = (typeof TIP_HOLDS)[number];

export interface TipMetrics {
  /** A tip row was written and its checkout is about to open. */
  tipStarted(cents: number): void;
  /** The guest's money arrived: counted on the guarded move to pending, once per tip. */
  tipPaid(cents: number): void;
  /** initiated -> failed | cancelled | expired, once per tip. */
  tipEnded(ending: TipEnding, cents: number): void;
  /** The money went back to the guest, once per tip. */
  tipRefunded(cents: number): void;
  /** A paid tip held for the owner's review (not paid out). */
  tipHeld(reason: TipHold, cents: number): void;
}

export const WEBHOOK_OUTCOMES = ['processed', 'duplicate', 'failed'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export interface WebhookMetrics {
  /** One provider event received (Stripe webhook or the demo checkout's own event). */
  webhookEvent(provider: string, type: string, outcome: WebhookOutcome): void;
}

/**
 * succeeded: done; failed: refused for good (the money waits for the next batch); retry: left
 * for a later attempt with the same idempotency key; skipped: a batch with nothing to pay.
 */
export const PAYOUT_OUTCOMES = ['succeeded', 'failed', 'retry', 'skipped'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];

export interface PayoutMetrics {
  /** A payout batch ran (a business's daily, weekly or manual batch). */
  payoutBatch(outcome: PayoutOutcome): void;
  /** One transfer of a batch to a person's account. */
  payoutTransfer(outcome: PayoutOutcome, cents: number): void;
  /** A person's instant payout request. */
  instantPayout(outcome: PayoutOutcome, cents: number): void;
}

/**
 * What came of one attempt of an outgoing webhook (decision 0650): delivered; retry (answered
 * otherwise, tried again later); failed (the last attempt, or nothing left to send); disabled (410
 * Gone, or five failing days); cancelled (its endpoint was switched off while it waited).
 */
export const OUTGOING_WEBHOOK_RESULTS = [
  'delivered',
  'retry',
  'failed',
  'disabled',
  'cancelled',
] as const;
export type OutgoingWebhookResult = (typeof OUTGOING_WEBHOOK_RESULTS)[number];

export interface OutgoingWebhookMetrics {
  /** One delivery attempt to a business's endpoint finished. */
  outgoingWebhookDelivery(result: OutgoingWebhookResult): void;
}

export interface GuestCacheMetrics {
  /** A guest code answered from memory (true) or read from the database (false). */
  guestCacheLookup(hit: boolean): void;
  /** A change notification emptied cached codes: of one business, or all of them. */
  guestCacheInvalidated(scope: 'business' | 'all'): void;
}

export interface LiveStreamMetrics {
  /** Where the number of open live streams (SSE) of this app is read at each scrape. */
  countLiveStreams(count: () => number): void;
}

/** Everything features report; AppDeps carries one per app. */
export type Metrics = TipMetrics &
  WebhookMetrics &
  PayoutMetrics &
  OutgoingWebhookMetrics &
  GuestCacheMetrics &
  LiveStreamMetrics;

/** Reports nothing: for contexts built without an app (tools, some tests). */
export const noMetrics: Metrics = {
  tipStarted() {},
  tipPaid() {},
  tipEnded() {},
  tipRefunded() {},
  tipHeld() {},
  webhookEvent() {},
  payoutBatch() {},
  payoutTransfer() {},
  instantPayout() {},
  outgoingWebhookDelivery() {},
  guestCacheLookup() {},
  guestCacheInvalidated() {},
  countLiveStreams() {},
};
