import { graceEndOf, PRO_GRACE_DAYS } from '../../../shared/domain/plans';
import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../../shared/domain/staff-language';
import { PLAN_MAIL_TEXTS, planMailDate } from '../../../shared/i18n/plan-mail';
import type { Database, Executor } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { escapeHtml } from '../../lib/html';
import type { Mailer, MailMessage } from '../mail/mailer';
import {
  activePlanOwners,
  businessNameOf,
  claimDunningMail,
  type DunningCutoffs,
  type DunningMailKind,
  dueDunningMails,
} from './queries';

/** Days after a dunning run's first failure that the owners are reminded (decision 0610). */
export const DUNNING_REMINDER_DAYS = 7;
/** Businesses one job run mails per kind; the rest wait for the next run. */
const DUNNING_BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The console's page where the owner checks the payment method or books Pro again. */
const TARIF_PATH = '/admin/tarif';

/** What queuing and sending the dunning mails needs. */
export interface DunningContext {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  /** The console's address, for the link to 'Tarif' (PUBLIC_ORIGIN). */
  publicOrigin: string;
  log: { warn(object: Record<string, unknown>, message: string): void };
}

/** The dunning run's mails: at its first failure, a week later, and when Pro has ended. */
export type DunningMail = 'failed' | DunningMailKind;

/** One owner's dunning mail; `graceEnd` is when Pro ends (or ended) without a payment. */
export function dunningMail(
  owner: { email: string; staffLanguage: StaffLanguage | null },
  business: string,
  kind: DunningMail,
  graceEnd: Date,
  publicOrigin: string,
): MailMessage {
  const language = owner.staffLanguage ?? DEFAULT_STAFF_LANGUAGE;
  const texts = PLAN_MAIL_TEXTS[language];
  const tarif = `${publicOrigin}${TARIF_PATH}`;
  const date = planMailDate(graceEnd, language);
  const paragraphs =
    kind === 'ended'
      ? [texts.greeting, texts.ended.what(business), texts.ended.kept, texts.ended.action(tarif)]
      : [
          texts.greeting,
          texts[kind].what(business),
          texts[kind].grace(date),
          texts[kind].action(tarif),
        ];
  const link = `<a href="${escapeHtml(tarif)}">${escapeHtml(tarif)}</a>`;
  return {
    to: owner.email,
    subject: texts[kind].subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs
      .map((paragraph) => `<p>${escapeHtml(paragraph).split(escapeHtml(tarif)).join(link)}</p>`)
      .join('\n'),
  };
}

/**
 * Queues the dunning mail of `kind` to each active owner of the business in the caller's
 * transaction (a rolled-back change mails nobody); returns the mails' ids for
 * `deliverDunningMails` after the commit.
 */
export async function queueDunningMails(
  tx: Executor,
  context: Pick<DunningContext, 'mailer' | 'publicOrigin'>,
  businessId: string,
  kind: DunningMail,
  pastDueSince: Date,
): Promise<string[]> {
  const business = (await businessNameOf(tx, businessId)) ?? '';
  const owners = await activePlanOwners(tx, businessId);
  const ids: string[] = [];
  for (const owner of owners) {
    const mail = dunningMail(owner, business, kind, graceEndOf(pastDueSince), context.publicOrigin);
    ids.push(await context.mailer.enqueue(tx, mail));
  }
  return ids;
}

/** Sends queued dunning mails; a failed one stays in the outbox with its error. */
export async function deliverDunningMails(
  context: Pick<DunningContext, 'mailer' | 'log'>,
  mailIds: readonly string[],
): Promise<void> {
  for (const mailId of mailIds) {
    try {
      await context.mailer.deliver(mailId);
    } catch (error) {
      context.log.warn({ err: error, mailId }, 'dunning mail not sent');
    }
  }
}

/** The moments that make a run's reminder and downgrade mail due at `now`. */
export function dunningCutoffs(now: Date): DunningCutoffs {
  return {
    reminderBefore: new Date(now.getTime() - DUNNING_REMINDER_DAYS * DAY_MS),
    graceBefore: new Date(now.getTime() - PRO_GRACE_DAYS * DAY_MS),
  };
}

/**
 * The dunning job (decision 0610, amendment: dunning mails): the reminder a week after a run's
 * first failed charge while it is still unpaid and Pro still runs, and the downgrade mail once
 * its grace period is over. Each business's mail is claimed by a guarded UPDATE in the
 * transaction that queues it, so any number of instances send it once; the mails go out after
 * the commit. Returns the businesses mailed per kind.
 */
export async function runDunningMails(
  context: DunningContext,
): Promise<Record<DunningMailKind, number>> {
  const now = context.clock.now();
  const cutoffs = dunningCutoffs(now);
  const mailed: Record<DunningMailKind, number> = { reminder: 0, ended: 0 };
  for (const kind of ['reminder', 'ended'] as const) {
    const due = await dueDunningMails(context.database.db, kind, now, cutoffs, DUNNING_BATCH);
    for (const businessId of due) {
      const mailIds = await context.database.db.transaction(async (tx) => {
        const claimed = await claimDunningMail(tx, businessId, kind, now, cutoffs);
        if (!claimed) return null;
        return queueDunningMails(tx, context, businessId, kind, claimed.pastDueSince);
      });
      if (mailIds === null) continue;
      mailed[kind] += 1;
      await deliverDunningMails(context, mailIds);
    }
  }
  return mailed;
}
