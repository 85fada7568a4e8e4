import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobName, JobRunReport, JobRuns } from '../../lib/job-runs';
import { JOB_NAMES } from '../../lib/job-runs';
import type { Clock } from '../../lib/clock';
import type { Metrics, PayoutOutcome, TipEnding, TipHold, WebhookOutcome } from './metrics';
import {
  OUTGOING_WEBHOOK_RESULTS,
  PAYOUT_OUTCOMES,
  TIP_ENDINGS,
  TIP_HOLDS,
  WEBHOOK_OUTCOMES,
} from './metrics';

/** Every series of ours starts with this, so dashboards find them among the process metrics. */
export const METRIC_PREFIX = 'trinkgeld_';

/** The request duration buckets in seconds: guest pages answer in ms, exports take seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

/** Provider event types we name in metrics; any other type is counted as `other`. */
const KNOWN_EVENT_TYPES = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  'account.updated',
]);
const KNOWN_PROVIDERS = new Set(['demo', 'stripe']);

/**
 * Every value a labelled counter of ours can take, so each series exists at 0 from the first
 * scrape: a rule like "started but none paid" is empty, and cannot fire, while
 * `paid` has never happened, which is exactly when payments broke after a deploy.
 */
const TIP_EVENTS = [
  'started',
  'paid',
  ...TIP_ENDINGS,
  'refunded',
  ...TIP_HOLDS.map((hold) => `held_${hold}`),
];
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

/** Adds 0 for every combination of the given label values: the series exist from the start. */
function startAtZero<L extends string>(
  counter: Counter<L>,
  values: { [label in L]: readonly string[] },
): void {
  const labels = Object.keys(values) as L[];
  const combine = (index: number, chosen: Partial<Record<L, string>>): void => {
    if (index === labels.length) {
      counter.inc(chosen as Record<L, string>, 0);
      return;
    }
    const label = labels[index]!;
    for (const value of values[label]) combine(index + 1, { ...chosen, [label]: value });
  };
  combine(0, {});
}

/** What a database handle says about its connections (node-postgres pool; PGlite has none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Provider events stored but not yet applied: the work a failing settlement leaves behind. */
export interface WebhookBacklog {
  unprocessed: number;
  oldestUnprocessedAt: Date | null;
}

/** Outgoing webhook deliveries due but not yet being sent: the delivery worker's backlog. */
export interface OutgoingWebhookBacklog {
  due: number;
  oldestDueAt: Date | null;
}

/** One HTTP answer, by route template (never the raw URL, which may carry codes and tokens). */
export interface HttpObservation {
  method: string;
  route: string;
  status: number;
  seconds: number;
}

/** The metrics of one app: what features report (Metrics) plus what the app itself feeds in. */
export interface AppMetrics extends Metrics {
  observeHttp(observation: HttpObservation): void;
  /** Counts every run of this app's jobs and keeps the time of each job's last success. */
  watchJobs(jobRuns: JobRuns, clock: Clock): () => void;
  /** Where the database pool's figures are read at each scrape. */
  readPool(stats: () => PoolStats | null): void;
  /** Where the webhook backlog is read at each scrape (one indexed count in PostgreSQL). */
  readWebhookBacklog(backlog: () => Promise<WebhookBacklog>): void;
  /** Where the outgoing webhooks' due deliveries are read at each scrape (one indexed count). */
  readOutgoingWebhookBacklog(backlog: () => Promise<OutgoingWebhookBacklog>): void;
  /** The Prometheus text of the process metrics and this app's series. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/**
 * Process metrics (CPU, memory, event loop lag, GC) exist once per process: collectDefaultMetrics
 * starts an event-loop monitor and a GC observer per call that are never stopped, so calling it
 * per app would leak one of each for every app a test builds (decision 0400).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A registry per app: tests run many apps in one process, each must count only its own. */
export function createAppMetrics(): AppMetrics {
  // Started with the first app, so event-loop lag and GC are observed before the first scrape.
  processMetrics();
  const register = new Registry();
  const registers = [register];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name: METRIC_PREFIX + name, help, labelNames, registers });

  const httpRequests = counter('http_requests_total', 'HTTP requests answered', [
    'method',
    'route',
    'status',
  ]);
  // By status class only, so the share of 5xx answers has a series from the first scrape.
  const httpResponses = counter('http_responses_total', 'HTTP answers by status class', [
    'status_class',
  ]);
  startAtZero(httpResponses, { status_class: STATUS_CLASSES });
  const httpDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time from request to answer, by route template',
    labelNames: ['method', 'route', 'status_class'],
    buckets: HTTP_BUCKETS,
    registers,
  });

  const tips = counter('tips_total', 'Tips by lifecycle event (once per tip and event)', ['event']);
  const tipCents = counter('tips_cents_total', 'Sum of tip amounts in cents by lifecycle event', [
    'event',
  ]);
  startAtZero(tips, { event: TIP_EVENTS });
  startAtZero(tipCents, { event: TIP_EVENTS });
  const tip = (event: string, cents: number) => {
    tips.inc({ event });
    tipCents.inc({ event }, Math.max(0, Math.trunc(cents)));
  };

  const webhooks = counter('webhook_events_total', 'Payment provider events received', [
    'provider',
    'type',
    'outcome',
  ]);

  startAtZero(webhooks, {
    provider: [...KNOWN_PROVIDERS],
    type: [...KNOWN_EVENT_TYPES, 'other'],
    outcome: WEBHOOK_OUTCOMES,
  });

  const payoutBatches = counter('payout_batches_total', 'Payout batch runs', ['outcome']);
  const payoutTransfers = counter('payout_transfers_total', 'Transfers of payout batches', [
    'outcome',
  ]);
  const payoutTransferCents = counter(
    'payout_transfers_cents_total',
    'Sum of transferred payouts in cents',
    ['outcome'],
  );
  const instantPayouts = counter('instant_payouts_total', 'Instant payout requests', ['outcome']);
  const instantPayoutCents = counter(
    'instant_payouts_cents_total',
    'Sum of instant payouts in cents',
    ['outcome'],
  );

  for (const payoutCounter of [
    payoutBatches,
    payoutTransfers,
    payoutTransferCents,
    instantPayouts,
    instantPayoutCents,
  ]) {
    startAtZero(payoutCounter, { outcome: PAYOUT_OUTCOMES });
  }

  const outgoingWebhooks = counter(
    'outgoing_webhook_deliveries_total',
    "Attempts of outgoing webhooks to businesses' endpoints, by what came of them",
    ['result'],
  );
  startAtZero(outgoingWebhooks, { result: OUTGOING_WEBHOOK_RESULTS });

  const jobRunsTotal = counter('job_runs_total', 'Runs of periodic jobs on this instance', [
    'job',
    'outcome',
  ]);
  const jobDuration = new Histogram({
    name: `${METRIC_PREFIX}job_run_duration_seconds`,
    help: 'Duration of periodic job runs',
    labelNames: ['job', 'outcome'],
    buckets: JOB_BUCKETS,
    registers,
  });
  const lastSuccess = new Map<JobName, Date>();
  let jobClock: Clock | undefined;
  new Gauge({
    name: `${METRIC_PREFIX}job_seconds_since_success`,
    help: 'Seconds since the last successful run of each job on this instance, or since the instance started before its first (lag)',
    labelNames: ['job'],
    registers,
    collect() {
      this.reset();
      const now = jobClock?.now().getTime();
      if (now === undefined) return;
      for (const [job, at] of lastSuccess) {
        this.set({ job }, Math.max(0, (now - at.getTime()) / 1000));
      }
    },
  });

  const liveStreamSources: (() => number)[] = [];
  new Gauge({
    name: `${METRIC_PREFIX}live_streams_open`,
    help: 'Open live streams (Server-Sent Events) of signed-in staff on this instance',
    registers,
    collect() {
      this.set(liveStreamSources.reduce((sum, count) => sum + count(), 0));
    },
  });

  const cacheLookups = counter('guest_cache_lookups_total', 'Guest code lookups', ['result']);
  const cacheInvalidations = counter(
    'guest_cache_invalidations_total',
    'Guest code cache invalidations by change notifications',
    ['scope'],
  );
  startAtZero(cacheLookups, { result: ['hit', 'miss'] });
  startAtZero(cacheInvalidations, { scope: ['business', 'all'] });

  let poolStats: () => PoolStats | null = () => null;
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_connections`,
    help: 'Database pool connections by state (PostgreSQL only; the embedded PGlite has no pool)',
    labelNames: ['state'],
    registers,
    collect() {
      this.reset();
      const stats = poolStats();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // The backlog is the database's, the same on every instance; a failed read leaves no figure
  // rather than a made-up zero.
  let webhookBacklog: () => Promise<WebhookBacklog | null> = async () => null;
  let backlogRead: Promise<WebhookBacklog | null> | null = null;
  const readBacklogOnce = () => (backlogRead ??= webhookBacklog().catch(() => null));
  new Gauge({
    name: `${METRIC_PREFIX}webhook_backlog_events`,
    help: 'Provider events received but not yet processed (all instances)',
    registers,
    async collect() {
      this.reset();
      const backlog = await readBacklogOnce();
      if (backlog) this.set(backlog.unprocessed);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}webhook_backlog_oldest_seconds`,
    help: 'Age of the oldest unprocessed provider event in seconds (0 when there is none)',
    registers,
    async collect() {
      this.reset();
      const backlog = await readBacklogOnce();
      if (!backlog) return;
      const oldest = backlog.oldestUnprocessedAt;
      const now = jobClock?.now().getTime() ?? Date.now();
      this.set(oldest ? Math.max(0, (now - oldest.getTime()) / 1000) : 0);
    },
  });

  // Due deliveries are the database's too; like the provider backlog, read once per scrape.
  let outgoingBacklog: () => Promise<OutgoingWebhookBacklog | null> = async () => null;
  let outgoingRead: Promise<OutgoingWebhookBacklog | null> | null = null;
  const readOutgoingOnce = () => (outgoingRead ??= outgoingBacklog().catch(() => null));
  new Gauge({
    name: `${METRIC_PREFIX}outgoing_webhook_due_deliveries`,
    help: 'Outgoing webhook deliveries due and not being sent (all instances)',
    registers,
    async collect() {
      this.reset();
      const backlog = await readOutgoingOnce();
      if (backlog) this.set(backlog.due);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}outgoing_webhook_oldest_due_seconds`,
    help: 'How long the longest-waiting due outgoing webhook delivery has waited, in seconds (0 when none)',
    registers,
    async collect() {
      this.reset();
      const backlog = await readOutgoingOnce();
      if (!backlog) return;
      const oldest = backlog.oldestDueAt;
      const now = jobClock?.now().getTime() ?? Date.now();
      this.set(oldest ? Math.max(0, (now - oldest.getTime()) / 1000) : 0);
    },
  });

  return {
    contentType: register.contentType,
    observeHttp({ method, route, status, seconds }) {
      httpRequests.inc({ method, route, status: String(status) });
      httpResponses.inc({ status_class: `${Math.floor(status / 100)}xx` });
      httpDuration.observe(
        { method, route, status_class: `${Math.floor(status / 100)}xx` },
        seconds,
      );
    },
    tipStarted: (cents) => tip('started', cents),
    tipPaid: (cents) => tip('paid', cents),
    tipEnded: (ending: TipEnding, cents) => tip(ending, cents),
    tipRefunded: (cents) => tip('refunded', cents),
    tipHeld: (reason: TipHold, cents) => tip(`held_${reason}`, cents),
    webhookEvent(provider, type, outcome: WebhookOutcome) {
      webhooks.inc({
        provider: KNOWN_PROVIDERS.has(provider) ? provider : 'other',
        type: KNOWN_EVENT_TYPES.has(type) ? type : 'other',
        outcome,
      });
    },
    payoutBatch: (outcome: PayoutOutcome) => payoutBatches.inc({ outcome }),
    payoutTransfer(outcome, cents) {
      payoutTransfers.inc({ outcome });
      payoutTransferCents.inc({ outcome }, Math.max(0, Math.trunc(cents)));
    },
    instantPayout(outcome, cents) {
      instantPayouts.inc({ outcome });
      instantPayoutCents.inc({ outcome }, Math.max(0, Math.trunc(cents)));
    },
    outgoingWebhookDelivery: (result) => outgoingWebhooks.inc({ result }),
    guestCacheLookup: (hit) => cacheLookups.inc({ result: hit ? 'hit' : 'miss' }),
    guestCacheInvalidated: (scope) => cacheInvalidations.inc({ scope }),
    countLiveStreams: (count) => liveStreamSources.push(count),
    readPool(stats) {
      poolStats = stats;
    },
    readWebhookBacklog(backlog) {
      webhookBacklog = backlog;
    },
    readOutgoingWebhookBacklog(backlog) {
      outgoingBacklog = backlog;
    },
    watchJobs(jobRuns, clock) {
      jobClock = clock;
      // A job that never succeeds must raise the lag alert too: until its first success, its lag
      // counts from the start of this instance.
      const started = clock.now();
      for (const job of JOB_NAMES) if (!lastSuccess.has(job)) lastSuccess.set(job, started);
      // Every job appears from the start (0 runs), so an alert on "never ran" can be written.
      for (const job of JOB_NAMES) {
        for (const outcome of ['succeeded', 'failed']) {
          jobRunsTotal.inc({ job, outcome }, 0);
          jobDuration.zero({ job, outcome });
        }
      }
      return jobRuns.onRun((report: JobRunReport) => {
        jobRunsTotal.inc({ job: report.job, outcome: report.outcome });
        const seconds = (report.finishedAt.getTime() - report.startedAt.getTime()) / 1000;
        jobDuration.observe({ job: report.job, outcome: report.outcome }, Math.max(0, seconds));
        if (report.outcome === 'succeeded') lastSuccess.set(report.job, report.finishedAt);
      });
    },
    async scrape() {
      // Each backlog's two gauges share one count per scrape.
      backlogRead = null;
      outgoingRead = null;
      const [process, app] = await Promise.all([processMetrics().metrics(), register.metrics()]);
      return `${process.trimEnd()}\n${app}`;
    },
  };
}
