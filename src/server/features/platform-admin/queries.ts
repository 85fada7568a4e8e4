import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { profiles, users } from '../../db/schema';

/** The account behind an address with its profile's role (null without a profile). */
export async function findAccountByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, role: profiles.role })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email));
  return row;
}

/** A new user without password; undefined when the address has an account already. */
export async function insertUserUnlessTaken(
  db: Executor,
  input: { email: string; now: Date },
): Promise<string | undefined> {
  const [user] = await db
    .insert(users)
    .values({ email: input.email, createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return user?.id;
}

/** The platform admin's profile: role admin, no business. */
export async function insertAdminProfile(
  db: Executor,
  input: { id: string; email: string; fullName: string | null; now: Date },
): Promise<void> {
  await db.insert(profiles).values({
    id: input.id,
    email: input.email,
    role: 'admin',
    fullName: input.fullName,
    businessId: null,
    createdAt: input.now,
    updatedAt: input.now,
  });
}
