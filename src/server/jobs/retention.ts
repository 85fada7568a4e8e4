import { removeUnusedMedia } from '../features/media/cleanup';
import { and, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import {
  analyticsEvents,
  outboxEmails,
  payLaterLinks,
  tipReplyAddresses,
  webhookEvents,
} from '../db/schema';
import { deleteExpiredIdempotencyKeys } from '../features/api-keys/queries';
import { eraseClosedBusinesses } from '../features/operator/erasure';
import { forgetOldWebhookPayloads } from '../features/webhooks/queries/deliveries';
import type { JobRuns } from '../lib/job-runs';
import type { Clock } from '../lib/clock';

/** How long kept data lives, in days (README: RETENTION_*; docs/privacy.md). */
export interface RetentionSettings {
  /** Sent (or printed) and failed outbox mails. */
  mailDays: number;
  /** Guest analytics events (page loaded, amount chosen, …). */
  analyticsDays: number;
  /**
   * The payment provider's event payloads (the event id stays so a redelivery is still a
   * duplicate), and the outgoing webhooks' payloads, answers and finished deliveries (0650).
   */
  providerPayloadDays: number;
  /** A closed business's personal data, counted from its closing (decision 0324). */
  closedBusinessDays: number;
}

export const RETENTION_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface RetentionLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * Deletes what is older than its retention period: finished outbox mails, analytics events, the
 * payloads of processed provider events, expired reply addresses, the messages of expired
 * pay-later links, and the personal data of businesses closed long enough ago. Idempotent, so instances may run it side by side.
 */
export async function runRetention(
  database: Database,
  clock: Clock,
  settings: RetentionSettings,
  log?: RetentionLogger,
) {
  const now = clock.now().getTime();
  const before = (days: number) => new Date(now - days * DAY_MS);
  const mailCutoff = before(settings.mailDays);
  const mails = (
    await database.db
      .delete(outboxEmails)
      .where(
        or(
          and(
            inArray(outboxEmails.status, ['sent', 'console', 'logged']),
            lt(outboxEmails.sentAt, mailCutoff),
          ),
          and(ne(outboxEmails.status, 'pending'), lt(outboxEmails.createdAt, mailCutoff)),
          lt(outboxEmails.createdAt, before(settings.mailDays * 2)),
        ),
      )
      .returning({ id: outboxEmails.id })
  ).length;
  const analytics = (
    await database.db
      .delete(analyticsEvents)
      .where(lt(analyticsEvents.createdAt, before(settings.analyticsDays)))
      .returning({ id: analyticsEvents.id })
  ).length;
  const payloads = (
    await database.db
      .update(webhookEvents)
      .set({ payload: {} })
      .where(
        and(
          isNotNull(webhookEvents.processedAt),
          lt(webhookEvents.receivedAt, before(settings.providerPayloadDays)),
          sql`${webhookEvents.payload} <> '{}'::jsonb`,
        ),
      )
      .returning({ id: webhookEvents.id })
  ).length;
  // Outgoing webhooks (decision 0650): payloads and answers kept as long as the providers'
  // payloads; finished deliveries (and their attempts) go with them, then events left without any.
  const outgoing = await forgetOldWebhookPayloads(
    database.db,
    before(settings.providerPayloadDays),
  );
  // A guest's opt-in reply address lives at most 30 days (decision 0144).
  const replyAddresses = (
    await database.db
      .delete(tipReplyAddresses)
      .where(lt(tipReplyAddresses.expiresAt, clock.now()))
      .returning({ tipId: tipReplyAddresses.tipId })
  ).length;
  // A pay-later link's message is needed only while the link can be opened (decision 0456).
  const payLaterMessages = (
    await database.db
      .update(payLaterLinks)
      .set({ guestMessage: null })
      .where(and(isNotNull(payLaterLinks.guestMessage), lt(payLaterLinks.expiresAt, clock.now())))
      .returning({ id: payLaterLinks.id })
  ).length;
  // The business API's Idempotency-Keys are kept 24 hours (decision 0640).
  const idempotencyKeys = await deleteExpiredIdempotencyKeys(database.db, clock.now());
  // Uploaded images nobody used within a day.
  const images = await removeUnusedMedia(database, clock);
  // Closed businesses past their period lose their personal data.
  const erasedBusinesses = await eraseClosedBusinesses(
    database,
    clock,
    settings.closedBusinessDays,
    log,
  );
  const removed = {
    mails,
    analytics,
    payloads,
    webhookPayloads: outgoing.payloads,
    webhookExcerpts: outgoing.excerpts,
    webhookDeliveries: outgoing.deliveries,
    webhookEvents: outgoing.events,
    replyAddresses,
    payLaterMessages,
    idempotencyKeys,
    images,
    erasedBusinesses,
  };
  if (Object.values(removed).some((count) => count > 0)) {
    log?.info(removed, 'retention removed old data');
  }
  return removed;
}

/** Runs the retention job every hour (and once at start) until the returned function is called. */
export function startRetention(
  database: Database,
  clock: Clock,
  settings: RetentionSettings,
  log: RetentionLogger,
  jobRuns: JobRuns,
) {
  const run = () => {
    jobRuns
      .observe('retention', () => runRetention(database, clock, settings, log))
      .catch((error: unknown) =>
        log.warn({ err: error }, 'retention job failed; it runs again in an hour'),
      );
  };
  const first = setTimeout(run, 30_000);
  first.unref();
  const timer = setInterval(run, RETENTION_INTERVAL_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
