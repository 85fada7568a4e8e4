import { desc, inArray } from 'drizzle-orm';
import type { Db } from './connect';
import { backupRuns } from './schema';

/** How many finished backups are remembered for the status view. */
export const BACKUP_RUNS_KEPT = 30;

/**
 * Remembers one finished backup, after its file is complete: the platform
 * admin's status view shows the newest. Older rows beyond the newest 30 are dropped.
 */
export async function recordBackupRun(
  db: Db,
  run: { finishedAt: Date; bytes: number; fileName: string; migration: string; rows: number },
): Promise<void> {
  await db.insert(backupRuns).values({
    finishedAt: run.finishedAt,
    bytes: run.bytes,
    fileName: run.fileName,
    migration: run.migration,
    rowCount: run.rows,
  });
  const old = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .orderBy(desc(backupRuns.finishedAt))
    .offset(BACKUP_RUNS_KEPT);
  if (old.length > 0) {
    await db.delete(backupRuns).where(
      inArray(
        backupRuns.id,
        old.map((row) => row.id),
      ),
    );
  }
}
