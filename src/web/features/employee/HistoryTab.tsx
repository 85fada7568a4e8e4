import { pageRange } from '../../../shared/domain/page-range';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatsPeriod } from '../../../shared/domain/constants';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { employeeApi, employeeKeys } from './employee-api';
import { PeriodSelect } from './PeriodSelect';
import { TipRow } from './TipRow';
import { useStaffTexts } from '../../lib/staff-language';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

const PAGE_SIZE = 20;

/**
 * 'Historie' (and, with `withMessage`, the message list of 'Nachrichten'): received tips of a
 * period, newest first, paged on the server.
 */
export function HistoryList({
  withMessage = false,
  title,
  emptyText,
  initialPeriod = 'week',
}: {
  withMessage?: boolean;
  title: string;
  emptyText: string;
  initialPeriod?: StatsPeriod;
}) {
  const t = useStaffTexts(staffDashboardPart).employee;
  const [period, setPeriod] = useState<StatsPeriod>(initialPeriod);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: employeeKeys.history(period, page, withMessage),
    queryFn: () => employeeApi.history(period, page, PAGE_SIZE, withMessage),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle>{title}</CardTitle>
        <PeriodSelect
          value={period}
          onChange={(next) => {
            setPeriod(next);
            setPage(1);
          }}
        />
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <p role="alert" className="text-destructive">
            {query.error.message}
          </p>
        ) : query.data.items.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{emptyText}</p>
        ) : (
          <>
            <ul>
              {query.data.items.map((tip) => (
                <TipRow key={`${tip.id}-${tip.tipSource}`} tip={tip} />
              ))}
            </ul>
            {pages > 1 ? (
              <nav className="mt-4 flex items-center justify-between gap-2" aria-label={title}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  {t.history.previous}
                </Button>
                <span className="text-sm text-muted-foreground">
                  {t.history.shownRange(pageRange(page, PAGE_SIZE, query.data.total))}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t.history.next}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
