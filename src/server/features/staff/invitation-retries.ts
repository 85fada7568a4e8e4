import type { Config } from '../../config';
import type { Database, Executor } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type { JobRuns } from '../../lib/job-runs';
import { INVITATION_RETRY_DELAYS_MS, type Mailer } from '../mail/mailer';
import { claimAttempt, dueInvitationMails, endInvitationAttempts } from '../mail/queries';
import { businessName, deliverInvitation, issueInvitation } from './actions/issue-invitation';
import type { InvitationMailContext } from './context';
import { findActiveInvitee, isNoticeOpen } from './queries';

/** How often the retry job looks for invitation mails whose next attempt is due. */
export const INVITATION_RETRY_INTERVAL_MS = 30_000;
/** Mails one run takes on; the rest wait for the next run. */
const RETRY_BATCH = 50;

/** The invited person behind a mail, while the invitation is still open (never signed in). */
async function openInvitee(tx: Executor, id: string) {
  const row = await findActiveInvitee(tx, id);
  if (!row?.businessId || row.emailVerifiedAt || row.lastLoginAt) return null;
  return { id: row.id, email: row.email, businessId: row.businessId };
}

/**
 * The invitation-mail retry job (decision 0500): every invitation mail whose
 * next attempt is due is tried again. An invitation link cannot be sent twice — the outbox keeps
 * it redacted and the process only until delivery — so each retry makes a fresh link (the old one
 * stops working) in a new mail that continues the attempt count; a notice without a link is sent
 * again as it is. An invitation accepted or withdrawn meanwhile is left alone. Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so instances may run it side by side. Returns the mails tried.
 */
export async function retryInvitationMails(context: InvitationMailContext): Promise<number> {
  const now = context.clock.now();
  const toDeliver = await context.database.db.transaction(async (tx) => {
    const due = await dueInvitationMails(tx, now, RETRY_BATCH);
    const mailIds: string[] = [];
    for (const mail of due) {
      const invitationId = mail.invitationId!;
      if (!mail.redacted) {
        if (await isNoticeOpen(tx, invitationId)) {
          // Another instance waits at least the first backoff before it could take it up too.
          await claimAttempt(tx, mail.id, new Date(now.getTime() + INVITATION_RETRY_DELAYS_MS[0]!));
          mailIds.push(mail.id);
        } else {
          await endInvitationAttempts(tx, invitationId);
        }
        continue;
      }
      const invitee = await openInvitee(tx, invitationId);
      if (!invitee) {
        await endInvitationAttempts(tx, invitationId);
        continue;
      }
      const name = await businessName(tx, invitee.businessId);
      mailIds.push(await issueInvitation(tx, context, invitee, name, now, null, mail.attempts));
    }
    return mailIds;
  });
  for (const mailId of toDeliver) await deliverInvitation(context, mailId);
  return toDeliver.length;
}

/**
 * One run of the job as the server's timer starts it: reported to `jobRuns` (metrics, status
 * view) as 'invitation-mail-retries'. Tests call it after moving their clock on.
 */
export function runInvitationRetryJob(
  deps: {
    database: Database;
    clock: Clock;
    mailer: Mailer;
    config: Pick<Config, 'publicOrigin'>;
    jobRuns: JobRuns;
  },
  log: InvitationMailContext['log'],
): Promise<number> {
  return deps.jobRuns.observe('invitation-mail-retries', () =>
    retryInvitationMails({
      database: deps.database,
      clock: deps.clock,
      mailer: deps.mailer,
      publicOrigin: deps.config.publicOrigin,
      log,
    }),
  );
}
