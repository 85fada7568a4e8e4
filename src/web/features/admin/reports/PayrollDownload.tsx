import { useId, useState } from 'react';
import { berlinDay } from '../../../../shared/domain/berlin-day';
import { adminRotaPart } from '../../../../shared/i18n/admin-catalogue-rota';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/Card';
import { Label } from '../../../components/ui/Field';
import { useAdminTexts } from '../../../lib/admin-language';
import { scoped } from '../business-scope';

/** The month before today's (Berlin), 'YYYY-MM'. */
function lastMonth(): string {
  const [year, month] = berlinDay(new Date()).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const linkClasses =
  'inline-flex h-10 items-center justify-center rounded-md border border-border px-4 text-sm font-medium hover:bg-muted';

/** 'Trinkgeld-Übersicht für die Lohnbuchhaltung' (decision 0670): a month as CSV or PDF. */
export function PayrollDownload() {
  const { payroll: t } = useAdminTexts(adminRotaPart);
  const [month, setMonth] = useState(lastMonth);
  const monthId = useId();
  const valid = MONTH.test(month);
  const path = (kind: 'csv' | 'pdf') =>
    scoped(`/api/admin/reports/payroll.${kind}?${new URLSearchParams({ month })}`);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={monthId}>{t.month}</Label>
          <input
            id={monthId}
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            className="h-10 rounded-md border border-border bg-background px-3 text-sm"
          />
        </div>
        {valid ? (
          <>
            <a href={path('csv')} download className={linkClasses}>
              {t.csv}
            </a>
            <a href={path('pdf')} download className={linkClasses}>
              {t.pdf}
            </a>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
