import { and, eq, gt, sql } from 'drizzle-orm';
import { MEDIA_UNUSED_PER_PERSON, MEDIA_ERRORS } from '../../../shared/api/media';
import type { Database, Executor } from '../../db/connect';
import { media } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';

/** How long an uploaded image may wait to be used (saved as a picture or logo). */
export const UNUSED_MEDIA_TTL_MS = 24 * 60 * 60_000;

/**
 * An image is in use while a profile, a business or its branding points at it. The URL is the one
 * `mediaUrl` makes; it is compared as text, since those columns keep URLs.
 */
const IN_USE = sql`(
  EXISTS (SELECT 1 FROM profiles p WHERE p.profile_image_url = '/api/media/' || ${media.id}::text)
  OR EXISTS (SELECT 1 FROM branding b WHERE b.logo_url = '/api/media/' || ${media.id}::text)
  OR EXISTS (SELECT 1 FROM businesses s WHERE s.logo_url = '/api/media/' || ${media.id}::text)
)`;

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
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(media)
    .where(and(eq(media.ownerUserId, ownerUserId), gt(media.createdAt, since), sql`NOT ${IN_USE}`));
  if ((row?.n ?? 0) >= MEDIA_UNUSED_PER_PERSON) throw new AppError(MEDIA_ERRORS.upload_quota);
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
    const rows = await database.query<{ id: string }>(
      `DELETE FROM media WHERE id IN (
         SELECT m.id FROM media m
          WHERE m.created_at < $1
            AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.profile_image_url = '/api/media/' || m.id::text)
            AND NOT EXISTS (SELECT 1 FROM branding b WHERE b.logo_url = '/api/media/' || m.id::text)
            AND NOT EXISTS (SELECT 1 FROM businesses s WHERE s.logo_url = '/api/media/' || m.id::text)
          LIMIT $2)
       RETURNING id`,
      [cutoff.toISOString(), batch],
    );
    removed += rows.length;
    if (rows.length < batch) return removed;
  }
}
