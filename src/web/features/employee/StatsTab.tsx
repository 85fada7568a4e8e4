import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_STATS_PERIOD, type StatsPeriod } from '../../../shared/domain/constants';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { employeeApi, employeeKeys } from './employee-api';
import { PeriodSelect } from './PeriodSelect';
import { StatsChart } from './StatsChart';
import { useStaffFormat, useStaffTexts } from '../../lib/staff-language';
import { staffPanelsPart } from '../../../shared/i18n/staff-panels';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** 'Statistiken': total, count and average per day of a period, and a chart of tips per day. */
export function StatsTab() {
  const t = useStaffTexts(staffPanelsPart).employee;
  const { cents: formatCents, number: formatNumber } = useStaffFormat();
  const [period, setPeriod] = useState<StatsPeriod>(DEFAULT_STATS_PERIOD);
  const query = useQuery({
    queryKey: employeeKeys.stats(period),
    queryFn: () => employeeApi.stats(period),
  });
  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle>{t.stats.title}</CardTitle>
        <PeriodSelect value={period} onChange={setPeriod} />
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <p role="alert" className="text-destructive">
            {query.error.message}
          </p>
        ) : (
          <>
            <dl className="grid gap-3 sm:grid-cols-3">
              <Figure
                label={t.stats.total}
                value={formatCents(query.data.totalCents)}
                testId="stats-total"
              />
              <Figure
                label={t.stats.count}
                value={formatNumber(query.data.count)}
                testId="stats-count"
              />
              <Figure
                label={t.stats.average}
                value={formatCents(query.data.averagePerDayCents)}
                testId="stats-average"
              />
            </dl>
            <StatsChart days={query.data.days} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
