import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/connect';
import { media } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;
export type MediaInsert = typeof media.$inferInsert;

/**
 * An image is in use while a profile, a business or its branding points at it. The URL is the one
 * `mediaUrl` makes; it is compared as text, since those columns keep URLs.
 */
const IN_USE = sql`(
  EXISTS (SELECT 1 FROM profiles p WHERE p.profile_image_url = '/api/media/' || ${media.id}::text)
  OR EXISTS (SELECT 1 FROM branding b WHERE b.logo_url = '/api/media/' || ${media.id}::text)
  OR EXISTS (SELECT 1 FROM businesses s WHERE s.logo_url = '/api/media/' || ${media.id}::text)
)`;

/** How many images the person uploaded since a moment that nothing uses. */
export async function countUnusedUploadsSince(
  executor: Executor,
  ownerUserId: string,
  since: Date,
): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(media)
    .where(and(eq(media.ownerUserId, ownerUserId), gt(media.createdAt, since), sql`NOT ${IN_USE}`));
  return row?.n ?? 0;
}

/** Deletes at most `batch` images made before the cutoff that nothing uses; answers how many. */
export async function deleteUnusedMediaBefore(
  database: Database,
  cutoff: Date,
  batch: number,
): Promise<number> {
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
  return rows.length;
}

export async function insertMedia(executor: Executor, values: MediaInsert): Promise<MediaRow> {
  const [row] = await executor.insert(media).values(values).returning();
  return row!;
}

export async function findMedia(executor: Executor, id: string): Promise<MediaRow | undefined> {
  const [row] = await executor.select().from(media).where(eq(media.id, id));
  return row;
}

/** The business an image was uploaded for, or undefined (no such image). */
export async function findMediaBusiness(
  executor: Executor,
  id: string,
): Promise<{ businessId: string | null } | undefined> {
  const [row] = await executor
    .select({ businessId: media.businessId })
    .from(media)
    .where(eq(media.id, id));
  return row;
}
