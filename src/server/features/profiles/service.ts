import { mediaIdFromUrl, PROFILE_ERRORS, type ProfileUpdate } from '../../../shared/api/profiles';
import { auditPersonName, type ProfileField } from '../../../shared/domain/audit-events';
import { ERRORS } from '../../../shared/domain/errors';
import type { Role } from '../../../shared/domain/roles';
import type { StaffLanguage } from '../../../shared/domain/staff-language';
import type { Database, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit, type AuditEntry } from '../audit/write';
import type { Actor } from '../auth/actor';
import { countActiveOwners } from '../staff/queries';
import {
  assertOwnNewPasswordAllowed,
  hashChosenPassword,
  storeChosenPassword,
} from '../passwords/service';
import { mayChoosePasswordInOnboarding } from '../passwords/policy';
import { PASSWORD_ERRORS } from '../../../shared/api/passwords';
import { canAssignRole, canUpdateProfile, canViewProfile } from './policy';
import {
  deleteOwnedMedia,
  findProfile,
  insertProfile,
  isMediaOwnedBy,
  listProfilesByRole,
  lockAccountPassword,
  type ProfileRow,
  updateProfileRow,
} from './queries';

export type { ProfileRow } from './queries';

export interface ProfileDeps {
  database: Database;
  clock: Clock;
}

/** The signed-in person's own profile; profile_not_found means "onboarding needed". */
export async function getOwnProfile(deps: ProfileDeps, actor: Actor): Promise<ProfileRow> {
  const row = await findProfile(deps.database.db, actor.profileId);
  if (!row) throw new AppError(PROFILE_ERRORS.profile_not_found);
  return row;
}

export async function getProfile(deps: ProfileDeps, actor: Actor, id: string): Promise<ProfileRow> {
  const row = await findProfile(deps.database.db, id);
  // A profile the actor may not see does not exist for them.
  if (!row || !canViewProfile(actor, row)) throw new AppError(PROFILE_ERRORS.profile_not_found);
  return row;
}

/**
 * Changes a profile (own or, for admins and owners, someone else's) in one transaction. The own
 * profile is created on first save when it does not exist yet (onboarding). A change to someone
 * else's profile is audit-logged as user_update.
 */
export async function updateProfile(
  deps: ProfileDeps,
  options: {
    actor: Actor;
    targetId: string;
    changes: ProfileUpdate;
    /**
     * Onboarding's optional first password (own profile only): checked by the password rules,
     * stored in the same transaction, refused when the account has a password already.
     */
    password?: string | undefined;
    /** The own staff language (decision 0383); never set on someone else's profile. */
    staffLanguage?: StaffLanguage | undefined;
    request?: AuditEntry['request'];
  },
): Promise<ProfileRow> {
  const { actor, targetId, changes } = options;
  const ownProfile = targetId === actor.userId;
  const firstPassword = options.password !== undefined && ownProfile ? options.password : undefined;
  const staffLanguage = ownProfile ? options.staffLanguage : undefined;
  if (firstPassword !== undefined) {
    await assertOwnNewPasswordAllowed(deps.database.db, actor.userId, firstPassword);
  }
  // Hashing takes a tenth of a second: done before the transaction, not while it holds locks.
  const passwordHash =
    firstPassword !== undefined ? await hashChosenPassword(firstPassword) : undefined;
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    let current = await findProfile(tx, targetId);
    if (!current && targetId === actor.userId) {
      current = await createOwnProfile(tx, actor, now);
    }
    if (!current || !canViewProfile(actor, current)) {
      throw new AppError(PROFILE_ERRORS.profile_not_found);
    }
    if (!canUpdateProfile(actor, current)) throw new AppError(ERRORS.forbidden);
    if (changes.role !== undefined && changes.role !== current.role) {
      const activeOwners = await countActiveOwners(tx, current.businessId);
      if (!canAssignRole(actor, current, changes.role as Role, { activeOwners })) {
        throw new AppError(PROFILE_ERRORS.profile_role_change_forbidden);
      }
    }
    if (changes.profileImageUrl) {
      await assertImageBelongs(tx, changes.profileImageUrl, [current.id, actor.userId]);
    }

    const updated = await updateProfileRow(tx, current.id, {
      ...(changes.fullName !== undefined ? { fullName: changes.fullName } : {}),
      ...(changes.jobTitle !== undefined ? { jobTitle: changes.jobTitle } : {}),
      ...(changes.thankYouMessage !== undefined
        ? { thankYouMessage: changes.thankYouMessage }
        : {}),
      ...(changes.profileImageUrl !== undefined
        ? { profileImageUrl: changes.profileImageUrl }
        : {}),
      ...(changes.role !== undefined ? { role: changes.role as Role } : {}),
      ...(staffLanguage !== undefined ? { staffLanguage } : {}),
      updatedAt: now,
    });

    await removeReplacedImage(tx, current, updated);
    if (passwordHash !== undefined) {
      await storeFirstPassword(tx, {
        actor,
        profile: updated,
        passwordHash,
        now,
        request: options.request,
      });
    }
    if (actor.userId !== current.id) {
      await writeAudit(tx, {
        actor,
        action: 'user_update',
        targetType: 'profile',
        targetId: current.id,
        payload: {
          personName: auditPersonName(updated),
          fields: profileFields(changes),
          ...(changes.role !== undefined && changes.role !== current.role
            ? { role: { from: current.role, to: changes.role as Role } }
            : {}),
        },
        ...(options.request ? { request: options.request } : {}),
        at: now,
      });
    }
    return updated;
  });
}

/** Onboarding's password: only for an account without one (else 'Passwort ändern' applies). */
async function storeFirstPassword(
  tx: Executor,
  options: {
    actor: Actor;
    profile: ProfileRow;
    passwordHash: string;
    now: Date;
    request?: AuditEntry['request'] | undefined;
  },
): Promise<void> {
  const account = await lockAccountPassword(tx, options.actor.userId);
  if (!account || !mayChoosePasswordInOnboarding(account)) {
    throw new AppError(PASSWORD_ERRORS.password_already_set, {
      details: [{ path: 'body.password', message: PASSWORD_ERRORS.password_already_set.message }],
    });
  }
  await storeChosenPassword(tx, {
    account: {
      id: options.profile.id,
      role: options.profile.role,
      businessId: options.profile.businessId,
      profileId: options.profile.id,
    },
    passwordHash: options.passwordHash,
    now: options.now,
    method: 'onboarding',
    keepSessionId: options.actor.sessionId,
    ...(options.request ? { request: options.request } : {}),
  });
}

async function createOwnProfile(tx: Executor, actor: Actor, now: Date): Promise<ProfileRow> {
  return insertProfile(tx, {
    id: actor.userId,
    email: actor.email,
    role: 'employee',
    businessId: actor.businessId,
    createdAt: now,
    updatedAt: now,
  });
}

/** A picture URL must point at an image uploaded by the profile's owner or by the editor. */
async function assertImageBelongs(tx: Executor, url: string, owners: string[]): Promise<void> {
  const id = mediaIdFromUrl(url);
  if (!id || !(await isMediaOwnedBy(tx, id, owners)))
    throw new AppError(PROFILE_ERRORS.profile_image_not_found);
}

/** A replaced profile picture is no longer shown anywhere; keeping it would only cost space. */
async function removeReplacedImage(tx: Executor, before: ProfileRow, after: ProfileRow) {
  if (!before.profileImageUrl || before.profileImageUrl === after.profileImageUrl) return;
  const oldId = mediaIdFromUrl(before.profileImageUrl);
  if (oldId) {
    await deleteOwnedMedia(tx, oldId, before.id);
  }
}

/** The staff of one business (the caller resolved the business scope), by name. */
export async function listStaff(deps: ProfileDeps, businessId: string, role: Role) {
  return listProfilesByRole(deps.database.db, businessId, role);
}

/** The fields a profile update names (every one a field the audit log has words for). */
function profileFields(changes: ProfileUpdate): ProfileField[] {
  return (Object.keys(changes) as (keyof ProfileUpdate)[]).sort();
}
