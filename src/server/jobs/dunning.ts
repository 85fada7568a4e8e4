import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { runDunningMails } from '../features/plans/dunning';

/**
 * How often the dunning job looks for reminders and downgrade mails that are due (decision 0610,
 * amendment: dunning mails); a mail goes out at most this late.
 */
export const DUNNING_INTERVAL_MS = 60 * 60_000;

/**
 * One run of the dunning job: the reminder a week after a failed charge and the mail that Pro has
 * ended, each claimed per business with a guarded UPDATE, so instances may run it side by side.
 * Tests call it after moving their clock on.
 */
export async function runDunningJob(
  deps: Pick<AppDeps, 'database' | 'clock' | 'mailer' | 'config' | 'jobRuns'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
) {
  // Observed: the status view shows its runs and failures like every other job's.
  return deps.jobRuns.observe('dunning-mails', async () => {
    const mailed = await runDunningMails({
      database: deps.database,
      clock: deps.clock,
      mailer: deps.mailer,
      publicOrigin: deps.config.publicOrigin,
      log,
    });
    if (mailed.reminder + mailed.ended > 0) log.info(mailed, 'dunning mails queued');
    return mailed;
  });
}
