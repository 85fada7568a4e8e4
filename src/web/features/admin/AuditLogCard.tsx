import { pageRange } from '../../../shared/domain/page-range';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AUDIT_ACTIONS } from '../../../shared/domain/audit';
import { AUDIT_LOG_DASHBOARD_ROWS } from '../../../shared/domain/constants';
import { Button } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { FilterInput, FilterSelect } from '../../components/ui/FilterControls';
import { Spinner } from '../../components/ui/Spinner';
import {
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../components/ui/Table';
import { toast } from '../../components/ui/toast-store';
import { formatDateTime } from '../../lib/format';
import { adminApi, adminKeys, type AuditLogFilter } from './admin-api';
import { auditAdminLabel } from './audit-format';
import { AuditEntryDetails } from './AuditEntryDetails';
import { useSelectedBusinessId } from './business-scope';
import { useAdminTexts } from '../../lib/admin-language';
import { adminAuditPart } from '../../../shared/i18n/admin-catalogue-audit';

/** The card's first page: the newest entries, unfiltered. */
const FIRST_PAGE: AuditLogFilter = {
  page: 1,
  pageSize: AUDIT_LOG_DASHBOARD_ROWS,
  action: '',
  from: '',
  to: '',
};

const auditLogQuery = (businessId: string | null, filter: AuditLogFilter) => ({
  queryKey: adminKeys.auditLog(businessId, filter),
  queryFn: () => adminApi.auditLog(filter),
  retry: false,
});

/** The card's first answer, asked before the card is shown so it renders once, with its rows. */
export function prefetchAuditLogCard(client: QueryClient, businessId: string | null) {
  return client.prefetchQuery(auditLogQuery(businessId, FIRST_PAGE));
}

/**
 * The dashboard's audit log (spec §2): 15 rows in a 350 px scroll area, newest first, with
 * 'Aktualisieren'. Filters and paging ask the server, which keeps to the business.
 */
export function AuditLogCard() {
  const {
    labels: { auditActions: AUDIT_ACTION_LABELS },
    admin: adminTexts,
  } = useAdminTexts(adminAuditPart);
  const t = adminTexts.audit;
  const businessId = useSelectedBusinessId();
  const [filter, setFilter] = useState<AuditLogFilter>(FIRST_PAGE);
  const query = useQuery({
    ...auditLogQuery(businessId, filter),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (query.isError) toast({ ...adminTexts.toasts.auditLoadFailed, variant: 'destructive' });
  }, [adminTexts.toasts.auditLoadFailed, query.isError]);

  const items = query.isError ? [] : (query.data?.items ?? []);
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / filter.pageSize));
  const change = (next: Partial<AuditLogFilter>) => setFilter((f) => ({ ...f, page: 1, ...next }));

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
        <div>
          <CardTitle>{t.title}</CardTitle>
          <CardDescription>{t.description}</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          aria-busy={query.isFetching}
        >
          {t.refresh}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <FilterSelect
            label={t.filterAction}
            value={filter.action ?? ''}
            onChange={(action) => change({ action })}
            options={[
              { value: '', label: t.allActions },
              ...AUDIT_ACTIONS.map((action) => ({
                value: action,
                label: AUDIT_ACTION_LABELS[action],
              })),
            ]}
          />
          <FilterInput
            label={t.from}
            type="date"
            value={filter.from ?? ''}
            onValue={(from) => change({ from })}
          />
          <FilterInput
            label={t.to}
            type="date"
            value={filter.to ?? ''}
            onValue={(to) => change({ to })}
          />
        </div>
        <div
          className="max-h-[350px] overflow-auto rounded-md border border-border"
          data-testid="audit-log-scroll"
          tabIndex={0}
          role="region"
          aria-label={t.title}
        >
          <table className="w-full min-w-[40rem] border-collapse text-sm">
            <TableHead className="sticky top-0 z-10 bg-card">
              <TableRow>
                <TableHeaderCell>{t.columns.at}</TableHeaderCell>
                <TableHeaderCell>{t.columns.admin}</TableHeaderCell>
                <TableHeaderCell>{t.columns.action}</TableHeaderCell>
                <TableHeaderCell>{t.columns.target}</TableHeaderCell>
                <TableHeaderCell>{t.columns.details}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isPending ? (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Spinner />
                  </TableCell>
                </TableRow>
              ) : items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-6 text-center text-muted-foreground">
                    {t.empty}
                  </TableCell>
                </TableRow>
              ) : (
                items.map((entry) => {
                  const { description } = entry;
                  return (
                    <TableRow key={entry.id} data-testid="audit-row">
                      <TableCell className="whitespace-nowrap tabular-nums">
                        {formatDateTime(entry.createdAt)}
                      </TableCell>
                      <TableCell>{auditAdminLabel(entry)}</TableCell>
                      <TableCell className="font-medium">{description.label}</TableCell>
                      <TableCell className="[overflow-wrap:anywhere]" data-testid="audit-target">
                        {description.target}
                      </TableCell>
                      <TableCell>
                        <AuditEntryDetails description={description} />
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </table>
        </div>
        {pages > 1 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Button
              variant="outline"
              size="sm"
              disabled={filter.page <= 1}
              onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
            >
              {t.newer}
            </Button>
            <span aria-live="polite">
              {t.shownRange(pageRange(filter.page, filter.pageSize, query.data?.total ?? 0))}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={filter.page >= pages}
              onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
            >
              {t.older}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
