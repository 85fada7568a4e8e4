import type { Executor } from '../../db/connect';
import { listPaidTeamTips, listSharesOf, listTeamsOfMember } from './queries';
import type { TeamTipRow, TeamTipShareRow } from './queries';

export const TEAM_TIPS_LIMIT = 50;

/**
 * The tips of every team the person belongs to now, since a moment, each with all members'
 * shares and reasons. Only current members see a team's tips; the guest's
 * message reaches every one of them, also those who were not on shift.
 */
export async function teamTipsOf(
  db: Executor,
  profileId: string,
  since: Date,
): Promise<{
  teams: { id: string; name: string }[];
  tips: TeamTipRow[];
  shares: TeamTipShareRow[];
  limit: number;
}> {
  const myTeams = await listTeamsOfMember(db, profileId);
  if (myTeams.length === 0) return { teams: [], tips: [], shares: [], limit: TEAM_TIPS_LIMIT };
  const rows = await listPaidTeamTips(
    db,
    myTeams.map((team) => team.id),
    since,
    TEAM_TIPS_LIMIT,
  );
  const shares =
    rows.length === 0
      ? []
      : await listSharesOf(
          db,
          rows.map((row) => row.id),
        );
  return { teams: myTeams, tips: rows, shares, limit: TEAM_TIPS_LIMIT };
}
