import type { FastifyRequest } from 'fastify';
import {
  BUSINESS_LIST_PAGE_SIZE,
  type BusinessChange,
  type BusinessDetail,
  type BusinessListSort,
  type BusinessOverview,
  type CreateBusiness,
  moneyWaitingMessage,
  OPERATOR_ERRORS,
  type SessionEndReason,
} from '../../../shared/api/operator';
import { BUSINESS_ERRORS } from '../../../shared/api/businesses';
import { type BusinessStatus, businessStatusOf } from '../../../shared/domain/business-status';
import { DEFAULT_CURRENCY } from '../../../shared/domain/constants';
import { formatCents } from '../../../shared/domain/money';
import { berlinDay } from '../../../shared/domain/berlin-time';
import type { Executor, Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import { type RateBudget, type RateRule, withinLimits } from '../../http/rate-limit';
import type { Actor } from '../auth/actor';
import { writeAudit } from '../audit/write';
import { endLiveSessionsOf } from '../auth/sessions';
import { ACCOUNT_EVENTS_CHANNEL } from '../realtime/hub';
import { invitationBudgets } from '../staff/limits';
import { inviteInTransaction } from '../staff/actions/invite-in-transaction';
import { deliverInvitation } from '../staff/actions/issue-invitation';
import { listStaffUsers } from '../staff/actions/list-staff-users';
import { resendInvitation } from '../staff/actions/resend-invitation';
import type { StaffContext } from '../staff/context';
import { resolveBusinessScope } from '../businesses/scope';
import {
  closingObstacle,
  decideLifecycle,
  type LifecycleAction,
  type LifecycleRefusal,
  mayOperateBusinesses,
} from './policy';
import { type OwnerNotice, ownerNoticeMail } from './owner-notices';
import { activePlanOwners } from '../plans/queries';
import { stopRenewalAtProvider, stopRenewalOnClose } from '../plans/service';
import type { SubscriptionBilling } from '../plans/stripe-billing';
import { mrrCentsOf, presentBusinessDetail, presentOverviewRow } from './presenter';
import {
  businessById,
  businessPage,
  type BusinessRow,
  businessPaymentPoints,
  closingFacts,
  insertBusiness,
  lockBusinessRow,
  notifyInTransaction,
  operatorAuditRows,
  rowFigures,
  staffIdsOf,
  updateBusinessRow,
} from './queries/businesses';
import { payingPlanCandidates } from './queries/plans';

/** What the operator console needs: the staff feature's context plus the integration default. */
export interface OperatorContext extends StaffContext {
  /** The AiO tenant a new business's integration settings start with (AIO_TENANT_ID). */
  aioTenantId: string;
  /** Days before a closed business's personal data is erased (RETENTION_CLOSED_BUSINESS_DAYS). */
  closedBusinessDays: number;
  /** How owners reach the operator (CONTACT_EMAIL): named in their notices. */
  contactEmail: string;
  /** Stripe Billing, to stop a closed business's subscription (decision 0616); null for demo. */
  subscriptionBilling: SubscriptionBilling | null;
}

/**
 * Queues the owners' e-mails about the business's new state inside the operator's transaction
 * (a rolled-back change mails nobody); `deliverNotices` sends them after the commit.
 */
async function queueOwnerNotices(
  tx: Tx,
  ctx: OperatorContext,
  business: { id: string; name: string },
  notice: OwnerNotice,
): Promise<string[]> {
  const owners = await activePlanOwners(tx, business.id);
  const ids: string[] = [];
  for (const owner of owners) {
    ids.push(
      await ctx.mailer.enqueue(tx, ownerNoticeMail(owner, business.name, notice, ctx.contactEmail)),
    );
  }
  return ids;
}

async function deliverNotices(ctx: OperatorContext, mailIds: readonly string[]): Promise<void> {
  for (const mailId of mailIds) {
    try {
      await ctx.mailer.deliver(mailId);
    } catch (error) {
      // The outbox keeps the failed mail and its error; the status change stands.
      ctx.log.warn({ err: error, mailId }, 'owner notice not sent');
    }
  }
}

/**
 * Invitation e-mails one platform admin may send per hour from the console: plenty for setting up
 * businesses, few enough that a stolen session cannot turn the server into a mail cannon.
 */
export const OWNER_INVITATIONS_RULE = {
  name: 'operator-owner-invitations:actor',
  limit: 60,
  windowMs: 60 * 60_000,
} as const satisfies RateRule;

/**
 * What an owner invitation from the console draws on: the platform admin's hour and, like every
 * invitation mail, its address's day and its business's hour (a new business has none yet).
 */
function ownerInvitationBudgets(
  ctx: OperatorContext,
  actor: Actor,
  mail: { businessId: string | null; email: string },
): RateBudget[] {
  return [[OWNER_INVITATIONS_RULE, actor.userId], ...invitationBudgets(ctx.sessionSecret, mail)];
}

/** Who acts, from where: the platform admin and the request (for audit rows). */
export interface OperatorScope {
  actor: Actor;
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
}

/** Only the platform admin operates businesses (decision 0320); anyone else hears so in German. */
export function assertOperator(actor: Pick<Actor, 'role'>): void {
  if (!mayOperateBusinesses(actor)) throw new AppError(OPERATOR_ERRORS.operator_only);
}

/** The first day of the Europe/Berlin calendar month of `now`, as the month totals key it. */
export function monthOf(now: Date): string {
  return `${berlinDay(now).slice(0, 7)}-01`;
}

/**
 * The console's list: one page of businesses, each with its owners, figures and plan, and the
 * monthly recurring revenue of all businesses (plans computed with the app's clock).
 */
export async function listBusinessOverview(
  ctx: OperatorContext,
  actor: Actor,
  query: {
    search?: string | undefined;
    status?: BusinessStatus | undefined;
    sort: BusinessListSort;
    page: number;
  },
): Promise<BusinessOverview> {
  assertOperator(actor);
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const month = monthOf(now);
  const [{ rows, total }, paying] = await Promise.all([
    businessPage(db, { ...query, month }),
    payingPlanCandidates(db),
  ]);
  const figures = await rowFigures(
    db,
    rows.map((row) => row.id),
    month,
  );
  return {
    items: rows.map((row) => presentOverviewRow(row, figures, now)),
    page: query.page,
    pageSize: BUSINESS_LIST_PAGE_SIZE,
    total,
    month,
    currency: DEFAULT_CURRENCY,
    retentionDays: ctx.closedBusinessDays,
    mrrCents: mrrCentsOf(paying, now),
  };
}

async function presentOne(ctx: OperatorContext, id: string) {
  const row = await businessById(ctx.database.db, id);
  if (!row) throw new AppError(BUSINESS_ERRORS.business_not_found);
  const now = ctx.clock.now();
  return presentOverviewRow(row, await rowFigures(ctx.database.db, [id], monthOf(now)), now);
}

/**
 * 'Betrieb anlegen': the business with its default branding row and integration settings (what
 * the seed and every admin page expect; the payout schedule starts daily), its business_create
 * audit row and, with an owner's address, that owner's invitation (user_create), all in one
 * transaction; the invitation e-mail goes out after the commit.
 */
export async function createBusinessWithOwner(
  ctx: OperatorContext,
  scope: OperatorScope,
  input: CreateBusiness,
): Promise<BusinessChange> {
  assertOperator(scope.actor);
  const now = ctx.clock.now();
  const write = () =>
    ctx.database.db.transaction(async (tx) => {
      const businessId = await insertBusiness(tx, {
        business: {
          name: input.name,
          address: input.address,
          contactEmail: input.contactEmail,
          description: input.description ?? null,
          legalForm: input.legalForm ?? null,
          registerEntry: input.registerEntry ?? null,
          vatId: input.vatId ?? null,
          createdAt: now,
          updatedAt: now,
        },
        branding: { companyName: input.name, updatedBy: scope.actor.userId, updatedAt: now },
        integration: { tenantId: ctx.aioTenantId, updatedAt: now },
      });
      await writeAudit(tx, {
        actor: scope.actor,
        action: 'business_create',
        targetType: 'business',
        targetId: businessId,
        payload: {
          name: input.name,
          contactEmail: input.contactEmail,
          ...(input.ownerEmail ? { ownerEmail: input.ownerEmail } : {}),
        },
        request: scope.request,
        businessId,
        at: now,
      });
      const invited = input.ownerEmail
        ? await inviteInTransaction(tx, ctx, {
            actor: scope.actor,
            request: scope.request,
            businessId,
            email: input.ownerEmail,
            role: 'business_owner',
            now,
          })
        : null;
      return { id: businessId, invitation: invited };
    });
  // Past a limit on the owner's invitation the business is not made either.
  const { id, invitation } = input.ownerEmail
    ? await withinLimits(
        ctx.rateLimiter,
        ownerInvitationBudgets(ctx, scope.actor, { businessId: null, email: input.ownerEmail }),
        write,
      )
    : await write();
  if (invitation) await deliverInvitation(ctx, invitation.mailId);
  const business = await presentOne(ctx, id);
  return {
    business,
    invitedOwner:
      invitation && input.ownerEmail
        ? invitedOwnerOf(business, invitation.id, input.ownerEmail)
        : null,
  };
}

/** The invited owner as the answer names them, with where their invitation e-mail stands. */
function invitedOwnerOf(
  business: BusinessChange['business'],
  id: string,
  email: string,
): NonNullable<BusinessChange['invitedOwner']> {
  const owner = business.owners.find((one) => one.id === id);
  return { id, fullName: owner?.fullName ?? null, email, delivery: owner?.delivery ?? null };
}

/** How many of the platform admins' actions the business page shows. */
const DETAIL_AUDIT_ROWS = 50;

/** The business page: its row, origin, people, payment points, audit trail. */
export async function businessDetail(
  ctx: OperatorContext,
  actor: Actor,
  businessId: string,
): Promise<BusinessDetail> {
  assertOperator(actor);
  const db = ctx.database.db;
  const row = await presentOne(ctx, businessId);
  const [staff, points, audit] = await Promise.all([
    listStaffUsers(ctx, { businessId }),
    businessPaymentPoints(db, businessId),
    operatorAuditRows(db, businessId, DETAIL_AUDIT_ROWS),
  ]);
  return presentBusinessDetail({
    row,
    origin: row.origin,
    month: monthOf(ctx.clock.now()),
    people: staff.rows,
    points,
    audit,
  });
}

/**
 * Name and contact e-mail from the business page; business_update names what changed. The
 * guest pages' company name is branding's and stays as the owner set it.
 */
export async function updateBusiness(
  ctx: OperatorContext,
  scope: OperatorScope,
  businessId: string,
  input: { name: string; contactEmail: string },
): Promise<BusinessDetail> {
  assertOperator(scope.actor);
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const row = await lockBusiness(tx, businessId);
    if (row.closedAt) throw new AppError(OPERATOR_ERRORS.business_already_closed);
    const nameChanged = row.name !== input.name;
    const contactChanged = row.contactEmail !== input.contactEmail;
    if (!nameChanged && !contactChanged) return;
    await updateBusinessRow(tx, businessId, {
      name: input.name,
      contactEmail: input.contactEmail,
      updatedAt: now,
    });
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'business_update',
      targetType: 'business',
      targetId: businessId,
      payload: {
        fields: [
          ...(nameChanged ? (['name'] as const) : []),
          ...(contactChanged ? (['contactEmail'] as const) : []),
        ],
        ...(nameChanged ? { name: { from: row.name, to: input.name } } : {}),
        ...(contactChanged
          ? { contactEmail: { from: row.contactEmail, to: input.contactEmail } }
          : {}),
      },
      request: scope.request,
      businessId,
      at: now,
    });
  });
  return businessDetail(ctx, scope.actor, businessId);
}

/** The business row, locked for this transaction; a missing one is a German 404. */
async function lockBusiness(tx: Executor, id: string): Promise<BusinessRow> {
  const row = await lockBusinessRow(tx, id);
  if (!row) throw new AppError(BUSINESS_ERRORS.business_not_found);
  return row;
}

const LIFECYCLE_ERRORS: Record<
  LifecycleRefusal,
  (typeof OPERATOR_ERRORS)[keyof typeof OPERATOR_ERRORS]
> = {
  not_active: OPERATOR_ERRORS.business_not_active,
  not_suspended: OPERATOR_ERRORS.business_not_suspended,
  already_closed: OPERATOR_ERRORS.business_already_closed,
  closed_final: OPERATOR_ERRORS.business_closed_final,
};

function assertLifecycle(row: BusinessRow, action: LifecycleAction): void {
  const decision = decideLifecycle(businessStatusOf(row), action);
  if (!decision.allowed) throw new AppError(LIFECYCLE_ERRORS[decision.reason]);
}

/** 'Inhaber einladen': the staff invitation with role business_owner into this business. */
export async function inviteBusinessOwner(
  ctx: OperatorContext,
  scope: OperatorScope,
  businessId: string,
  email: string,
): Promise<BusinessChange> {
  assertOperator(scope.actor);
  const now = ctx.clock.now();
  const budgets = ownerInvitationBudgets(ctx, scope.actor, { businessId, email });
  const invitation = await withinLimits(ctx.rateLimiter, budgets, () =>
    ctx.database.db.transaction(async (tx) => {
      const row = await lockBusiness(tx, businessId);
      if (row.closedAt) throw new AppError(OPERATOR_ERRORS.business_already_closed);
      return inviteInTransaction(tx, ctx, {
        actor: scope.actor,
        request: scope.request,
        businessId,
        email,
        role: 'business_owner',
        now,
      });
    }),
  );
  await deliverInvitation(ctx, invitation.mailId);
  const business = await presentOne(ctx, businessId);
  return { business, invitedOwner: invitedOwnerOf(business, invitation.id, email) };
}

/**
 * 'Einladung erneut senden' for an owner (or any person of the business) who has not accepted
 * yet: a fresh
 * 7-day link, the old one stops working; the staff feature's re-send with its budgets and audit
 * row (user_update, invitation: resent). The answer says where the new e-mail stands.
 */
export async function resendOwnerInvitation(
  ctx: OperatorContext,
  scope: OperatorScope,
  businessId: string,
  userId: string,
): Promise<BusinessChange> {
  assertOperator(scope.actor);
  // The platform admin may work in any existing business: the one scope rule says so (0366).
  const businessScope = await resolveBusinessScope(ctx.database.db, scope.actor, businessId);
  const row = await businessById(ctx.database.db, businessId);
  if (row?.closedAt) throw new AppError(OPERATOR_ERRORS.business_already_closed);
  const resent = await resendInvitation(ctx, { ...businessScope, request: scope.request }, userId);
  const business = await presentOne(ctx, businessId);
  return { business, invitedOwner: invitedOwnerOf(business, userId, resent.row.email) };
}

/**
 * Ends every open session of the business's staff (owners and employees, never the platform
 * admin) and keeps the reason (decision 0505), so each person's next request hears why
 * (business_suspended, business_closed) instead of a plain timeout. Returns how many.
 */
function endStaffSessions(
  tx: Tx,
  businessId: string,
  reason: SessionEndReason,
  now: Date,
): Promise<number> {
  return endLiveSessionsOf(tx, { userIds: staffIdsOf(tx, businessId), reason, now });
}

/**
 * Tells every instance, at commit, to close the live streams of the business's staff with the
 * reason (features/realtime): queued inside the transaction, so a rolled-back change says nothing.
 */
async function announceShutOut(
  tx: Tx,
  ctx: OperatorContext,
  businessId: string,
  reason: SessionEndReason,
): Promise<void> {
  const channel = ctx.database.channelName(ACCOUNT_EVENTS_CHANNEL);
  await notifyInTransaction(tx, channel, JSON.stringify({ businessId, reason }));
}

/**
 * 'Sperren': the business turns inactive with the reason. From the commit on its guest pages
 * answer business_deactivated (migration 0250's trigger drops the guest cache), payments cannot
 * start, payouts pause, and its staff cannot sign in; their sessions end and their live streams
 * close with the reason. business_suspend is written in the same transaction.
 */
export async function suspendBusiness(
  ctx: OperatorContext,
  scope: OperatorScope,
  businessId: string,
  reason: string,
): Promise<BusinessOverview['items'][number]> {
  assertOperator(scope.actor);
  const now = ctx.clock.now();
  const notices = await ctx.database.db.transaction(async (tx) => {
    const row = await lockBusiness(tx, businessId);
    assertLifecycle(row, 'suspend');
    await updateBusinessRow(tx, businessId, {
      active: false,
      suspendedAt: now,
      suspensionReason: reason,
      updatedAt: now,
    });
    const sessionsEnded = await endStaffSessions(tx, businessId, 'business_suspended', now);
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'business_suspend',
      targetType: 'business',
      targetId: businessId,
      payload: { name: row.name, reason, sessionsEnded },
      request: scope.request,
      businessId,
      at: now,
    });
    await announceShutOut(tx, ctx, businessId, 'business_suspended');
    return queueOwnerNotices(tx, ctx, row, { kind: 'suspended', reason });
  });
  await deliverNotices(ctx, notices);
  return presentOne(ctx, businessId);
}

/**
 * 'Reaktivieren': guest pages, payments, payouts and sign-in work again. Sessions ended by the
 * suspension stay ended: people sign in anew. business_reactivate in the same transaction.
 */
export async function reactivateBusiness(
  ctx: OperatorContext,
  scope: OperatorScope,
  businessId: string,
): Promise<BusinessOverview['items'][number]> {
  assertOperator(scope.actor);
  const now = ctx.clock.now();
  const notices = await ctx.database.db.transaction(async (tx) => {
    const row = await lockBusiness(tx, businessId);
    assertLifecycle(row, 'reactivate');
    await updateBusinessRow(tx, businessId, {
      active: true,
      suspendedAt: null,
      suspensionReason: null,
      updatedAt: now,
    });
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'business_reactivate',
      targetType: 'business',
      targetId: businessId,
      payload: {
        name: row.name,
        status: { from: 'suspended', to: 'active' },
        suspendedSince: row.suspendedAt?.toISOString() ?? null,
      },
      request: scope.request,
      businessId,
      at: now,
    });
    return queueOwnerNotices(tx, ctx, row, { kind: 'reactivated' });
  });
  await deliverNotices(ctx, notices);
  return presentOne(ctx, businessId);
}

/**
 * 'Schließen' (after the export was offered): the typed name must match; nothing may wait for a
 * payout and no guest may be paying (decision 0323). The business is then inactive for good, its
 * staff are shut out at once as on a suspension, and the retention job erases its personal data
 * after RETENTION_CLOSED_BUSINESS_DAYS. business_close in the same transaction.
 */
export async function closeBusiness(
  ctx: OperatorContext,
  scope: OperatorScope,
  businessId: string,
  confirmName: string,
): Promise<BusinessOverview['items'][number]> {
  assertOperator(scope.actor);
  const now = ctx.clock.now();
  const { notices, renewal } = await ctx.database.db.transaction(async (tx) => {
    const row = await lockBusiness(tx, businessId);
    assertLifecycle(row, 'close');
    if (confirmName.trim() !== row.name.trim()) {
      throw new AppError(OPERATOR_ERRORS.business_confirm_mismatch, {
        details: [
          { path: 'body.confirmName', message: OPERATOR_ERRORS.business_confirm_mismatch.message },
        ],
      });
    }
    // The business row is locked: no payout batch claims meanwhile (they lock it too).
    const facts = await closingFacts(tx, businessId, now);
    const obstacle = closingObstacle(facts);
    if (obstacle === 'money_waiting') {
      throw new AppError(OPERATOR_ERRORS.business_money_waiting, {
        message: moneyWaitingMessage(formatCents(facts.waitingCents)),
      });
    }
    if (obstacle === 'payments_running') {
      throw new AppError(OPERATOR_ERRORS.business_payments_running);
    }
    await updateBusinessRow(tx, businessId, { active: false, closedAt: now, updatedAt: now });
    const sessionsEnded = await endStaffSessions(tx, businessId, 'business_closed', now);
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'business_close',
      targetType: 'business',
      targetId: businessId,
      payload: {
        name: row.name,
        status: { from: businessStatusOf(row), to: 'closed' },
        retentionDays: ctx.closedBusinessDays,
        sessionsEnded,
      },
      request: scope.request,
      businessId,
      at: now,
    });
    await announceShutOut(tx, ctx, businessId, 'business_closed');
    // A closed business is charged no more: Pro ends with the period paid (MRR leaves it now).
    const renewal = await stopRenewalOnClose(tx, businessId, now);
    const notices = await queueOwnerNotices(tx, ctx, row, {
      kind: 'closed',
      retentionDays: ctx.closedBusinessDays,
    });
    return { notices, renewal };
  });
  await stopRenewalAtProvider(ctx, renewal);
  await deliverNotices(ctx, notices);
  return presentOne(ctx, businessId);
}
