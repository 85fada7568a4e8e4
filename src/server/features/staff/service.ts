import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { MAGIC_LINK_QUERY_PARAM } from '../../../shared/api/auth';
import { STAFF_ERRORS, type StaffInvite } from '../../../shared/api/staff';
import { auditPersonName } from '../../../shared/domain/audit-events';
import { INVITATION_TTL_MS } from '../../../shared/domain/constants';
import type { Role } from '../../../shared/domain/roles';
import type { Database, Executor } from '../../db/connect';
import {
  authTokens,
  businesses,
  profiles,
  teamMembers,
  teams,
  users,
  userTwoFactor,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { deleteUserSessions } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';
import type { Mailer } from '../mail/mailer';
import { ACCOUNT_EVENTS_CHANNEL } from '../realtime/hub';
import { invitationMail } from './mail';
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
}

export type StaffScope = AuditedBusinessScope;

export interface StaffUserRow {
  id: string;
  fullName: string | null;
  email: string;
  role: Role;
  disabledAt: Date | null;
  lastLoginAt: Date | null;
  emailVerifiedAt: Date | null;
  teams: string[];
  invitationExpiresAt: Date | null;
  /** Two-factor sign-in is on (the reset of issue 29 part 6 is offered then). */
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

/**
 * Active business owners of a business. Inside a transaction it locks those owner rows, so two
 * concurrent demotions cannot both see "two owners" and leave none.
 */
export async function countActiveOwners(executor: Executor, businessId: string | null) {
  if (!businessId) return 0;
  const rows = await executor
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(profiles.businessId, businessId),
        eq(profiles.role, 'business_owner'),
        isNull(users.disabledAt),
      ),
    )
    .for('update', { of: profiles });
  return rows.length;
}

/** The business's staff with teams, status and last sign-in; `search` matches name or e-mail. */
export async function listStaffUsers(
  context: StaffContext,
  scope: Pick<StaffScope, 'businessId'>,
  search?: string,
): Promise<StaffUserRow[]> {
  const db = context.database.db;
  const conditions = [eq(profiles.businessId, scope.businessId)];
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern))!);
  }
  const rows = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      role: profiles.role,
      disabledAt: users.disabledAt,
      lastLoginAt: users.lastLoginAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`), asc(profiles.id));
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
  const withTwoFactor = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(inArray(userTwoFactor.userId, ids), isNotNull(userTwoFactor.enabledAt)));
  const twoFactorIds = new Set(withTwoFactor.map((row) => row.userId));
  return rows.map((row) => ({
    ...row,
    teams: memberships.filter((m) => m.profileId === row.id).map((m) => m.name),
    invitationExpiresAt: invitations.find((i) => i.userId === row.id)?.expiresAt ?? null,
    twoFactorEnabled: twoFactorIds.has(row.id),
  }));
}

async function loadTarget(
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
  if (!row) throw new AppError(STAFF_ERRORS.staff_user_not_found);
  return row;
}

async function reload(context: StaffContext, scope: StaffScope, id: string) {
  const rows = await listStaffUsers(context, scope);
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw new AppError(STAFF_ERRORS.staff_user_not_found);
  return row;
}

/** Writes a fresh invitation token (older unused ones stop working) and queues its e-mail. */
async function issueInvitation(
  tx: Executor,
  context: StaffContext,
  invitee: { id: string; email: string },
  businessName: string,
  now: Date,
): Promise<string> {
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
  return context.mailer.enqueue(tx, {
    ...invitationMail(invitee.email, link, businessName),
    secrets: [token],
  });
}

/** Hands the e-mail to SMTP after the commit; a failure is kept in the outbox and logged. */
export async function deliverInvitation(context: StaffContext, mailId: string): Promise<void> {
  try {
    await context.mailer.deliver(mailId);
  } catch (error) {
    context.log.warn({ err: error, mailId }, 'invitation e-mail not sent');
  }
}

async function businessName(executor: Executor, businessId: string): Promise<string> {
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
}

/**
 * The invitation inside the caller's transaction (the operator console creates a business and
 * invites its first owner in one): the policy's decision, a user without password, a profile
 * without name (so the first sign-in lands on onboarding), a 7-day single-use link queued as an
 * e-mail, and user_create. An address that already has an account is refused. The caller hands
 * the returned mail to `deliverInvitation` after the commit.
 */
export async function inviteInTransaction(
  tx: Executor,
  context: StaffContext,
  input: InvitationInput,
): Promise<{ id: string; mailId: string }> {
  assertAllowed(decideInvite(input.actor, input.businessId, input.role));
  const { now } = input;
  const [user] = await tx
    .insert(users)
    .values({ email: input.email, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) throw new AppError(STAFF_ERRORS.staff_email_taken);
  await tx.insert(profiles).values({
    id: user.id,
    email: input.email,
    role: input.role,
    businessId: input.businessId,
    createdAt: now,
    updatedAt: now,
  });
  const name = await businessName(tx, input.businessId);
  const mailId = await issueInvitation(tx, context, { id: user.id, email: input.email }, name, now);
  await writeAudit(tx, {
    actor: input.actor,
    action: 'user_create',
    targetType: 'user',
    targetId: user.id,
    payload: { email: input.email, role: input.role, invitation: 'sent' },
    request: input.request,
    businessId: input.businessId,
    at: now,
  });
  return { id: user.id, mailId };
}

/** Invites a person into the business (see `inviteInTransaction`), then mails the link. */
export async function inviteStaff(context: StaffContext, scope: StaffScope, input: StaffInvite) {
  assertAllowed(decideInvite(scope.actor, scope.businessId, input.role));
  const now = context.clock.now();
  const { id, mailId } = await context.database.db.transaction((tx) =>
    inviteInTransaction(tx, context, {
      actor: scope.actor,
      request: scope.request,
      businessId: scope.businessId,
      email: input.email,
      role: input.role,
      now,
    }),
  );
  await deliverInvitation(context, mailId);
  return reload(context, scope, id);
}

/** 'Einladung erneut senden': a new 7-day link for someone who has not accepted yet. */
export async function resendInvitation(context: StaffContext, scope: StaffScope, id: string) {
  const now = context.clock.now();
  const mailId = await context.database.db.transaction(async (tx) => {
    const target = await loadTarget(tx, scope, id, true);
    assertAllowed(decideManage(scope.actor, target));
    if (target.emailVerifiedAt || target.lastLoginAt) {
      throw new AppError(STAFF_ERRORS.staff_not_invited);
    }
    if (target.disabledAt) throw new AppError(STAFF_ERRORS.staff_already_deactivated);
    const name = await businessName(tx, scope.businessId);
    const mail = await issueInvitation(tx, context, target, name, now);
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_update',
      targetType: 'user',
      targetId: target.id,
      payload: { personName: auditPersonName(target), email: target.email, invitation: 'resent' },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return mail;
  });
  await deliverInvitation(context, mailId);
  return reload(context, scope, id);
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
    const target = await loadTarget(tx, scope, id, true);
    if (target.role === role) return;
    const activeOwners = await countActiveOwners(tx, target.businessId);
    assertAllowed(decideRoleChange(scope.actor, toTarget(target), role, { activeOwners }));
    await tx.update(profiles).set({ role, updatedAt: now }).where(eq(profiles.id, target.id));
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_update',
      targetType: 'user',
      targetId: target.id,
      payload: {
        personName: auditPersonName(target),
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
 * open live streams. Tips and history stay.
 */
export async function deactivateStaff(context: StaffContext, scope: StaffScope, id: string) {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const target = await loadTarget(tx, scope, id, true);
    if (target.disabledAt) throw new AppError(STAFF_ERRORS.staff_already_deactivated);
    const activeOwners = await countActiveOwners(tx, target.businessId);
    assertAllowed(decideDeactivation(scope.actor, toTarget(target), { activeOwners }));
    await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, target.id));
    await deleteUserSessions(tx, target.id);
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
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_deactivate',
      targetType: 'user',
      targetId: target.id,
      payload: {
        personName: auditPersonName(target),
        email: target.email,
        status: { from: 'active', to: 'deactivated' },
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
  try {
    await context.database.notify(ACCOUNT_EVENTS_CHANNEL, JSON.stringify({ userId: id }));
  } catch (error) {
    // The sessions are gone already; streams also notice at their next heartbeat.
    context.log.warn({ err: error, userId: id }, 'account event could not be published');
  }
  return reload(context, scope, id);
}

/** Lets a deactivated person sign in again (user_update). */
export async function reactivateStaff(context: StaffContext, scope: StaffScope, id: string) {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const target = await loadTarget(tx, scope, id, true);
    if (!target.disabledAt) throw new AppError(STAFF_ERRORS.staff_not_deactivated);
    assertAllowed(decideReactivation(scope.actor, toTarget(target)));
    await tx.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, target.id));
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_update',
      targetType: 'user',
      targetId: target.id,
      payload: {
        personName: auditPersonName(target),
        status: { from: 'deactivated', to: 'active' },
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
  return reload(context, scope, id);
}

function toTarget(row: { id: string; role: Role; businessId: string | null }): StaffTarget {
  return { id: row.id, role: row.role, businessId: row.businessId };
}
