/** Team tip splits (issue 11): the rules and the reason each member reads. */
export const TEAM_SPLIT_RULES = ['equal', 'weighted'] as const;
export type TeamSplitRule = (typeof TEAM_SPLIT_RULES)[number];

export const TEAM_SPLIT_RULE_LABELS: Record<TeamSplitRule, string> = {
  equal: 'Zu gleichen Teilen',
  weighted: 'Gewichtet (Punkte je Mitglied)',
};

/**
 * Why a member got their share, in the words staff read in their dashboard:
 * "zu gleichen Teilen unter 3 Mitgliedern", "2 von 5 Punkten".
 */
export function splitReason(
  rule: TeamSplitRule,
  share: { members: number; weight: number; weightSum: number },
): string {
  if (rule === 'weighted') {
    return `${share.weight} von ${share.weightSum} ${share.weightSum === 1 ? 'Punkt' : 'Punkten'}`;
  }
  return share.members === 1
    ? 'als einziges Mitglied'
    : `zu gleichen Teilen unter ${share.members} Mitgliedern`;
}

/**
 * What the guest reads before paying (issue 11): who receives a tip through this code.
 * Null for a person, whose name is on the card already.
 */
export function receiverNote(
  target:
    | { kind: 'team'; rule: TeamSplitRule; members: number }
    | { kind: 'object'; businessName: string }
    | { kind: 'person' },
): string | null {
  if (target.kind === 'person') return null;
  if (target.kind === 'object') return `Ihr Trinkgeld geht an das Team von ${target.businessName}.`;
  if (target.members <= 1) return 'Ihr Trinkgeld geht an das Team.';
  return target.rule === 'weighted'
    ? `Ihr Trinkgeld wird nach Punkten unter ${target.members} Mitarbeitenden aufgeteilt.`
    : `Ihr Trinkgeld wird zu gleichen Teilen unter ${target.members} Mitarbeitenden aufgeteilt.`;
}
