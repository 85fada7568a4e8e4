import { berlinDay } from '../../../../shared/domain/berlin-day';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from '../../../lib/router';
import {
  type Report,
  type ReportFigure,
  type ReportRange,
  reportRangeSchema,
} from '../../../../shared/api/reports';
import { FormError, SubmitButton, TextField } from '../../../components/form/fields';
import { Form, useZodForm } from '../../../components/form/form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/Table';
import { api } from '../../../lib/api';
import { formatCents, formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { messageOf } from '../admin-api';
import { AdminPage } from '../AdminPage';
import { scoped, useSelectedBusinessId } from '../business-scope';
import { useAdminTexts } from '../../../lib/admin-language';
import { adminReportsPart } from '../../../../shared/i18n/admin-catalogue-reports';
import { adminPayoutLabelsPart } from '../../../../shared/i18n/admin-catalogue-payout-labels';
import { usePlan, useProFeature } from '../plan/plan-api';
import { ProNotice } from '../plan/ProNotice';
import { PayrollDownload } from './PayrollDownload';

function defaultRange(): ReportRange {
  const today = berlinDay(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

const reportPath = (range: ReportRange, csv = false) =>
  scoped(
    `/api/admin/reports${csv ? '/tips.csv' : ''}?${new URLSearchParams({ from: range.from, to: range.to })}`,
  );

/** /admin/reports: figures of a chosen period, a chart per day, the CSV export, the payouts. */
export function ReportsPage() {
  const { admin: adminTexts, common: commonTexts, reports: r } = useAdminTexts(adminReportsPart);
  const businessId = useSelectedBusinessId();
  const [range, setRange] = useState<ReportRange>(defaultRange);
  // Reports are Pro (decision 0610): asked only once the plan says the business has them, so a
  // Basis business never meets a refusal. Should the plan not load, the server decides.
  const plan = usePlan();
  const { known, included } = useProFeature('reports');
  const locked = known && !included;
  const report = useQuery({
    queryKey: ['admin', businessId, 'reports', range] as const,
    queryFn: () => api.get<Report>(reportPath(range)),
    enabled: (known && included) || plan.isError,
  });
  const form = useZodForm(reportRangeSchema, { defaultValues: range });
  const data = report.data;
  // The export is of the period shown: while the fields hold another (perhaps refused) period,
  // it is off instead of quietly exporting the previous one.
  const [from, to] = useWatch({ control: form.control, name: ['from', 'to'] });
  const exportable = from === range.from && to === range.to;
  const staleHintId = useId();

  if (locked) {
    return (
      <AdminPage title={adminTexts.menu.reports.title} description={r.description}>
        <ProNotice feature="reports" />
      </AdminPage>
    );
  }

  return (
    <AdminPage title={adminTexts.menu.reports.title} description={r.description}>
      <Card>
        <CardContent className="pt-6">
          <Form
            form={form}
            className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
            onSubmit={(values) => setRange(values)}
          >
            <FormError />
            <TextField name="from" label={r.from} type="date" required className="sm:w-48" />
            <TextField name="to" label={r.to} type="date" required className="sm:w-48" />
            <SubmitButton pendingText={r.showing} className="sm:mt-7">
              {r.show}
            </SubmitButton>
            {exportable ? (
              <a
                href={reportPath(range, true)}
                download
                className="inline-flex h-10 items-center justify-center rounded-md border border-border px-4 text-sm font-medium hover:bg-muted sm:mt-7"
              >
                {r.csv}
              </a>
            ) : (
              <>
                <button
                  type="button"
                  disabled
                  aria-describedby={staleHintId}
                  className="inline-flex h-10 items-center justify-center rounded-md border border-border px-4 text-sm font-medium opacity-60 sm:mt-7"
                >
                  {r.csv}
                </button>
                <p id={staleHintId} className="text-sm text-muted-foreground sm:basis-full">
                  {r.csvStale}
                </p>
              </>
            )}
          </Form>
        </CardContent>
      </Card>
      {report.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(report.error, adminTexts.toasts.loadFailed)}
        </p>
      ) : !data ? (
        <Spinner label={commonTexts.loading} />
      ) : (
        <ReportView report={data} />
      )}
      <PayrollDownload />
    </AdminPage>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-border p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold">{value}</p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

function ReportView({ report }: { report: Report }) {
  const {
    labels: { payoutTriggers: PAYOUT_TRIGGER_LABELS },
    reports: r,
  } = useAdminTexts(adminReportsPart, adminPayoutLabelsPart);
  const max = Math.max(1, ...report.perDay.map((day) => day.amountCents));
  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="report">
      <section
        aria-label={r.totals}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Figure label={r.totals} value={formatCents(report.totals.amountCents)} />
        <Figure label={r.count} value={formatNumber(report.totals.count)} />
        <Figure label={r.contributions} value={formatCents(report.totals.contributionsCents)} />
        <Figure label={r.refunded} value={formatCents(report.totals.refundedCents)} />
      </section>
      <Card data-testid="report-qr">
        <CardHeader>
          <CardTitle>{r.qr}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label={r.visits} value={formatNumber(report.qr.visits)} />
          {/* Shown only where visits and what came of them are both known (decision 0461). */}
          <Figure
            label={r.conversion}
            value={
              report.qr.conversion === null
                ? '–'
                : `${formatNumber(Math.round(report.qr.conversion * 1000) / 10)} %`
            }
            hint={
              report.qr.conversion === null
                ? r.noConversion
                : r.visitsWithTip(formatNumber(report.qr.visitsWithTip))
            }
          />
          <Figure
            label={r.average}
            value={report.qr.averageCents === null ? '–' : formatCents(report.qr.averageCents)}
          />
          <Figure label={r.contributions} value={formatCents(report.qr.contributionsCents)} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{r.perDay}</CardTitle>
        </CardHeader>
        <CardContent>
          {report.perDay.length === 0 ? (
            <p className="text-sm text-muted-foreground">{r.noTips}</p>
          ) : (
            <ul className="flex flex-col gap-1" data-testid="report-days">
              {report.perDay.map((day) => (
                <li key={day.day} className="grid grid-cols-[6rem_1fr_auto] items-center gap-2">
                  <span className="text-sm">{formatDate(day.day)}</span>
                  <span aria-hidden="true" className="h-3 rounded bg-muted">
                    <span
                      className="block h-3 rounded bg-primary"
                      style={{ width: `${Math.max(2, (day.amountCents / max) * 100)}%` }}
                    />
                  </span>
                  <span className="whitespace-nowrap text-sm">
                    {formatCents(day.amountCents)} ({day.count})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <FigureTable
        title={r.employees}
        rows={report.byEmployee}
        testId="report-employees"
        pool={report.pool}
        totalCents={report.totals.amountCents}
      />
      <FigureTable title={r.teams} rows={report.byTeam} testId="report-teams" />
      <FigureTable title={r.points} rows={report.byPoint} testId="report-points" />
      <Card>
        <CardHeader>
          <CardTitle>{r.payouts}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {report.payouts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{r.noPayouts}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm" data-testid="report-payouts">
              {report.payouts.map((batch) => (
                <li key={batch.id}>
                  {formatDateTime(batch.createdAt)} · {PAYOUT_TRIGGER_LABELS[batch.trigger]} ·{' '}
                  {batch.transferCount} · {formatCents(batch.totalCents)}
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin/payouts" className="text-sm font-medium underline">
            {r.allPayouts}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * A table of figures. The recipients' table adds the pool and the sum, which is the period's
 * total: every euro is accounted for.
 */
function FigureTable({
  title,
  rows,
  testId,
  pool,
  totalCents,
}: {
  title: string;
  rows: ReportFigure[];
  testId: string;
  pool?: Report['pool'];
  totalCents?: number;
}) {
  const { reports: r } = useAdminTexts(adminReportsPart);
  const withPool = pool && pool.count > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 && !withPool ? (
          <p className="text-sm text-muted-foreground">{r.noTips}</p>
        ) : (
          <Table aria-label={title} data-testid={testId}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{r.name}</TableHeaderCell>
                <TableHeaderCell className="text-right">{r.count}</TableHeaderCell>
                <TableHeaderCell className="text-right">{r.amount}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id || row.name}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell className="text-right">{formatNumber(row.count)}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    {formatCents(row.amountCents)}
                  </TableCell>
                </TableRow>
              ))}
              {withPool ? (
                <TableRow data-testid="report-pool">
                  <TableCell>{r.pool}</TableCell>
                  <TableCell className="text-right">{formatNumber(pool.count)}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    {formatCents(pool.amountCents)}
                  </TableCell>
                </TableRow>
              ) : null}
              {totalCents !== undefined ? (
                <TableRow className="font-semibold">
                  <TableCell>{r.recipientsTotal}</TableCell>
                  <TableCell />
                  <TableCell className="whitespace-nowrap text-right">
                    {formatCents(totalCents)}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
