import { eq } from 'drizzle-orm';
import { FIRST_ADMIN_LINK_TTL_MS } from '../../../shared/api/passwords';
import type { Database } from '../../db/connect';
import { profiles, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { issuePasswordLink, passwordLinkUrl } from '../passwords/service';
import { type AdminCreation, decideAdminCreation } from './policy';

export interface PlatformAdminContext {
  database: Database;
  clock: Clock;
  publicOrigin: string;
}

export type AdminCreationResult =
  | { outcome: 'created'; userId: string; link: string; expiresAt: Date }
  | Exclude<AdminCreation, { action: 'create' }>;

/**
 * Creates the platform admin for `npm run admin:create` in one transaction: the user (no
 * password), a profile with role admin and no business (none may exist yet), a single-use
 * set-password link valid 24 hours, and the platform_admin_create audit row. An existing address
 * changes nothing (see decideAdminCreation). The link is returned to be printed, never stored.
 */
export async function createPlatformAdmin(
  context: PlatformAdminContext,
  input: { email: string; fullName: string | null },
): Promise<AdminCreationResult> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: profiles.role })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.email, input.email));
    const decision = decideAdminCreation(existing);
    if (decision.action !== 'create') return decision;

    const [user] = await tx
      .insert(users)
      .values({ email: input.email, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    // Another run created it in the meantime: it is an admin now, and this run changes nothing.
    if (!user) return { action: 'already_admin' as const };
    await tx.insert(profiles).values({
      id: user.id,
      email: input.email,
      role: 'admin',
      fullName: input.fullName,
      businessId: null,
      createdAt: now,
      updatedAt: now,
    });
    const token = await issuePasswordLink(tx, {
      userId: user.id,
      email: input.email,
      now,
      ttlMs: FIRST_ADMIN_LINK_TTL_MS,
    });
    await writeAudit(tx, {
      // Nobody is signed in at the command line: the row names the new admin as its subject.
      actor: { profileId: user.id, businessId: null, hasProfile: true },
      action: 'platform_admin_create',
      targetType: 'user',
      targetId: user.id,
      payload: { method: 'cli', email: input.email, role: 'admin' },
      businessId: null,
      at: now,
    });
    return {
      outcome: 'created' as const,
      userId: user.id,
      link: passwordLinkUrl(context.publicOrigin, token),
      expiresAt: new Date(now.getTime() + FIRST_ADMIN_LINK_TTL_MS),
    };
  });
}
