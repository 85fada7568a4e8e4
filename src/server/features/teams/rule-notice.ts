import type { Readable } from 'node:stream';
import { TEAM_ERRORS } from '../../../shared/api/teams';
import { auditPersonName } from '../../../shared/domain/audit-events';
import { berlinDay } from '../../../shared/domain/berlin-day';
import { POINTS_MILLI_DEFAULT, pointsByRole } from '../../../shared/domain/hours-split';
import { AppError } from '../../http/errors';
import { germanDay, noticePdf } from '../../lib/notice-pdf';
import {
  listCurrentMembers,
  listWorkPointRows,
  splitRuleSetAt,
  teamForNotice,
  type TeamMemberRow,
} from './queries';
import type { TeamContext, TeamScope } from './service';

function ruleText(
  rule: 'equal' | 'weighted' | 'hours',
  members: TeamMemberRow[],
  points: Map<string, { pointsMilli: number; role: string }>,
): string[] {
  const names = members.map((member) => auditPersonName(member));
  const who = names.length > 0 ? names.join(', ') : 'noch keine Mitglieder';
  if (rule === 'equal') {
    return [
      'Aufgeteilt zu gleichen Teilen unter den Mitgliedern des Teams, auf den Cent genau.',
      `Mitglieder: ${who}.`,
    ];
  }
  if (rule === 'weighted') {
    const weights = members.map((member) => `${auditPersonName(member)} ${member.weight}`);
    return [
      'Aufgeteilt nach Punkten je Mitglied: jedes Mitglied erhält den Anteil seiner Punkte an der Summe aller Punkte, auf den Cent genau.',
      `Punkte je Mitglied: ${weights.length > 0 ? weights.join(' / ') : 'noch keine Mitglieder'}.`,
    ];
  }
  const byRole = pointsByRole(
    members.map((member) => ({
      name: auditPersonName(member),
      role: points.get(member.profileId)?.role ?? '',
      pointsMilli: points.get(member.profileId)?.pointsMilli ?? POINTS_MILLI_DEFAULT,
    })),
  );
  return [
    'Aufgeteilt nach Arbeitsstunden laut Dienstplan: jedes Trinkgeld wird unter den Mitgliedern geteilt, die an diesem Tag (Berliner Zeit) für das Team im Dienstplan stehen, nach ihren Stunden mal ihren Punkten, auf den Cent genau. Eine Schicht über Mitternacht zählt zum Tag, an dem sie begann. Steht an einem Tag niemand im Dienstplan, geht das Trinkgeld in den Pool.',
    `Punkte je Rolle: ${byRole || 'noch keine Mitglieder'}.`,
    `Mitglieder: ${who}.`,
  ];
}

/** The team's split rule as a one-page notice for the staff room (decision 0660). */
export async function teamRuleNotice(
  context: TeamContext,
  scope: TeamScope,
  id: string,
): Promise<{ pdf: Readable; teamName: string }> {
  const db = context.database.db;
  const team = await teamForNotice(db, scope.businessId, id);
  if (!team) throw new AppError(TEAM_ERRORS.team_not_found);
  const [members, pointRows, setAt] = await Promise.all([
    listCurrentMembers(db, [team.id]),
    listWorkPointRows(db, scope.businessId),
    splitRuleSetAt(db, team.id),
  ]);
  const points = new Map(
    pointRows.map((row) => [
      row.profileId,
      { pointsMilli: row.pointsMilli ?? POINTS_MILLI_DEFAULT, role: row.role ?? '' },
    ]),
  );
  const since = germanDay(berlinDay(setAt ?? team.createdAt));
  const pdf = noticePdf({
    title: `Teamtrinkgeld ${team.name}`,
    businessName: team.businessName,
    paragraphs: [
      `Was geteilt wird: Trinkgelder, die Gäste dem Team „${team.name}“ geben. Sie gehören vollständig den Beschäftigten; der Betrieb verwahrt sie nur und gibt sie weiter.`,
      ...ruleText(team.splitRule, members, points),
      'Jede Person sieht in ihrem Trinkgeld-Dashboard ihren Anteil und wie er berechnet wurde.',
    ],
    since: `Gültig seit ${since}.`,
    footer: `Ausgedruckt am ${germanDay(berlinDay(context.clock.now()))} · Trinkgeld`,
  });
  return { pdf, teamName: team.name };
}
