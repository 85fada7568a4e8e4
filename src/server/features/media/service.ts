import { createHash } from 'node:crypto';
import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { assertUploadQuota } from './cleanup';
import { processProfileImage } from './image';
import { findMedia, insertMedia, type MediaRow } from './queries';

export type { MediaRow };

export function mediaUrl(id: string): string {
  return `/api/media/${id}`;
}

/** Validates, re-encodes and stores an uploaded profile picture for the actor. */
export async function storeProfileImage(
  deps: { database: Database; clock: Clock },
  options: { actor: Actor; upload: Buffer },
): Promise<MediaRow> {
  await assertUploadQuota(deps.database.db, options.actor.userId, deps.clock.now());
  const image = await processProfileImage(options.upload);
  return insertMedia(deps.database.db, {
    ownerUserId: options.actor.userId,
    businessId: options.actor.businessId,
    contentType: image.contentType,
    byteSize: image.data.length,
    width: image.width,
    height: image.height,
    sha256: createHash('sha256').update(image.data).digest('hex'),
    data: image.data,
    createdAt: deps.clock.now(),
  });
}

export async function loadMedia(database: Database, id: string): Promise<MediaRow | undefined> {
  return findMedia(database.db, id);
}
