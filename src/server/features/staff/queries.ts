import {
  and,
  asc,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { InvitationDeliveryState } from '../../../shared/domain/invitation-delivery';
import type { Role } from '../../../shared/domain/roles';
import type { StaffLanguage } from '../../../shared/domain/staff-language';
import type { Executor } from '../../db/connect';
import {
  authTokens,
  businesses,
  profiles,
  staffInvitationNotices,
  teamMembers,
  teams,
  users,
  userTwoFactor,
} from '../../db/schema';
import { invitationDeliveries } from '../mail/queries';

/** The queries of /admin/users: the people of a business, their invitations and notices. */

export interface StaffUserRow {
  id: string;
  businessId: string | null;
  fullName: string | null;
  email: string;
  role: Role;
  disabledAt: Date | null;
  lastLoginAt: Date | null;
  emailVerifiedAt: Date | null;
  teams: string[];
  invitationExpiresAt: Date | null;
  /** Where the invitation's newest e-mail stands (decision 0500); null without one. */
  invitationDelivery: InvitationDeliveryState | null;
  /** Two-factor sign-in is on (the reset is offered then, decision 0319). */
  twoFactorEnabled: boolean;
}

export type InvitationNotice = typeof staffInvitationNotices.$inferSelect;
export type NewInvitationNotice = typeof staffInvitationNotices.$inferInsert;
export type NewAuthTokenRow = typeof authTokens.$inferInsert;
export type NewProfileRow = typeof profiles.$inferInsert;

/**
 * Active business owners of a business. Inside a transaction it locks those owner rows (unless
 * `lock: false`), so two concurrent demotions cannot both see "two owners" and leave none.
 */
export async function countActiveOwners(
  executor: Executor,
  businessId: string | null,
  { lock = true }: { lock?: boolean } = {},
) {
  if (!businessId) return 0;
  const query = executor
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(profiles.businessId, businessId),
        eq(profiles.role, 'business_owner'),
        isNull(users.disabledAt),
      ),
    );
  const rows = lock ? await query.for('update', { of: profiles }) : await query;
  return rows.length;
}

/**
 * The rows of the staff list, or (`id`) the one row of a person just acted on, with teams,
 * status, last sign-in, invitation expiry and delivery (`search` matches name or e-mail). A
 * platform admin whose profile sits in the business is no colleague there: never in the list,
 * so never offered for its teams either (decision 0481). The answer to the action that made
 * someone an admin still names them, by `id`.
 */
export async function findStaffUserRows(
  db: Executor,
  businessId: string,
  { search, id }: { search?: string | undefined; id?: string } = {},
): Promise<StaffUserRow[]> {
  const notices = staffInvitationNotices;
  const people = [
    eq(profiles.businessId, businessId),
    id ? eq(profiles.id, id) : ne(profiles.role, 'admin'),
  ];
  const pending = [eq(notices.businessId, businessId)];
  if (id) pending.push(eq(notices.id, id));
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    people.push(or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern))!);
    pending.push(ilike(notices.email, pattern));
  }
  // The people of the business and its invitation notices (decision 0343), in one order.
  const rows = await db
    .select({
      id: profiles.id,
      businessId: profiles.businessId,
      fullName: profiles.fullName,
      email: profiles.email,
      role: profiles.role,
      disabledAt: users.disabledAt,
      lastLoginAt: users.lastLoginAt,
      emailVerifiedAt: users.emailVerifiedAt,
      sortKey: sql<string>`lower(coalesce(${profiles.fullName}, ${profiles.email}))`.as('sort_key'),
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(...people))
    .unionAll(
      db
        .select({
          id: notices.id,
          businessId: notices.businessId,
          fullName: sql<string | null>`null`,
          email: notices.email,
          role: notices.role,
          disabledAt: notices.withdrawnAt,
          lastLoginAt: sql<Date | null>`null`,
          emailVerifiedAt: sql<Date | null>`null`,
          sortKey: sql<string>`lower(${notices.email})`.as('sort_key'),
        })
        .from(notices)
        .where(and(...pending)),
    )
    .orderBy(asc(sql`sort_key`), asc(sql`id`));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const memberships = await db
    .select({ profileId: teamMembers.profileId, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(inArray(teamMembers.profileId, ids), isNull(teamMembers.leftAt)))
    .orderBy(asc(teams.name));
  const invitations = await db
    .select({ userId: authTokens.userId, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(
      and(
        inArray(authTokens.userId, ids),
        eq(authTokens.purpose, 'invitation'),
        isNull(authTokens.usedAt),
      ),
    )
    .orderBy(desc(authTokens.expiresAt));
  const noticeExpiries = await db
    .select({ id: notices.id, expiresAt: notices.expiresAt })
    .from(notices)
    .where(inArray(notices.id, ids));
  const withTwoFactor = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(inArray(userTwoFactor.userId, ids), isNotNull(userTwoFactor.enabledAt)));
  const twoFactorIds = new Set(withTwoFactor.map((row) => row.userId));
  const deliveries = await invitationDeliveries(db, ids);
  return rows.map(({ sortKey: _sortKey, ...row }) => ({
    ...row,
    teams: memberships.filter((m) => m.profileId === row.id).map((m) => m.name),
    invitationExpiresAt:
      invitations.find((i) => i.userId === row.id)?.expiresAt ??
      noticeExpiries.find((n) => n.id === row.id)?.expiresAt ??
      null,
    invitationDelivery: deliveries.get(row.id) ?? null,
    twoFactorEnabled: twoFactorIds.has(row.id),
  }));
}

/** A person of the business with their account's state; locked for the transaction when asked. */
export async function findPerson(db: Executor, businessId: string, id: string, lock = false) {
  const query = db
    .select({
      id: profiles.id,
      role: profiles.role,
      businessId: profiles.businessId,
      email: profiles.email,
      fullName: profiles.fullName,
      disabledAt: users.disabledAt,
      emailVerifiedAt: users.emailVerifiedAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.id, id), eq(profiles.businessId, businessId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type StaffPerson = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** A pending invitation notice of the business (decision 0343), by id or by address. */
export async function findNotice(
  executor: Executor,
  where: { businessId: string } & ({ id: string } | { email: string }),
  lock = false,
): Promise<InvitationNotice | undefined> {
  const notices = staffInvitationNotices;
  const query = executor
    .select()
    .from(notices)
    .where(
      and(
        eq(notices.businessId, where.businessId),
        'id' in where ? eq(notices.id, where.id) : eq(notices.email, where.email),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findBusinessName(
  db: Executor,
  businessId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.name;
}

/** Deletes the person's unused invitation links (a new one replaces them). */
export async function deleteOpenInvitationTokens(db: Executor, userId: string): Promise<void> {
  await db
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'invitation'),
        isNull(authTokens.usedAt),
      ),
    );
}

export async function insertAuthToken(db: Executor, values: NewAuthTokenRow): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** The invitee's staff language and role (undefined without a profile). */
export async function findInviteeProfile(db: Executor, id: string) {
  const [row] = await db
    .select({ staffLanguage: profiles.staffLanguage, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row;
}

/** A new user without password (`id` given: that id); undefined when the address is taken. */
export async function insertUserUnlessTaken(
  db: Executor,
  values: { id?: string; email: string; createdAt: Date; updatedAt: Date },
): Promise<string | undefined> {
  const [user] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return user?.id;
}

export async function insertProfile(db: Executor, values: NewProfileRow): Promise<void> {
  await db.insert(profiles).values(values);
}

/** The staff language of the account behind an address (undefined without a profile). */
export async function findAccountLanguage(
  db: Executor,
  email: string,
): Promise<StaffLanguage | undefined> {
  const [account] = await db
    .select({ language: profiles.staffLanguage })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email));
  return account?.language;
}

/** The account behind an address: its business and staff language (null without a profile). */
export async function findAccountBusiness(db: Executor, email: string) {
  const [account] = await db
    .select({ businessId: profiles.businessId, language: profiles.staffLanguage })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email));
  return account;
}

/** A new invitation notice; undefined when the business has one for the address already. */
export async function insertNoticeUnlessExists(
  db: Executor,
  values: NewInvitationNotice,
): Promise<string | undefined> {
  const [notice] = await db
    .insert(staffInvitationNotices)
    .values(values)
    .onConflictDoNothing({
      target: [staffInvitationNotices.businessId, staffInvitationNotices.email],
    })
    .returning({ id: staffInvitationNotices.id });
  return notice?.id;
}

export async function deleteNotice(db: Executor, id: string): Promise<void> {
  await db.delete(staffInvitationNotices).where(eq(staffInvitationNotices.id, id));
}

export async function updateNotice(
  db: Executor,
  id: string,
  changes: Partial<Pick<InvitationNotice, 'role' | 'expiresAt' | 'withdrawnAt' | 'updatedAt'>>,
): Promise<void> {
  await db.update(staffInvitationNotices).set(changes).where(eq(staffInvitationNotices.id, id));
}

export async function updateProfileRole(
  db: Executor,
  id: string,
  role: Role,
  now: Date,
): Promise<void> {
  await db.update(profiles).set({ role, updatedAt: now }).where(eq(profiles.id, id));
}

/** Disables the account (`disabledAt`) or lets it sign in again (null). */
export async function setUserDisabledAt(
  db: Executor,
  id: string,
  disabledAt: Date | null,
  now: Date,
): Promise<void> {
  await db.update(users).set({ disabledAt, updatedAt: now }).where(eq(users.id, id));
}

/** Marks every unused, unexpired link of the person as used. */
export async function useOpenLinks(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(eq(authTokens.userId, userId), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)),
    );
}

/** The invited person behind an invitation mail, unless deactivated, with their account state. */
export async function findActiveInvitee(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      businessId: profiles.businessId,
      emailVerifiedAt: users.emailVerifiedAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.id, id), isNull(users.disabledAt)));
  return row;
}

/** Whether a notice with this id exists and is not withdrawn. */
export async function isNoticeOpen(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffInvitationNotices.id })
    .from(staffInvitationNotices)
    .where(and(eq(staffInvitationNotices.id, id), isNull(staffInvitationNotices.withdrawnAt)));
  return row !== undefined;
}
