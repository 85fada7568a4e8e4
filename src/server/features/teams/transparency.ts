import { and, asc, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { TeamTips } from '../../../shared/api/teams';
import {
  FEEDBACK_EMOJIS,
  type FeedbackEmoji,
  PAID_TIP_STATUSES,
} from '../../../shared/domain/tips';
import type { Executor } from '../../db/connect';
import { profiles, teamMembers, teams, tipAllocations, tips } from '../../db/schema';

export const TEAM_TIPS_LIMIT = 50;

const isEmoji = (value: string | null): value is FeedbackEmoji =>
  value !== null && (FEEDBACK_EMOJIS as readonly string[]).includes(value);

/**
 * The tips of every team the person belongs to now, since a moment, each with all members'
 * shares and reasons. Only current members see a team's tips; the guest's
 * message reaches every one of them, also those who were not on shift.
 */
export async function teamTipsOf(db: Executor, profileId: string, since: Date): Promise<TeamTips> {
  const myTeams = await db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), eq(teams.active, true)))
    .where(and(eq(teamMembers.profileId, profileId), isNull(teamMembers.leftAt)))
    .orderBy(asc(teams.name), asc(teams.id));
  if (myTeams.length === 0) return { teams: [], items: [], limit: TEAM_TIPS_LIMIT };
  const rows = await db
    .select({
      id: tips.id,
      teamId: tips.teamId,
      createdAt: tips.createdAt,
      amountCents: tips.amountCents,
      currency: tips.currency,
      guestMessage: tips.guestMessage,
      feedbackEmoji: tips.feedbackEmoji,
      feedbackMessage: tips.feedbackMessage,
    })
    .from(tips)
    .where(
      and(
        inArray(
          tips.teamId,
          myTeams.map((team) => team.id),
        ),
        inArray(tips.status, [...PAID_TIP_STATUSES]),
        gte(tips.createdAt, since),
      ),
    )
    .orderBy(desc(tips.createdAt), asc(tips.id))
    .limit(TEAM_TIPS_LIMIT);
  const shares =
    rows.length === 0
      ? []
      : await db
          .select({
            tipId: tipAllocations.tipId,
            profileId: tipAllocations.profileId,
            amountCents: tipAllocations.amountCents,
            reason: tipAllocations.reason,
            fullName: profiles.fullName,
            email: profiles.email,
          })
          .from(tipAllocations)
          .innerJoin(profiles, eq(profiles.id, tipAllocations.profileId))
          .where(
            inArray(
              tipAllocations.tipId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(desc(tipAllocations.amountCents), asc(profiles.fullName));
  const teamName = new Map(myTeams.map((team) => [team.id, team.name]));
  return {
    teams: myTeams,
    limit: TEAM_TIPS_LIMIT,
    items: rows.map((row) => ({
      id: row.id,
      teamName: teamName.get(row.teamId!) ?? '',
      createdAt: row.createdAt.toISOString(),
      amountCents: row.amountCents,
      currency: row.currency,
      guestMessage: row.guestMessage?.trim() || null,
      feedbackEmoji: isEmoji(row.feedbackEmoji) ? row.feedbackEmoji : null,
      feedbackMessage: row.feedbackMessage?.trim() || null,
      shares: shares
        .filter((share) => share.tipId === row.id)
        .map((share) => ({
          name: share.fullName?.trim() || share.email,
          amountCents: share.amountCents,
          reason: share.reason,
          mine: share.profileId === profileId,
        })),
    })),
  };
}
