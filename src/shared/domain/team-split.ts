import type { GuestCatalogue } from '../i18n/guest-catalogue';

/** Team tip splits: the rules and the reason each member reads. */
export const TEAM_SPLIT_RULES = ['equal', 'weighted', 'hours'] as const;
export type TeamSplitRule = (typeof TEAM_SPLIT_RULES)[number];

export const TEAM_SPLIT_RULE_LABELS: Record<TeamSplitRule, string> = {
  equal: 'Zu gleichen Teilen',
  weighted: 'Gewichtet (Punkte je Mitglied)',
  hours: 'Nach Arbeitsstunden (Dienstplan des Tages)',
};

/**
 * Why a member got their share, in the words staff read in their dashboard:
 * "zu gleichen Teilen unter 3 Mitgliedern", "2 von 5 Punkten".
 */
export function splitReason(
  rule: TeamSplitRule,
  share: { members: number; weight: number; weightSum: number },
  shift: { onShift?: boolean; place?: string | null } = {},
): string {
  // Shift routing (decision 0122): "… im Dienst", and for an object "… im Dienst an Tisch 7".
  const duty = shift.place ? ` im Dienst an ${shift.place}` : shift.onShift ? ' im Dienst' : '';
  if (rule === 'weighted' && share.members > 1) {
    return `${share.weight} von ${share.weightSum} ${share.weightSum === 1 ? 'Punkt' : 'Punkten'}${duty}`;
  }
  if (shift.place) {
    return share.members === 1
      ? `im Dienst an ${shift.place}`
      : `zu gleichen Teilen unter ${share.members} Mitarbeitenden${duty}`;
  }
  if (rule === 'weighted') {
    return `${share.weight} von ${share.weightSum} ${share.weightSum === 1 ? 'Punkt' : 'Punkten'}${duty}`;
  }
  return share.members === 1
    ? `als einziges Mitglied${duty}`
    : `zu gleichen Teilen unter ${share.members} Mitgliedern${duty}`;
}

/** Who receives a tip through a code, as facts: the page says them in the guest's language. */
export type ReceiverTarget =
  | { kind: 'team'; rule: TeamSplitRule; members: number; onShift?: boolean }
  | { kind: 'object'; businessName: string; onShiftNames?: string[] }
  | { kind: 'pool'; businessName: string }
  | { kind: 'person' };

/**
 * What the guest reads before paying: who receives a tip through this code, in the
 * guest's language, from that language's catalogue. Null for a person, whose name is
 * on the card already. The browser says it again when the guest switches the language.
 */
export function receiverNote(
  target: ReceiverTarget,
  t: GuestCatalogue['first']['receiver'],
): string | null {
  if (target.kind === 'person') return null;
  if (target.kind === 'pool') return t.pool(target.businessName);
  if (target.kind === 'object') {
    const names = target.onShiftNames ?? [];
    if (names.length === 1) return t.todayOne(names[0]!);
    if (names.length > 1) {
      return t.todayMany(`${names.slice(0, -1).join(', ')} ${t.and} ${names[names.length - 1]}`);
    }
    return t.businessTeam(target.businessName);
  }
  // By hours (decision 0660): the people on that day's rota; how much each gets depends on hours.
  if (target.rule === 'hours') return t.todayTeam;
  if (target.onShift) {
    if (target.members <= 1) return t.todayTeam;
    return target.rule === 'weighted'
      ? t.todayTeamWeighted(target.members)
      : t.todayTeamEqual(target.members);
  }
  if (target.members <= 1) return t.team;
  return target.rule === 'weighted' ? t.weighted(target.members) : t.equal(target.members);
}

/**
 * A stored reason (the German words of `splitReason`, kept with each allocation) said in English
 * for an English staff screen (decision 0383). The reasons are built from a few fixed phrases, so
 * each one is recognised; anything else stays as it was written.
 */
export function splitReasonInEnglish(german: string): string {
  // Shares by hours (decision 0660): "6 von 8 Stunden → 7,50 € von 10,00 €", with points, and
  // from 'Pool verteilen' with the period in front.
  const pooled = /^Pool nach Arbeitsstunden verteilt \((.+?)\): (.+)$/.exec(german);
  if (pooled)
    return `pool shared by hours worked (${pooled[1]}): ${splitReasonInEnglish(pooled[2]!)}`;
  const hours = /^(\S+) von (\S+) Stunden → (.+) von (.+)$/.exec(german);
  if (hours) return `${hours[1]} of ${hours[2]} hours → ${hours[3]} of ${hours[4]}`;
  const pointed =
    /^(\S+) Stunden × (\S+) Punkte? = (\S+) von (\S+) Punktstunden → (.+) von (.+)$/.exec(german);
  if (pointed) {
    const [, h, p, mine, all, amount, total] = pointed;
    return `${h} hours × ${p} ${p === '1' ? 'point' : 'points'} = ${mine} of ${all} point-hours → ${amount} of ${total}`;
  }
  const dutyMatch = / im Dienst(?: an (.+))?$/.exec(german);
  const duty = dutyMatch ? (dutyMatch[1] ? ` on duty at ${dutyMatch[1]}` : ' on duty') : '';
  const core = dutyMatch ? german.slice(0, dutyMatch.index) : german;
  let match = /^(\d+) von (\d+) Punkten?$/.exec(core);
  if (match) return `${match[1]} of ${match[2]} ${match[2] === '1' ? 'point' : 'points'}${duty}`;
  match = /^zu gleichen Teilen unter (\d+) (Mitarbeitenden|Mitgliedern)$/.exec(core);
  if (match) {
    return `split equally among ${match[1]} ${match[2] === 'Mitgliedern' ? 'members' : 'staff'}${duty}`;
  }
  if (core === 'als einziges Mitglied') return `as the only member${duty}`;
  match = /^im Dienst an (.+)$/.exec(german);
  if (match) return `on duty at ${match[1]}`;
  // The owner's pool (POOL_ASSIGNED_REASON, with the place in brackets).
  match = /^vom Betrieb aus dem Pool zugewiesen( \(.+\))?$/.exec(german);
  if (match) return `assigned from the pool by the business${match[1] ?? ''}`;
  return german;
}
