import { berlinDay } from '../../../shared/domain/berlin-day';
import {
  hoursReason,
  POINTS_MILLI_DEFAULT,
  splitByHours,
} from '../../../shared/domain/hours-split';
import { splitCents } from '../../../shared/domain/money';
import { splitReason, type TeamSplitRule } from '../../../shared/domain/team-split';
import { routeTip } from '../../../shared/domain/tip-route';
import type { Executor, Tx } from '../../db/connect';
import { activeTeamMembers, onShiftAt } from './on-shift';
import {
  findPointKind,
  findTeam,
  insertAllocations,
  listHoursWorked,
  memberWeightsOf,
  type TipRow,
} from './queries';

interface Share {
  profileId: string;
  weight: number;
}

async function writeShares(
  tx: Tx,
  tip: TipRow,
  at: Date,
  rule: TeamSplitRule,
  shares: Share[],
  shift: { onShift?: boolean; place?: string | null },
) {
  const weights = shares.map((share) => share.weight);
  const amounts = splitCents(tip.amountCents, weights);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  await insertAllocations(
    tx,
    shares.map((share, index) => ({
      tipId: tip.id,
      profileId: share.profileId,
      amountCents: amounts[index]!,
      weight: share.weight,
      splitRule: rule,
      reason: splitReason(
        rule,
        {
          members: shares.length,
          weight: rule === 'weighted' ? share.weight : 1,
          weightSum: rule === 'weighted' ? weightSum : shares.length,
        },
        shift,
      ),
      createdAt: at,
    })),
  );
}

/**
 * A team tip by hours (decision 0660): among the people on the team's rota that Berlin day (a
 * shift counts to the day it started), by minutes × points, with the rule and facts kept on each
 * share. Answers false when nobody worked that day: the tip stays in the pool.
 */
async function writeHoursShares(
  tx: Tx,
  tip: TipRow,
  team: { id: string; businessId: string },
  at: Date,
): Promise<boolean> {
  const day = berlinDay(at);
  const rows = await listHoursWorked(tx, {
    businessId: team.businessId,
    teamId: team.id,
    firstDay: day,
    lastDay: day,
  });
  const workers = rows.map((row) => ({
    profileId: row.profileId,
    minutes: row.minutes,
    pointsMilli: row.pointsMilli ?? POINTS_MILLI_DEFAULT,
  }));
  const shares = splitByHours(tip.amountCents, workers);
  if (shares.length === 0) return false;
  const counted = shares.map(({ minutes, pointsMilli }) => ({ minutes, pointsMilli }));
  await insertAllocations(
    tx,
    shares.map((share) => ({
      tipId: tip.id,
      profileId: share.profileId,
      amountCents: share.amountCents,
      weight: 1,
      splitRule: 'hours' as const,
      workMinutes: share.minutes,
      pointsMilli: share.pointsMilli,
      reason: hoursReason(share, { workers: counted, totalCents: tip.amountCents }, tip.currency),
      createdAt: at,
    })),
  );
  return true;
}

/** Team points (weighted rule) give each person their member points; others on shift count 1. */
async function memberWeights(tx: Executor, teamId: string, people: string[]) {
  if (people.length === 0) return new Map<string, number>();
  return memberWeightsOf(tx, teamId, people);
}

/**
 * Splits a paid tip that no single person received, in the transaction that marked it paid
 * (decisions 0020, 0121, 0122):
 * 1. an object point's tip goes to whoever is assigned to the point at that moment (split by the
 *    rule of the point's team when it has one, else equally);
 * 2. else a team tip (a team point, or an object point of a team) splits among the team's members
 *    on shift when the team has shift assignments at that moment, else among all active members;
 * 3. else it stays in the owner's pool (no allocation), to be assigned by hand.
 */
export async function allocatePaidTip(tx: Tx, tip: TipRow, at: Date): Promise<void> {
  if (tip.employeeId) return;
  const team = tip.teamId ? await findTeam(tx, tip.teamId) : undefined;
  const point = tip.entrypointId ? await findPointKind(tx, tip.entrypointId) : undefined;
  // The facts are read in the rule's order, each only when the earlier ones left it open.
  const atPoint =
    point?.type === 'object' && tip.entrypointId
      ? await onShiftAt(tx, { entrypointId: tip.entrypointId }, at)
      : [];
  // A team that splits by hours shares what reaches the team by that day's rota, or leaves it
  // in the pool when nobody of the team worked that day (decision 0660).
  if (team?.splitRule === 'hours' && atPoint.length === 0) {
    await writeHoursShares(tx, tip, team, at);
    return;
  }
  const onShift = team && atPoint.length === 0 ? await onShiftAt(tx, { teamId: team.id }, at) : [];
  const members =
    team && atPoint.length === 0 && onShift.length === 0 ? await activeTeamMembers(tx, team) : [];
  const route = routeTip({
    person: false,
    objectPoint: point?.type === 'object',
    atPoint: atPoint.length,
    team: team ? { onShift: onShift.length, members: members.length } : null,
  });

  if (route === 'people-at-point') {
    const rule: TeamSplitRule = team?.splitRule === 'weighted' ? 'weighted' : 'equal';
    const weights =
      team && rule === 'weighted'
        ? await memberWeights(
            tx,
            team.id,
            atPoint.map((p) => p.profileId),
          )
        : new Map<string, number>();
    await writeShares(
      tx,
      tip,
      at,
      rule,
      atPoint.map((p) => ({ profileId: p.profileId, weight: weights.get(p.profileId) ?? 1 })),
      { place: point?.label ?? 'diesem Platz' },
    );
  } else if (route === 'team-on-shift' && team) {
    const weights =
      team.splitRule === 'weighted'
        ? await memberWeights(
            tx,
            team.id,
            onShift.map((p) => p.profileId),
          )
        : new Map<string, number>();
    await writeShares(
      tx,
      tip,
      at,
      team.splitRule,
      onShift.map((p) => ({ profileId: p.profileId, weight: weights.get(p.profileId) ?? 1 })),
      { onShift: true },
    );
  } else if (route === 'team-members' && team) {
    await writeShares(tx, tip, at, team.splitRule, members, {});
  }
  // 'pool': no allocation; the owner assigns it by hand.
}
