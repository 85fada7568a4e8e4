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
import { MAGIC_LINK_QUERY_PARAM } from '../../../shared/api/auth';
import { STAFF_ERRORS, type StaffInvite } from '../../../shared/api/staff';
import { auditPersonName } from '../../../shared/domain/audit-events';
import { INVITATION_TTL_MS } from '../../../shared/domain/constants';
import type { Role } from '../../../shared/domain/roles';
import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../../shared/domain/staff-language';
import { STAFF_MAIL_TEXTS } from '../../../shared/i18n/staff-mail';
import type { Database, Executor } from '../../db/connect';
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
import { AppError } from '../../http/errors';
import { type RateLimiter, withinLimits } from '../../http/rate-limit';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import type { Actor } from '../auth/actor';
import { endUserSessions } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';
import type { Mailer } from '../mail/mailer';
import { endInvitationAttempts, invitationDeliveries } from '../mail/queries';
import type { InvitationDeliveryState } from '../../../shared/domain/invitation-delivery';
import { ACCOUNT_EVENTS_CHANNEL } from '../realtime/hub';
import { invitationBudgets } from './limits';
import { existingAccountMail, invitationMail } from './mail';
import {
  decideDeactivation,
  decideInvite,
  decideManage,
  decideReactivation,
  decideRoleChange,
  type StaffDecision,
  type StaffTarget,
} from './policy';
import type { AuditedBusinessScope } from '../businesses/scope';

export interface StaffContext {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  publicOrigin: string;
  log: { warn(object: Record<string, unknown>, message: string): void };
  /** Counts invitation mails per business and per address (limits.ts). */
  rateLimiter: Pick<RateLimiter, 'consume' | 'release'>;
  /** Keys the per-address counts, so the limiter's table holds no address (SESSION_SECRET). */
  sessionSecret: string;
}

export type StaffScope = AuditedBusinessScope;

/** What writing and sending an invitation mail needs (the retry job has no rate limiter). */
export type InvitationMailContext = Pick<
  StaffContext,
  'database' | 'clock' | 'mailer' | 'publicOrigin' | 'log'
>;

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

/** A refused decision as the German error the browser shows. */
export function assertAllowed(decision: StaffDecision): void {
  if (decision.allowed) return;
  switch (decision.reason) {
    case 'self':
      throw new AppError(STAFF_ERRORS.staff_self);
    case 'admin_only':
      throw new AppError(STAFF_ERRORS.staff_admin_only);
    case 'other_owner':
      throw new AppError(STAFF_ERRORS.staff_other_owner);
    case 'last_owner':
      throw new AppError(STAFF_ERRORS.staff_last_owner);
    case 'other_business':
      // Another business's people do not exist for this actor.
      throw new AppError(STAFF_ERRORS.staff_user_not_found);
    default:
      throw new AppError(STAFF_ERRORS.staff_forbidden);
  }
}

/** The people of a business with the facts the rules need to say what may be done to them. */
export interface StaffListing {
  rows: StaffUserRow[];
  /** Active owners of the business (the last one is never demoted or deactivated). */
  activeOwners: number;
}

/** One person after a change, with the same facts. */
export interface StaffOne {
  row: StaffUserRow;
  activeOwners: number;
}

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
 * The business's staff with teams, status and last sign-in (`search` matches name or e-mail),
 * and its count of active owners.
 */
export async function listStaffUsers(
  context: StaffContext,
  scope: Pick<StaffScope, 'businessId'>,
  search?: string,
): Promise<StaffListing> {
  const [rows, activeOwners] = await Promise.all([
    staffRows(context, scope, { search }),
    countActiveOwners(context.database.db, scope.businessId, { lock: false }),
  ]);
  return { rows, activeOwners };
}

/**
 * The rows of the staff list, or (`id`) the one row of a person just acted on. A platform admin
 * whose profile sits in the business is no colleague there: never in the list, so never offered
 * for its teams either (decision 0481). The answer to the action that made
 * someone an admin still names them, by `id`.
 */
async function staffRows(
  context: StaffContext,
  scope: Pick<StaffScope, 'businessId'>,
  { search, id }: { search?: string | undefined; id?: string } = {},
): Promise<StaffUserRow[]> {
  const db = context.database.db;
  const notices = staffInvitationNotices;
  const people = [
    eq(profiles.businessId, scope.businessId),
    id ? eq(profiles.id, id) : ne(profiles.role, 'admin'),
  ];
  const pending = [eq(notices.businessId, scope.businessId)];
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

async function loadPerson(
  executor: Executor,
  scope: Pick<StaffScope, 'businessId'>,
  id: string,
  lock = false,
) {
  const query = executor
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
    .where(and(eq(profiles.id, id), eq(profiles.businessId, scope.businessId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type InvitationNotice = typeof staffInvitationNotices.$inferSelect;

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

type Target =
  | { kind: 'person'; person: NonNullable<Awaited<ReturnType<typeof loadPerson>>> }
  | { kind: 'notice'; notice: InvitationNotice };

/** The person of the business with this id, or its invitation notice (locked), else 404. */
async function loadTarget(
  executor: Executor,
  scope: Pick<StaffScope, 'businessId'>,
  id: string,
): Promise<Target> {
  const person = await loadPerson(executor, scope, id, true);
  if (person) return { kind: 'person', person };
  const notice = await findNotice(executor, { businessId: scope.businessId, id }, true);
  if (notice) return { kind: 'notice', notice };
  throw new AppError(STAFF_ERRORS.staff_user_not_found);
}

async function reload(context: StaffContext, scope: StaffScope, id: string): Promise<StaffOne> {
  const [rows, activeOwners] = await Promise.all([
    staffRows(context, scope, { id }),
    countActiveOwners(context.database.db, scope.businessId, { lock: false }),
  ]);
  const row = rows[0];
  if (!row) throw new AppError(STAFF_ERRORS.staff_user_not_found);
  return { row, activeOwners };
}

/**
/**
 * Writes a fresh invitation token (older unused ones stop working) and queues its e-mail; the
 * earlier mails of the invitation are no longer tried again (decision 0500). An owner's e-mail
 * names `invitedBy`, who invites or re-sends (decision 0512); the retry job knows no one and
 * names the platform. `priorAttempts`: the retry job's count so far, so the backoff goes on
 * where the replaced mail stopped.
 */
export async function issueInvitation(
  tx: Executor,
  context: InvitationMailContext,
  invitee: { id: string; email: string },
  businessName: string,
  now: Date,
  invitedBy: Pick<Actor, 'role' | 'fullName' | 'email'> | null,
  priorAttempts = 0,
): Promise<string> {
  await endInvitationAttempts(tx, invitee.id);
  await tx
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.userId, invitee.id),
        eq(authTokens.purpose, 'invitation'),
        isNull(authTokens.usedAt),
      ),
    );
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await tx.insert(authTokens).values({
    tokenHash: hashToken(token),
    purpose: 'invitation',
    userId: invitee.id,
    email: invitee.email,
    redirectTo: '/employee/onboarding',
    expiresAt,
    createdAt: now,
  });
  const link = `${context.publicOrigin}/employee/login?${MAGIC_LINK_QUERY_PARAM}=${token}`;
  // A new invitee's profile says German; someone invited again may have chosen English (0383).
  const [profile] = await tx
    .select({ staffLanguage: profiles.staffLanguage, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, invitee.id));
  const owner =
    profile?.role !== 'business_owner'
      ? undefined
      : invitedBy
        ? {
            name: invitedBy.fullName?.trim() || invitedBy.email,
            operator: invitedBy.role === 'admin',
          }
        : {
            name: STAFF_MAIL_TEXTS[profile.staffLanguage ?? DEFAULT_STAFF_LANGUAGE].ownerInvitation
              .platform,
            operator: false,
          };
  return context.mailer.enqueue(tx, {
    ...invitationMail(invitee.email, link, businessName, profile?.staffLanguage, owner),
    secrets: [token],
    invitationId: invitee.id,
    priorAttempts,
  });
}

/** Hands the e-mail to SMTP after the commit; a failure is kept in the outbox and logged. */
export async function deliverInvitation(
  context: InvitationMailContext,
  mailId: string,
): Promise<void> {
  try {
    await context.mailer.deliver(mailId);
  } catch (error) {
    context.log.warn({ err: error, mailId }, 'invitation e-mail not sent');
  }
}

export async function businessName(executor: Executor, businessId: string): Promise<string> {
  const [row] = await executor
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.name ?? 'Trinkgeld';
}

export interface InvitationInput {
  actor: StaffScope['actor'];
  request: StaffScope['request'];
  businessId: string;
  email: string;
  role: Role;
  now: Date;
  /**
   * An address that already has an account: 'refuse' (409, the operator console's first owner),
   * or 'notify' when the account is not of this business (decision 0343): a pending invitation
   * notice and an e-mail to that person, answered and logged exactly as a new invitation.
   */
  existingAccount?: 'refuse' | 'notify';
}

/**
 * The invitation inside the caller's transaction (the operator console creates a business and
 * invites its first owner in one): the policy's decision, a user without password, a profile
 * without name (so the first sign-in lands on onboarding), a 7-day single-use link queued as an
 * e-mail, and user_create. An address that already has an account is refused, or with
 * `existingAccount: 'notify'` gets a notice (see there). The caller hands the returned mail to
 * `deliverInvitation` after the commit.
 */
export async function inviteInTransaction(
  tx: Executor,
  context: StaffContext,
  input: InvitationInput,
): Promise<{ id: string; mailId: string }> {
  assertAllowed(decideInvite(input.actor, input.businessId, input.role));
  const { now } = input;
  const notify = input.existingAccount === 'notify';
  // A pending notice of this business stands for an invited person: inviting again is refused.
  if (notify && (await findNotice(tx, { businessId: input.businessId, email: input.email }))) {
    throw new AppError(STAFF_ERRORS.staff_email_taken);
  }
  const [user] = await tx
    .insert(users)
    .values({ email: input.email, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) {
    if (!notify) throw new AppError(STAFF_ERRORS.staff_email_taken);
    return noticeInTransaction(tx, context, input);
  }
  await tx.insert(profiles).values({
    id: user.id,
    email: input.email,
    role: input.role,
    businessId: input.businessId,
    createdAt: now,
    updatedAt: now,
  });
  const name = await businessName(tx, input.businessId);
  const mailId = await issueInvitation(
    tx,
    context,
    { id: user.id, email: input.email },
    name,
    now,
    input.actor,
  );
  await auditInvitation(tx, input, user.id);
  return { id: user.id, mailId };
}

/** user_create for an invitation; a notice writes the very same row (decision 0343). */
function auditInvitation(tx: Executor, input: InvitationInput, targetId: string) {
  return writeAudit(tx, {
    actor: input.actor,
    action: 'user_create',
    targetType: 'user',
    targetId,
    payload: { email: input.email, role: input.role, invitation: 'sent' },
    request: input.request,
    businessId: input.businessId,
    at: input.now,
  });
}

/** The staff language of the account behind an address; German for one without a profile. */
async function accountLanguage(tx: Executor, email: string): Promise<StaffLanguage> {
  const [account] = await tx
    .select({ language: profiles.staffLanguage })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email));
  return account?.language ?? DEFAULT_STAFF_LANGUAGE;
}

/**
 * The address has an account (decision 0343). Of this business: refused as before (the owner
 * sees their own staff anyway). Anywhere else (another business, the platform admin, no profile):
 * a pending notice of this business, which the list shows like an invited person, and an e-mail
 * telling the person, without a link or token. The account itself is not touched.
 */
async function noticeInTransaction(
  tx: Executor,
  context: StaffContext,
  input: InvitationInput,
): Promise<{ id: string; mailId: string }> {
  const [account] = await tx
    .select({ businessId: profiles.businessId, language: profiles.staffLanguage })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, input.email));
  if (!account || account.businessId === input.businessId) {
    throw new AppError(STAFF_ERRORS.staff_email_taken);
  }
  const [notice] = await tx
    .insert(staffInvitationNotices)
    .values({
      businessId: input.businessId,
      email: input.email,
      role: input.role,
      invitedBy: input.actor.userId,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS),
      updatedAt: input.now,
    })
    .onConflictDoNothing({
      target: [staffInvitationNotices.businessId, staffInvitationNotices.email],
    })
    .returning({ id: staffInvitationNotices.id });
  if (!notice) throw new AppError(STAFF_ERRORS.staff_email_taken);
  const name = await businessName(tx, input.businessId);
  const mailId = await context.mailer.enqueue(tx, {
    ...existingAccountMail(input.email, name, account.language ?? DEFAULT_STAFF_LANGUAGE),
    invitationId: notice.id,
  });
  await auditInvitation(tx, input, notice.id);
  return { id: notice.id, mailId };
}

/** Invites a person into the business (see `inviteInTransaction`), then mails the link. */
export async function inviteStaff(context: StaffContext, scope: StaffScope, input: StaffInvite) {
  assertAllowed(decideInvite(scope.actor, scope.businessId, input.role));
  const now = context.clock.now();
  // An address with an account elsewhere gets a notice instead: it counts the same (decision
  // 0343: the answer never tells the two apart).
  const budgets = invitationBudgets(context.sessionSecret, {
    businessId: scope.businessId,
    email: input.email,
  });
  const { id, mailId } = await withinLimits(context.rateLimiter, budgets, () =>
    context.database.db.transaction((tx) =>
      inviteInTransaction(tx, context, {
        actor: scope.actor,
        request: scope.request,
        businessId: scope.businessId,
        email: input.email,
        role: input.role,
        now,
        existingAccount: 'notify',
      }),
    ),
  );
  await deliverInvitation(context, mailId);
  return reload(context, scope, id);
}

/** 'Einladung erneut senden': a new 7-day link for someone who has not accepted yet. */
export async function resendInvitation(context: StaffContext, scope: StaffScope, id: string) {
  const now = context.clock.now();
  const budgets = invitationBudgets(context.sessionSecret, {
    businessId: scope.businessId,
    email: await addressOf(context.database.db, scope, id),
  });
  const mailId = await withinLimits(context.rateLimiter, budgets, () =>
    context.database.db.transaction(async (tx) => {
      const found = await loadTarget(tx, scope, id);
      let mail: string;
      if (found.kind === 'notice') {
        mail = await resendNotice(tx, context, scope, found.notice, now);
      } else {
        const target = found.person;
        assertAllowed(decideManage(scope.actor, target));
        if (target.emailVerifiedAt || target.lastLoginAt) {
          throw new AppError(STAFF_ERRORS.staff_not_invited);
        }
        if (target.disabledAt) throw new AppError(STAFF_ERRORS.staff_already_deactivated);
        const name = await businessName(tx, scope.businessId);
        mail = await issueInvitation(tx, context, target, name, now, scope.actor);
      }
      await writeAudit(tx, {
        actor: scope.actor,
        action: 'user_update',
        targetType: 'user',
        targetId: id,
        payload: {
          personName: auditPersonName(personOrNotice(found)),
          email: personOrNotice(found).email,
          invitation: 'resent',
        },
        request: scope.request,
        businessId: scope.businessId,
        at: now,
      });
      return mail;
    }),
  );
  await deliverInvitation(context, mailId);
  return reload(context, scope, id);
}

/**
 * The address a re-send would mail, read first: its budgets are counted before the transaction
 * begins, so a refused re-send opens none. Nobody of this business: 404, as in loadTarget.
 */
async function addressOf(
  executor: Executor,
  scope: Pick<StaffScope, 'businessId'>,
  id: string,
): Promise<string> {
  const person = await loadPerson(executor, scope, id);
  if (person) return person.email;
  const notice = await findNotice(executor, { businessId: scope.businessId, id });
  if (notice) return notice.email;
  throw new AppError(STAFF_ERRORS.staff_user_not_found);
}

/**
 * 'Einladung erneut senden' on a notice: the notice e-mail again with a new 7-day expiry. If the
 * address has no account any more (the person deleted it to leave their business), the notice
 * becomes the invitation it stood for: a user with the notice's id, so the row stays the same.
 */
async function resendNotice(
  tx: Executor,
  context: StaffContext,
  scope: StaffScope,
  notice: InvitationNotice,
  now: Date,
): Promise<string> {
  assertAllowed(decideManage(scope.actor, noticeTarget(notice)));
  if (notice.withdrawnAt) throw new AppError(STAFF_ERRORS.staff_already_deactivated);
  const name = await businessName(tx, scope.businessId);
  const [user] = await tx
    .insert(users)
    .values({ id: notice.id, email: notice.email, createdAt: notice.createdAt, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (user) {
    await tx.delete(staffInvitationNotices).where(eq(staffInvitationNotices.id, notice.id));
    await tx.insert(profiles).values({
      id: user.id,
      email: notice.email,
      role: notice.role,
      businessId: notice.businessId,
      createdAt: notice.createdAt,
      updatedAt: now,
    });
    return issueInvitation(
      tx,
      context,
      { id: user.id, email: notice.email },
      name,
      now,
      scope.actor,
    );
  }
  await tx
    .update(staffInvitationNotices)
    .set({ expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), updatedAt: now })
    .where(eq(staffInvitationNotices.id, notice.id));
  await endInvitationAttempts(tx, notice.id);
  return context.mailer.enqueue(tx, {
    ...existingAccountMail(notice.email, name, await accountLanguage(tx, notice.email)),
    invitationId: notice.id,
  });
}

/** Gives a person of the business another role, by the rules of policy.ts; user_update. */
export async function changeStaffRole(
  context: StaffContext,
  scope: StaffScope,
  id: string,
  role: Role,
) {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const found = await loadTarget(tx, scope, id);
    const target = found.kind === 'person' ? toTarget(found.person) : noticeTarget(found.notice);
    if (target.role === role) return;
    // A notice is nobody's account: it never counts as an active owner (decision 0343).
    const activeOwners = await countActiveOwners(tx, target.businessId);
    assertAllowed(decideRoleChange(scope.actor, target, role, { activeOwners }));
    if (found.kind === 'person') {
      await tx.update(profiles).set({ role, updatedAt: now }).where(eq(profiles.id, target.id));
    } else {
      await tx
        .update(staffInvitationNotices)
        .set({ role, updatedAt: now })
        .where(eq(staffInvitationNotices.id, target.id));
    }
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_update',
      targetType: 'user',
      targetId: target.id,
      payload: {
        personName: auditPersonName(personOrNotice(found)),
        fields: ['role'],
        role: { from: target.role, to: role },
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
  return reload(context, scope, id);
}

/**
 * Deactivates a person: the account is disabled, every session ends in the same transaction
 * (their next request is refused), user_deactivate is logged with their name (not user_delete:
 * nothing is deleted; decision 0340); after the commit every instance is told to close their
 * open live streams. Tips and history stay. On a notice: it is withdrawn (its open expiry ends,
 * as an invited person's open link does), logged the same way.
 */
export async function deactivateStaff(context: StaffContext, scope: StaffScope, id: string) {
  const now = context.clock.now();
  const kind = await context.database.db.transaction(async (tx) => {
    const found = await loadTarget(tx, scope, id);
    const disabled = found.kind === 'person' ? found.person.disabledAt : found.notice.withdrawnAt;
    if (disabled) throw new AppError(STAFF_ERRORS.staff_already_deactivated);
    const target = found.kind === 'person' ? toTarget(found.person) : noticeTarget(found.notice);
    const activeOwners = await countActiveOwners(tx, target.businessId);
    assertAllowed(decideDeactivation(scope.actor, target, { activeOwners }));
    if (found.kind === 'person') {
      await tx
        .update(users)
        .set({ disabledAt: now, updatedAt: now })
        .where(eq(users.id, target.id));
      await endUserSessions(tx, {
        userId: target.id,
        reason: 'session_account_deactivated',
        now,
      });
      await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(authTokens.userId, target.id),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, now),
          ),
        );
    } else {
      const open = found.notice.expiresAt && found.notice.expiresAt > now;
      await tx
        .update(staffInvitationNotices)
        .set({
          withdrawnAt: now,
          expiresAt: open ? null : found.notice.expiresAt,
          updatedAt: now,
        })
        .where(eq(staffInvitationNotices.id, target.id));
    }
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_deactivate',
      targetType: 'user',
      targetId: target.id,
      payload: {
        personName: auditPersonName(personOrNotice(found)),
        email: personOrNotice(found).email,
        status: { from: 'active', to: 'deactivated' },
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return found.kind;
  });
  if (kind === 'person') {
    try {
      await context.database.notify(
        ACCOUNT_EVENTS_CHANNEL,
        JSON.stringify({ userId: id, reason: 'session_account_deactivated' }),
      );
    } catch (error) {
      // The sessions are gone already; streams also notice at their next heartbeat.
      context.log.warn({ err: error, userId: id }, 'account event could not be published');
    }
  }
  return reload(context, scope, id);
}

/** Lets a deactivated person sign in again, or puts a withdrawn notice back (user_update). */
export async function reactivateStaff(context: StaffContext, scope: StaffScope, id: string) {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const found = await loadTarget(tx, scope, id);
    const disabled = found.kind === 'person' ? found.person.disabledAt : found.notice.withdrawnAt;
    if (!disabled) throw new AppError(STAFF_ERRORS.staff_not_deactivated);
    const target = found.kind === 'person' ? toTarget(found.person) : noticeTarget(found.notice);
    assertAllowed(decideReactivation(scope.actor, target));
    if (found.kind === 'person') {
      await tx
        .update(users)
        .set({ disabledAt: null, updatedAt: now })
        .where(eq(users.id, target.id));
    } else {
      await tx
        .update(staffInvitationNotices)
        .set({ withdrawnAt: null, updatedAt: now })
        .where(eq(staffInvitationNotices.id, target.id));
    }
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_update',
      targetType: 'user',
      targetId: target.id,
      payload: {
        personName: auditPersonName(personOrNotice(found)),
        status: { from: 'deactivated', to: 'active' },
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
  return reload(context, scope, id);
}

/** A notice as the policy sees it: the invited role in the business that invited. */
export function noticeTarget(notice: Pick<InvitationNotice, 'id' | 'role' | 'businessId'>) {
  return { id: notice.id, role: notice.role, businessId: notice.businessId } satisfies StaffTarget;
}

/**
 * Who the audit row names: the person, or for a notice the address alone — as for an invited
 * person who has no name yet, so the log never tells the two apart (decision 0343).
 */
function personOrNotice(found: Awaited<ReturnType<typeof loadTarget>>): {
  fullName: string | null;
  email: string;
} {
  return found.kind === 'person'
    ? { fullName: found.person.fullName, email: found.person.email }
    : { fullName: null, email: found.notice.email };
}

function toTarget(row: { id: string; role: Role; businessId: string | null }): StaffTarget {
  return { id: row.id, role: row.role, businessId: row.businessId };
}
