import { createHash } from 'node:crypto';
import {
  POOL_DISTRIBUTION_ERRORS,
  type PoolDistributionPreview,
  type PoolDistributionResult,
  type PoolDistributionShare,
} from '../../../shared/api/pool';
import { auditPersonName } from '../../../shared/domain/audit-events';
import {
  type HoursShare,
  periodDays,
  POINTS_MILLI_DEFAULT,
  poolHoursReason,
  splitByHours,
} from '../../../shared/domain/hours-split';
import type { Executor, Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/write';
import { listHoursWorked } from '../shifts/queries';
import { publishTipChangesInTransaction, type TipChange } from '../tip-lifecycle/events';
import { insertAllocations, insertPoolDistribution, listPeriodPoolTips } from './queries';
import type { PoolContext, PoolScope } from './service';

type PeriodTip = Awaited<ReturnType<typeof listPeriodPoolTips>>[number];

interface Computed {
  preview: PoolDistributionPreview;
  tips: PeriodTip[];
  shares: HoursShare[];
}

/** The preview's facts, from the pool and the rota as they are now. */
async function compute(
  executor: Executor,
  businessId: string,
  query: { period: 'day' | 'week'; day: string },
): Promise<Computed> {
  const days = periodDays(query.period, query.day);
  const periodTips = await listPeriodPoolTips(executor, { businessId, ...days });
  const worked = await listHoursWorked(executor, { businessId, ...days });
  const amountCents = periodTips.reduce((sum, tip) => sum + tip.amountCents, 0);
  const currency = periodTips[0]?.currency ?? 'eur';
  const workers = worked.map((row) => ({
    profileId: row.profileId,
    minutes: row.minutes,
    pointsMilli: row.pointsMilli ?? POINTS_MILLI_DEFAULT,
  }));
  const shares = splitByHours(amountCents, workers);
  const counted = shares.map(({ minutes, pointsMilli }) => ({ minutes, pointsMilli }));
  const byId = new Map(worked.map((row) => [row.profileId, row]));
  const presented: PoolDistributionShare[] = shares.map((share) => {
    const row = byId.get(share.profileId)!;
    return {
      profileId: share.profileId,
      name: auditPersonName(row),
      role: row.roleLabel ?? '',
      minutes: share.minutes,
      pointsMilli: share.pointsMilli,
      amountCents: share.amountCents,
      explanation: poolHoursReason(
        days,
        share,
        { workers: counted, totalCents: amountCents },
        currency,
      ),
    };
  });
  // The fingerprint covers the money (every tip and amount) and every share's facts.
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        days,
        tips: periodTips.map((tip) => [tip.id, tip.amountCents]),
        shares: shares.map((s) => [s.profileId, s.minutes, s.pointsMilli, s.amountCents]),
      }),
    )
    .digest('hex');
  return {
    preview: {
      ...days,
      amountCents,
      tipCount: periodTips.length,
      currency,
      shares: presented,
      fingerprint,
    },
    tips: periodTips,
    shares,
  };
}

export async function previewPoolDistribution(
  context: PoolContext,
  scope: PoolScope,
  query: { period: 'day' | 'week'; day: string },
): Promise<PoolDistributionPreview> {
  return (await compute(context.database.db, scope.businessId, query)).preview;
}

/**
 * Fills the tips with the shares (decision 0660): tip by tip, oldest first, each person's share
 * in turn, so that every tip's allocations add up to the tip and every person's to their share.
 * A tip and a person meet at most once.
 */
export function fillTips(
  periodTips: readonly { id: string; amountCents: number }[],
  shares: readonly { profileId: string; amountCents: number }[],
): { tipId: string; profileId: string; amountCents: number }[] {
  const rows: { tipId: string; profileId: string; amountCents: number }[] = [];
  const left = shares.map((share) => share.amountCents);
  let person = 0;
  for (const tip of periodTips) {
    let open = tip.amountCents;
    while (open > 0 && person < shares.length) {
      const take = Math.min(open, left[person]!);
      if (take > 0)
        rows.push({ tipId: tip.id, profileId: shares[person]!.profileId, amountCents: take });
      open -= take;
      left[person]! -= take;
      if (left[person] === 0) person += 1;
    }
  }
  return rows;
}

/**
 * Confirms a preview: locks the period's pool tips, computes again and writes the shares only
 * when the fingerprint is the same; one audit row. A second confirmation finds the pool empty
 * and pays nothing.
 */
export async function confirmPoolDistribution(
  context: PoolContext,
  scope: PoolScope,
  input: { period: 'day' | 'week'; day: string; fingerprint: string },
): Promise<PoolDistributionResult> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx: Tx) => {
    const days = periodDays(input.period, input.day);
    // Lock first, then read afresh, so a confirmation running at the same time waits and then
    // sees the allocations this one wrote.
    await listPeriodPoolTips(tx, { businessId: scope.businessId, ...days, lock: true });
    const now2 = await compute(tx, scope.businessId, input);
    if (now2.tips.length === 0)
      throw new AppError(POOL_DISTRIBUTION_ERRORS.pool_distribution_empty);
    if (now2.shares.length === 0) {
      throw new AppError(POOL_DISTRIBUTION_ERRORS.pool_distribution_nobody);
    }
    if (now2.preview.fingerprint !== input.fingerprint) {
      throw new AppError(POOL_DISTRIBUTION_ERRORS.pool_distribution_changed);
    }
    const { preview } = now2;
    const auditShares = preview.shares.map((share) => ({
      profileId: share.profileId,
      personName: share.name,
      minutes: share.minutes,
      pointsMilli: share.pointsMilli,
      amountCents: share.amountCents,
    }));
    const distributionId = await insertPoolDistribution(tx, {
      businessId: scope.businessId,
      firstDay: preview.firstDay,
      lastDay: preview.lastDay,
      amountCents: preview.amountCents,
      tipCount: preview.tipCount,
      shares: auditShares,
      createdBy: scope.actor.userId,
      createdAt: now,
    });
    const byPerson = new Map(now2.shares.map((share) => [share.profileId, share]));
    const explanation = new Map(
      preview.shares.map((share) => [share.profileId, share.explanation]),
    );
    const rows = fillTips(now2.tips, now2.shares);
    await insertAllocations(
      tx,
      rows.map((row) => ({
        tipId: row.tipId,
        profileId: row.profileId,
        amountCents: row.amountCents,
        weight: 1,
        reason: explanation.get(row.profileId)!,
        splitRule: 'pool_hours' as const,
        workMinutes: byPerson.get(row.profileId)!.minutes,
        pointsMilli: byPerson.get(row.profileId)!.pointsMilli,
        poolDistributionId: distributionId,
        createdAt: now,
      })),
    );
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'pool_distribute',
      targetType: 'business',
      targetId: scope.businessId,
      payload: {
        distributionId,
        firstDay: preview.firstDay,
        lastDay: preview.lastDay,
        amountCents: preview.amountCents,
        tipCount: preview.tipCount,
        shares: auditShares,
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    const changes: TipChange[] = now2.tips.map((tip) => ({
      tipId: tip.id,
      status: 'pending',
      employeeIds: rows.filter((row) => row.tipId === tip.id).map((row) => row.profileId),
      teamId: tip.teamId,
      businessId: scope.businessId,
    }));
    await publishTipChangesInTransaction(tx, context.database, changes);
    return { ...preview, distributionId };
  });
}
