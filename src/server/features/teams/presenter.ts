import type { Team, TeamTips } from '../../../shared/api/teams';
import { FEEDBACK_EMOJIS, type FeedbackEmoji } from '../../../shared/domain/tips';
import type { TeamMemberRow, TeamSplitRule, TeamTipRow, TeamTipShareRow } from './queries';

/** A team as the service reads it: its row, current members and active point count. */
export interface TeamWithMembers {
  id: string;
  name: string;
  splitRule: TeamSplitRule;
  members: TeamMemberRow[];
  pointCount: number;
}

export function presentTeam(team: TeamWithMembers): Team {
  return {
    id: team.id,
    name: team.name,
    splitRule: team.splitRule,
    members: team.members.map(({ profileId, fullName, email, weight }) => ({
      profileId,
      fullName,
      email,
      weight,
    })),
    pointCount: team.pointCount,
  };
}

export function presentTeamList(teams: TeamWithMembers[]): { items: Team[] } {
  return { items: teams.map(presentTeam) };
}

const isEmoji = (value: string | null): value is FeedbackEmoji =>
  value !== null && (FEEDBACK_EMOJIS as readonly string[]).includes(value);

/** The own teams' tips, each with every member's share; `mine` marks the asking person's. */
export function presentTeamTips(
  read: {
    teams: { id: string; name: string }[];
    tips: TeamTipRow[];
    shares: TeamTipShareRow[];
    limit: number;
  },
  profileId: string,
): TeamTips {
  const teamName = new Map(read.teams.map((team) => [team.id, team.name]));
  return {
    teams: read.teams,
    limit: read.limit,
    items: read.tips.map((row) => ({
      id: row.id,
      teamName: teamName.get(row.teamId!) ?? '',
      createdAt: row.createdAt.toISOString(),
      amountCents: row.amountCents,
      currency: row.currency,
      guestMessage: row.guestMessage?.trim() || null,
      feedbackEmoji: isEmoji(row.feedbackEmoji) ? row.feedbackEmoji : null,
      feedbackMessage: row.feedbackMessage?.trim() || null,
      shares: read.shares
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
