import type { FastifyBaseLogger } from 'fastify';
import {
  POOL_ASSIGNED_REASON,
  POOL_ERRORS,
  type PoolAssignResult,
  type PoolPage,
  type PoolQuery,
  type PoolUnassignResult,
  poolCursor,
} from '../../../shared/api/pool';
import { auditPersonName } from '../../../shared/domain/audit-events';
import type { Database, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { publishTipChangesInTransaction, type TipChange } from '../tip-lifecycle/events';
import { poolAssignProblem, poolUndoProblem } from './policy';
import { presentPoolAssigned, presentPoolTip } from './presenter';
import {
  deleteAllocation,
  insertAllocation,
  listPoolTips,
  listUndoablePoolAssignments,
  lockAllocationsOfTip,
  lockTip,
  selectAnyAllocation,
  selectAssignee,
  selectEntrypointLabel,
  selectPersonName,
  type TipRow,
} from './queries';
import type { AuditedBusinessScope } from '../businesses/scope';

export interface PoolContext {
  database: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export type PoolScope = AuditedBusinessScope;

/** "vom Betrieb aus dem Pool zugewiesen (Tisch 7)". */
/** The label of the payment point the guest paid through, if it has one. */
async function placeOf(tx: Executor, tip: TipRow): Promise<string | null> {
  return tip.entrypointId ? selectEntrypointLabel(tx, tip.entrypointId) : null;
}

/** How many assignments that can still be undone the pool lists (newest first). */
const UNDOABLE_LISTED = 50;

/**
 * One page of the pool, newest first, from the cursor on, with the totals of
 * the whole pool and the assignments the owner can still take back.
 */
export async function poolPage(
  context: PoolContext,
  scope: PoolScope,
  query: Pick<PoolQuery, 'cursor' | 'limit'>,
): Promise<PoolPage> {
  const result = await listPoolTips(context.database, {
    businessId: scope.businessId,
    limit: query.limit,
    after: query.cursor,
  });
  const last = result.rows.at(-1);
  const assigned = await listUndoablePoolAssignments(context.database, {
    businessId: scope.businessId,
    limit: UNDOABLE_LISTED,
  });
  return {
    items: result.rows.map(presentPoolTip),
    total: result.total,
    totalCents: result.totalCents,
    nextCursor: result.more && last ? poolCursor({ createdAt: last.cursor_at, id: last.id }) : null,
    assigned: assigned.map(presentPoolAssigned),
  };
}

/**
 * Gives a pooled tip to one employee by hand: one allocation of the whole amount with the reason
 * the employee reads, and the audit row, in one transaction; the tip row is locked, so it can be
 * given once only. The employee's dashboard then shows it (live, through tip_events).
 */
export async function assignPoolTip(
  context: PoolContext,
  scope: PoolScope,
  tipId: string,
  profileId: string,
): Promise<PoolAssignResult> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const tip = await lockTip(tx, tipId);
    const allocations = tip ? await selectAnyAllocation(tx, tipId) : [];
    const person = await selectAssignee(tx, profileId);
    const problem = poolAssignProblem({
      tip: tip
        ? {
            businessId: tip.businessId,
            // Only money nobody has received yet: never a tip already paid out.
            waiting: tip.status === 'pending' && tip.duplicateOf === null,
            received: tip.employeeId !== null || allocations.length > 0,
          }
        : null,
      person: person
        ? { businessId: person.businessId, disabled: person.disabledAt !== null }
        : null,
      businessId: scope.businessId,
    });
    if (problem) throw new AppError(POOL_ERRORS[problem]);
    const place = await placeOf(tx, tip!);
    await insertAllocation(tx, {
      tipId,
      profileId,
      amountCents: tip!.amountCents,
      weight: 1,
      reason: place ? `${POOL_ASSIGNED_REASON} (${place})` : POOL_ASSIGNED_REASON,
      createdAt: now,
    });
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'pool_tip_assign',
      targetType: 'tip',
      targetId: tipId,
      payload: {
        profileId,
        personName: auditPersonName(person!),
        amountCents: tip!.amountCents,
        currency: tip!.currency,
        pointLabel: place,
        paidAt: tip!.paidAt?.toISOString() ?? null,
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    const change: TipChange = {
      tipId,
      status: tip!.status,
      employeeIds: [profileId],
      teamId: tip!.teamId,
      businessId: tip!.businessId,
    };
    await publishTipChangesInTransaction(tx, context.database, [change]);
    return {
      tipId,
      profileId,
      personName: auditPersonName(person!),
      amountCents: tip!.amountCents,
    };
  });
}

/**
 * Takes a pool assignment back until the next payout: the allocation goes,
 * the tip is in the pool again, and the audit row says who undid what, in one transaction with
 * the tip row locked. Refused once a payout carries it.
 */
export async function unassignPoolTip(
  context: PoolContext,
  scope: PoolScope,
  tipId: string,
): Promise<PoolUnassignResult> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const tip = await lockTip(tx, tipId);
    const allocations = tip ? await lockAllocationsOfTip(tx, tipId) : [];
    const problem = poolUndoProblem({
      tip: tip
        ? { businessId: tip.businessId, status: tip.status, employeeId: tip.employeeId }
        : null,
      allocations: allocations.map((allocation) => ({
        fromPool: allocation.reason.startsWith(POOL_ASSIGNED_REASON),
        payoutId: allocation.payoutId,
      })),
      businessId: scope.businessId,
    });
    if (problem) throw new AppError(POOL_ERRORS[problem]);
    const allocation = allocations[0]!;
    const person = await selectPersonName(tx, allocation.profileId);
    const personName = person ? auditPersonName(person) : '';
    const place = await placeOf(tx, tip!);
    await deleteAllocation(tx, allocation.id);
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'pool_tip_unassign',
      targetType: 'tip',
      targetId: tipId,
      payload: {
        profileId: allocation.profileId,
        personName,
        amountCents: tip!.amountCents,
        currency: tip!.currency,
        pointLabel: place,
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    const change: TipChange = {
      tipId,
      status: tip!.status,
      employeeIds: [allocation.profileId],
      teamId: tip!.teamId,
      businessId: tip!.businessId,
    };
    await publishTipChangesInTransaction(tx, context.database, [change]);
    return {
      tipId,
      profileId: allocation.profileId,
      personName,
      amountCents: tip!.amountCents,
    };
  });
}
