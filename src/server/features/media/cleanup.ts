import { MEDIA_UNUSED_PER_PERSON, MEDIA_ERRORS } from '../../../shared/api/media';
import type { Database, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { countUnusedUploadsSince, deleteUnusedMediaBefore } from './queries';

/** How long an uploaded image may wait to be used (saved as a picture or logo). */
export const UNUSED_MEDIA_TTL_MS = 24 * 60 * 60_000;

/**
 * The upload quota: a person may have at most MEDIA_UNUSED_PER_PERSON images
 * uploaded within a day and not used yet; the next upload is refused until one is used or the
 * cleanup removes them.
 */
export async function assertUploadQuota(
  executor: Executor,
  ownerUserId: string,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - UNUSED_MEDIA_TTL_MS);
  const unused = await countUnusedUploadsSince(executor, ownerUserId, since);
  if (unused >= MEDIA_UNUSED_PER_PERSON) throw new AppError(MEDIA_ERRORS.upload_quota);
}

/** Deletes images nobody used within a day of their upload (run by the retention job). */
export async function removeUnusedMedia(
  database: Database,
  clock: Clock,
  batch = 500,
): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - UNUSED_MEDIA_TTL_MS);
  let removed = 0;
  for (;;) {
    const deleted = await deleteUnusedMediaBefore(database, cutoff, batch);
    removed += deleted;
    if (deleted < batch) return removed;
  }
}
