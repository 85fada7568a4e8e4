import type { FastifyRequest } from 'fastify';
import { PLAN_ERRORS, type PlanState } from '../../../shared/api/plans';
import {
  effectivePlan,
  type ProFeature,
  type SubscriptionFacts,
  trialEndFrom,
} from '../../../shared/domain/plans';
import type { Database, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { AuditActor } from '../audit/write';
import { writeAudit } from '../audit/write';
import { assertMayAddSharedPoint, assertPlanIncludes } from './policy';
import { presentPlanState } from './presenter';
import {
  businessNameOf,
  countSharedPoints,
  lockPlanRow,
  type PlanRow,
  readPlanRow,
  updatePlanRow,
} from './queries';
import type { SubscriptionBilling } from './stripe-billing';

/** What the plans feature needs from the app. */
export interface PlanContext {
  database: Database;
  clock: Clock;
  /** Stripe Billing where Stripe takes the payments (decision 0616); absent or null otherwise. */
  subscriptionBilling?: SubscriptionBilling | null;
}

/** Who changes a business's plan, in which business, from which request (for the audit row). */
export interface PlanChangeScope {
  businessId: string;
  actor: AuditActor;
  request?: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
}

function factsOf(row: PlanRow | null): SubscriptionFacts | null {
  return row;
}

/** Refuses, in German, a Pro feature for a business that does not have Pro now. */
export async function requirePro(
  context: PlanContext,
  businessId: string,
  feature: ProFeature,
): Promise<void> {
  const row = await readPlanRow(context.database.db, businessId);
  assertPlanIncludes(factsOf(row), context.clock.now(), feature);
}

/** `requirePro` inside the caller's transaction (a rule that depends on what a save changes). */
export async function requireProIn(
  executor: Executor,
  clock: Clock,
  businessId: string,
  feature: ProFeature,
): Promise<void> {
  assertPlanIncludes(factsOf(await readPlanRow(executor, businessId)), clock.now(), feature);
}

/**
 * Refuses one more team, object or business point beyond Basis's allowance. Called inside the
 * transaction that adds the point.
 */
export async function requireSharedPointRoom(
  executor: Executor,
  clock: Clock,
  businessId: string,
): Promise<void> {
  // Locked: two points added at once are counted one after the other.
  const row = await lockPlanRow(executor, businessId);
  assertMayAddSharedPoint(factsOf(row), clock.now(), await countSharedPoints(executor, businessId));
}

/** Whether the business has Pro now (for readers that show, not refuse). */
export async function hasPro(context: PlanContext, businessId: string): Promise<boolean> {
  const row = await readPlanRow(context.database.db, businessId);
  return effectivePlan(factsOf(row), context.clock.now()).plan === 'pro';
}

export async function planStateOf(context: PlanContext, businessId: string): Promise<PlanState> {
  const db = context.database.db;
  const [row, shared] = await Promise.all([
    readPlanRow(db, businessId),
    countSharedPoints(db, businessId),
  ]);
  return presentPlanState(row, context.clock.now(), shared);
}

/** 'Pro 30 Tage testen': one trial per business, no card, ends on its own. */
export async function startTrial(context: PlanContext, scope: PlanChangeScope): Promise<PlanState> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const row = await lockPlanRow(tx, scope.businessId);
    if (effectivePlan(row, now).plan === 'pro') throw new AppError(PLAN_ERRORS.already_pro);
    if (row.trialUsed) throw new AppError(PLAN_ERRORS.trial_used);
    const trialEndsAt = trialEndFrom(now);
    await updatePlanRow(tx, scope.businessId, {
      status: 'trialing',
      trialEndsAt,
      trialUsed: true,
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      updatedAt: now,
    });
    await writeAudit(tx, {
      ...auditContext(scope, now),
      action: 'plan_trial_start',
      payload: { trialEndsAt: trialEndsAt.toISOString() },
    });
  });
  return planStateOf(context, scope.businessId);
}

/**
 * 'Kündigen' (`cancel: true`): a paid subscription ends at its period's end; 'Kündigung
 * zurücknehmen' (`cancel: false`) takes that back while the period runs.
 */
export async function setCancellation(
  context: PlanContext,
  scope: PlanChangeScope,
  cancel: boolean,
): Promise<PlanState> {
  const now = context.clock.now();
  const before = await readPlanRow(context.database.db, scope.businessId);
  assertCancellationChange(before, cancel, now);
  // A Stripe subscription changes at Stripe first: its webhook then finds the row as it is.
  if (before?.provider === 'stripe' && before.providerSubscriptionId) {
    const billing = context.subscriptionBilling;
    if (!billing) throw new AppError(PLAN_ERRORS.billing_provider_failed);
    try {
      await billing.setCancelAtPeriodEnd(before.providerSubscriptionId, cancel);
    } catch (error) {
      throw new AppError(PLAN_ERRORS.billing_provider_failed, { cause: error });
    }
  }
  await context.database.db.transaction(async (tx) => {
    const row = await lockPlanRow(tx, scope.businessId);
    assertCancellationChange(row, cancel, now);
    await updatePlanRow(tx, scope.businessId, { cancelAtPeriodEnd: cancel, updatedAt: now });
    const periodEnd = row.currentPeriodEnd?.toISOString() ?? null;
    await writeAudit(tx, {
      ...auditContext(scope, now),
      ...(cancel
        ? { action: 'plan_cancel' as const, payload: { effectiveAt: periodEnd } }
        : { action: 'plan_resume' as const, payload: { currentPeriodEnd: periodEnd } }),
    });
  });
  return planStateOf(context, scope.businessId);
}

/** A subscription at the provider that must stop renewing. */
export interface RenewalToStop {
  provider: string;
  subscriptionId: string;
}

/**
 * A business being closed (in the operator's transaction) pays nothing more: a booked
 * subscription ends with its paid period, as 'Kündigen' would. Answers the provider's
 * subscription to stop there after the commit (`stopRenewalAtProvider`), or null.
 */
export async function stopRenewalOnClose(
  tx: Executor,
  businessId: string,
  now: Date,
): Promise<RenewalToStop | null> {
  const row = await lockPlanRow(tx, businessId);
  const paid = row.status === 'active' || row.status === 'past_due';
  if (!paid || row.cancelAtPeriodEnd) return null;
  await updatePlanRow(tx, businessId, { cancelAtPeriodEnd: true, updatedAt: now });
  return row.provider && row.providerSubscriptionId
    ? { provider: row.provider, subscriptionId: row.providerSubscriptionId }
    : null;
}

/**
 * Tells Stripe that a closed business's subscription ends with its period. A failure is logged
 * for the operator (cancel it in Stripe's dashboard); the closing stands.
 */
export async function stopRenewalAtProvider(
  context: Pick<PlanContext, 'subscriptionBilling'> & {
    log: { warn(object: Record<string, unknown>, message: string): void };
  },
  renewal: RenewalToStop | null,
): Promise<void> {
  if (renewal?.provider !== 'stripe') return;
  try {
    if (!context.subscriptionBilling) throw new Error('Stripe Billing is not configured.');
    await context.subscriptionBilling.setCancelAtPeriodEnd(renewal.subscriptionId, true);
  } catch (error) {
    context.log.warn(
      { err: error, subscriptionId: renewal.subscriptionId },
      'subscription of a closed business still renews at Stripe: cancel it in the dashboard',
    );
  }
}

/** 'Kündigen' needs a booked subscription not yet cancelled; taking it back, a cancelled one. */
function assertCancellationChange(row: PlanRow | null, cancel: boolean, now: Date): void {
  const paid = row !== null && (row.status === 'active' || row.status === 'past_due');
  const running = !row?.currentPeriodEnd || row.currentPeriodEnd > now;
  if (cancel && (!paid || row.cancelAtPeriodEnd)) {
    throw new AppError(PLAN_ERRORS.nothing_to_cancel);
  }
  if (!cancel && (!paid || !row.cancelAtPeriodEnd || !running)) {
    throw new AppError(PLAN_ERRORS.nothing_to_resume);
  }
}

/**
 * 'Zahlungsmethode ändern': the address of Stripe's Customer Portal for the business's customer,
 * coming back to `returnUrl`. Only a Stripe booking has a card there.
 */
export async function paymentMethodPortal(
  context: PlanContext,
  businessId: string,
  returnUrl: string,
): Promise<string> {
  const row = await readPlanRow(context.database.db, businessId);
  if (row?.provider !== 'stripe' || !row.providerCustomerId) {
    throw new AppError(PLAN_ERRORS.no_payment_method);
  }
  const billing = context.subscriptionBilling;
  if (!billing) throw new AppError(PLAN_ERRORS.billing_provider_failed);
  try {
    return await billing.portalUrl(row.providerCustomerId, returnUrl);
  } catch (error) {
    throw new AppError(PLAN_ERRORS.billing_provider_failed, { cause: error });
  }
}

/**
 * The operator grants Pro until a date (a pilot hotel), or ends a grant with `until: null`.
 * The business's own subscription is left as it is.
 */
export async function grantPro(
  context: PlanContext,
  scope: PlanChangeScope,
  input: { until: Date | null; reason: string },
): Promise<PlanState> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    await lockPlanRow(tx, scope.businessId);
    await updatePlanRow(tx, scope.businessId, { grantedUntil: input.until, updatedAt: now });
    await writeAudit(tx, {
      ...auditContext(scope, now),
      action: 'plan_grant',
      payload: {
        businessName: (await businessNameOf(tx, scope.businessId)) ?? '',
        until: input.until?.toISOString() ?? null,
        reason: input.reason,
      },
    });
  });
  return planStateOf(context, scope.businessId);
}

function auditContext(scope: PlanChangeScope, at: Date) {
  return {
    actor: scope.actor,
    businessId: scope.businessId,
    targetType: 'business' as const,
    targetId: scope.businessId,
    request: scope.request,
    at,
  };
}
