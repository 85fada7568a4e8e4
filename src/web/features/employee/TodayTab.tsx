import type { EmployeeTip, TodayOverview } from '../../../shared/api/employee';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { GuestFeedback, StatusBadge } from './TipRow';
import { useStaffFormat, useStaffTexts } from '../../lib/staff-language';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

function ShortList({ title, tips }: { title: string; tips: EmployeeTip[] }) {
  const t = useStaffTexts(staffDashboardPart).employee;
  const { cents: formatCents, relative: formatRelative } = useStaffFormat();
  if (tips.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <ul className="flex flex-col gap-2">
        {tips.map((tip) => (
          <li
            key={`${tip.id}-${tip.tipSource}`}
            data-testid="today-tip"
            className="flex items-center justify-between gap-2 rounded-lg border border-border p-3"
          >
            <div className="flex min-w-0 flex-col">
              <span className="font-semibold">{formatCents(tip.amountCents, tip.currency)}</span>
              <span className="text-xs text-muted-foreground">
                {formatRelative(tip.createdAt)} ·{' '}
                {tip.tipSource === 'team' ? t.source.team : t.source.direct}
              </span>
              <GuestFeedback tip={tip} className="mt-1 [overflow-wrap:anywhere] text-sm" />
            </div>
            <StatusBadge tip={tip} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Today's short lists as one, newest first whatever the state: a tip paid out in the morning
 * does not stand above a newer one still pending. Each row has its badge.
 */
export function newestFirst(today: TodayOverview): EmployeeTip[] {
  return [...today.paid, ...today.pending].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}

/**
 * 'Heute': at most three paid-out and three pending tips of today, then 'plus n weitere', which
 * opens the full list (`onShowAll`).
 */
export function TodayCard({
  today,
  loading,
  onShowAll,
}: {
  today: TodayOverview | undefined;
  loading: boolean;
  onShowAll: () => void;
}) {
  const t = useStaffTexts(staffDashboardPart).employee;
  const { cents: formatCents } = useStaffFormat();
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:flex-wrap sm:items-baseline sm:justify-between">
        <CardTitle>{t.today.title}</CardTitle>
        {today ? (
          <span className="text-sm text-muted-foreground" data-testid="today-total">
            {t.today.total}:{' '}
            <strong className="text-foreground">{formatCents(today.totalCents)}</strong>
          </span>
        ) : (
          // The total's line, held while it loads, so the tips below do not move when it comes.
          <span aria-hidden="true" className="text-sm">
            &nbsp;
          </span>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {loading || !today ? (
          <Spinner />
        ) : today.paid.length + today.pending.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t.today.empty}</p>
        ) : (
          <>
            <ShortList title={t.today.title} tips={newestFirst(today)} />
            {today.moreCount > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                className="self-start text-primary underline underline-offset-4"
                onClick={onShowAll}
              >
                {t.today.more(today.moreCount)}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
