import { and, asc, eq, or } from 'drizzle-orm';
import type { Role } from '../../../shared/domain/roles';
import type { Executor } from '../../db/connect';
import { media, profiles, users } from '../../db/schema';

export type ProfileRow = typeof profiles.$inferSelect;
export type NewProfileRow = typeof profiles.$inferInsert;
/** The columns a profile update may change. */
export type ProfileChanges = Partial<
  Pick<
    ProfileRow,
    | 'fullName'
    | 'jobTitle'
    | 'thankYouMessage'
    | 'profileImageUrl'
    | 'role'
    | 'staffLanguage'
    | 'updatedAt'
  >
>;

export async function findProfile(db: Executor, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

export async function insertProfile(db: Executor, values: NewProfileRow): Promise<ProfileRow> {
  const [row] = await db.insert(profiles).values(values).returning();
  return row!;
}

export async function updateProfileRow(
  db: Executor,
  id: string,
  changes: ProfileChanges,
): Promise<ProfileRow> {
  const [row] = await db.update(profiles).set(changes).where(eq(profiles.id, id)).returning();
  return row!;
}

/** The account's password hash (null without one), its row locked for this transaction. */
export async function lockAccountPassword(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Whether the image was uploaded by one of `owners`. */
export async function isMediaOwnedBy(
  db: Executor,
  mediaId: string,
  owners: string[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, mediaId), or(...owners.map((owner) => eq(media.ownerUserId, owner)))));
  return row !== undefined;
}

export async function deleteOwnedMedia(
  db: Executor,
  mediaId: string,
  ownerId: string,
): Promise<void> {
  await db.delete(media).where(and(eq(media.id, mediaId), eq(media.ownerUserId, ownerId)));
}

/** The profiles of one business with one role, by name. */
export async function listProfilesByRole(db: Executor, businessId: string, role: Role) {
  return db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      jobTitle: profiles.jobTitle,
      role: profiles.role,
    })
    .from(profiles)
    .where(and(eq(profiles.role, role), eq(profiles.businessId, businessId)))
    .orderBy(asc(profiles.fullName), asc(profiles.email));
}
