import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TeamTip } from '../../../shared/api/teams';
import { DEFAULT_STATS_PERIOD, type StatsPeriod } from '../../../shared/domain/constants';
import { FEEDBACK_EMOJI_CHARS } from '../../../shared/domain/tips';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../lib/cn';
import { employeeApi, employeeKeys } from './employee-api';
import { PeriodSelect } from './PeriodSelect';
import { useSplitReason, useStaffFormat, useStaffTexts } from '../../lib/staff-language';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

/**
 * 'Team': every tip of the person's teams, how it was split among all members
 * and why, with the guest's words; nothing about who the guest was.
 */
export function TeamTab() {
  const t = useStaffTexts(staffDashboardPart).employee;
  const [period, setPeriod] = useState<StatsPeriod>(DEFAULT_STATS_PERIOD);
  const query = useQuery({
    queryKey: employeeKeys.teamTips(period),
    queryFn: () => employeeApi.teamTips(period),
  });
  const data = query.data;
  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle>{t.teamTab.title}</CardTitle>
        <CardDescription>{t.teamTab.description}</CardDescription>
        <PeriodSelect value={period} onChange={setPeriod} />
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <p role="alert" className="text-destructive">
            {query.error.message}
          </p>
        ) : data!.teams.length === 0 ? (
          <p className="text-muted-foreground">{t.teamTab.noTeam}</p>
        ) : data!.items.length === 0 ? (
          <p className="text-muted-foreground">{t.teamTab.empty}</p>
        ) : (
          <>
            <ul className="flex flex-col" data-testid="team-tips">
              {data!.items.map((tip) => (
                <TeamTipRow key={tip.id} tip={tip} />
              ))}
            </ul>
            {data!.items.length >= data!.limit ? (
              <p className="mt-2 text-sm text-muted-foreground">{t.teamTab.limited(data!.limit)}</p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TeamTipRow({ tip }: { tip: TeamTip }) {
  const t = useStaffTexts(staffDashboardPart).employee;
  const { quote } = useStaffTexts().screens;
  const { cents: formatCents, dateTime: formatDateTime } = useStaffFormat();
  const sayReason = useSplitReason();
  const words = [tip.guestMessage, tip.feedbackMessage]
    .filter((w): w is string => Boolean(w))
    .map(quote);
  return (
    <li
      className="flex flex-col gap-2 border-b border-border py-3 last:border-0"
      data-testid="team-tip"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-lg font-semibold">{formatCents(tip.amountCents, tip.currency)}</span>
        <span className="text-sm text-muted-foreground">
          {tip.teamName} · {formatDateTime(tip.createdAt)}
        </span>
      </div>
      {tip.feedbackEmoji || words.length > 0 ? (
        <blockquote className="border-l-4 border-accent pl-3 italic">
          {tip.feedbackEmoji ? `${FEEDBACK_EMOJI_CHARS[tip.feedbackEmoji]} ` : null}
          {words.join(' ')}
        </blockquote>
      ) : null}
      {tip.shares.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.teamTab.pooled}</p>
      ) : (
        <ul aria-label={t.teamTab.sharesLabel} className="flex flex-col gap-1 text-sm">
          {tip.shares.map((share) => (
            <li
              key={`${share.name}-${share.amountCents}`}
              className={cn(
                'flex flex-wrap justify-between gap-x-3',
                share.mine && 'font-semibold',
              )}
            >
              <span>
                {share.name} {share.mine ? t.teamTab.you : null}
              </span>
              <span className="tabular-nums">
                {formatCents(share.amountCents, tip.currency)} · {sayReason(share.reason)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
