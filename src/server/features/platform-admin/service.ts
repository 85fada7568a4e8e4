import { FIRST_ADMIN_LINK_TTL_MS } from '../../../shared/api/passwords';
import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { issuePasswordLink, passwordLinkUrl } from '../passwords/service';
import { type AdminCreation, decideAdminCreation } from './policy';
import { findAccountByEmail, insertAdminProfile, insertUserUnlessTaken } from './queries';

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
    const decision = decideAdminCreation(await findAccountByEmail(tx, input.email));
    if (decision.action !== 'create') return decision;

    const userId = await insertUserUnlessTaken(tx, { email: input.email, now });
    // Another run created it in the meantime: it is an admin now, and this run changes nothing.
    if (!userId) return { action: 'already_admin' as const };
    await insertAdminProfile(tx, { id: userId, email: input.email, fullName: input.fullName, now });
    const token = await issuePasswordLink(tx, {
      userId,
      email: input.email,
      now,
      ttlMs: FIRST_ADMIN_LINK_TTL_MS,
    });
    await writeAudit(tx, {
      // Nobody is signed in at the command line: the row names the new admin as its subject.
      actor: { profileId: userId, businessId: null, hasProfile: true },
      action: 'platform_admin_create',
      targetType: 'user',
      targetId: userId,
      payload: { method: 'cli', email: input.email, role: 'admin' },
      businessId: null,
      at: now,
    });
    return {
      outcome: 'created' as const,
      userId,
      link: passwordLinkUrl(context.publicOrigin, token),
      expiresAt: new Date(now.getTime() + FIRST_ADMIN_LINK_TTL_MS),
    };
  });
}
