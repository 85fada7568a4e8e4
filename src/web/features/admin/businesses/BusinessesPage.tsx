import { pageRange } from '../../../../shared/domain/page-range';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import type { BusinessOverviewRow } from '../../../../shared/api/operator';
import { BUSINESS_LIST_SORTS } from '../../../../shared/api/operator';
import { BUSINESS_STATUSES, type BusinessStatus } from '../../../../shared/domain/business-status';
import { FilterSelect, optionsWithAll } from '../../../components/ui/FilterControls';
import { Badge, type BadgeVariant } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent } from '../../../components/ui/Card';
import { Input, Label } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/Table';
import { toast } from '../../../components/ui/toast-store';
import { formatCents, formatDate } from '../../../lib/format';
import { adminKeys, messageOf } from '../admin-api';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { AdminPage } from '../AdminPage';
import { InvitationDelivery } from '../InvitationDelivery';
import {
  CloseBusinessDialog,
  CreateBusinessDialog,
  InviteOwnerDialog,
  ReactivateDialog,
  SuspendDialog,
} from './BusinessDialogs';
import { listQueryHref, readListQuery } from './list-query';
import { PlanBadge } from './PlanBadge';
import { type BusinessListQuery, operatorApi, operatorKeys } from './operator-api';
import { useAdminTexts } from '../../../lib/admin-language';
import { adminBusinessesPart } from '../../../../shared/i18n/admin-catalogue-businesses';

const STATUS_BADGES: Record<BusinessStatus, BadgeVariant> = {
  active: 'success',
  suspended: 'destructive',
  closed: 'outline',
};

const DAY_MS = 24 * 60 * 60_000;
const monthName = new Intl.DateTimeFormat('de-DE', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

type Dialog =
  | { kind: 'create' }
  | { kind: 'invite' | 'suspend' | 'reactivate' | 'close'; business: BusinessOverviewRow };

/**
 * /admin/businesses ('Betriebe'): the platform admin's operator console. Every business
 * with its plan, owners and figures (the header sums the paid plans' MRR), paged and searched on the server; create a business and invite
 * its owner, suspend, reactivate and close it (after its exports).
 */
export function BusinessesPage() {
  const {
    admin: adminTexts,
    businesses: b,
    common: commonTexts,
    labels: { businessStatus: BUSINESS_STATUS_LABELS },
  } = useAdminTexts(adminBusinessesPart);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // Page, filter, order and search live in the address (decision 0502): a reload, a shared link
  // and the back button from a business page come back to the same list.
  const fromAddress = readListQuery(params);
  const [search, setSearch] = useState(fromAddress.search);
  // A new history entry (back, forward, a filter) brings its search into the field.
  const entry = location.key;
  const [searchEntry, setSearchEntry] = useState(entry);
  if (searchEntry !== entry) {
    setSearchEntry(entry);
    setSearch(fromAddress.search);
  }
  const list = { ...fromAddress, search };
  const showList = (next: Partial<BusinessListQuery>) =>
    navigate(listQueryHref({ ...list, ...next }));
  const typeSearch = (value: string) => {
    setSearch(value);
    // Typing rewrites the address in place: no history entry and no scrolling per keystroke; a
    // new search starts on its first page.
    const href = listQueryHref({ ...list, search: value, page: 1 });
    if (list.page === 1) window.history.replaceState(window.history.state, '', href);
    else navigate(href, { replace: true });
  };
  const deferredSearch = useDeferredValue(search.trim());
  const query = { ...list, search: deferredSearch };
  const page = list.page;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const overview = useQuery({
    queryKey: operatorKeys.overview(query),
    queryFn: () => operatorApi.overview(query),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (overview.isError) {
      toast({
        title: adminTexts.toasts.errorTitle,
        description: messageOf(overview.error, adminTexts.toasts.loadFailed),
        variant: 'destructive',
      });
    }
  }, [
    overview.isError,
    overview.error,
    adminTexts.toasts.errorTitle,
    adminTexts.toasts.loadFailed,
  ]);

  /** After a change: the list, and the header's business picker (names, new businesses). */
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: operatorKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminKeys.businesses });
  };
  const closeDialog = () => setDialog(null);
  const done = () => {
    setDialog(null);
    refresh();
  };

  const searchId = useId();
  const filtered = deferredSearch !== '' || list.status !== 'all';
  const data = overview.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <AdminPage
      title={b.title}
      description={b.description}
      actions={
        <>
          {data ? (
            <p
              className="flex flex-col justify-center rounded-md border border-border px-3 py-1 text-right"
              title={b.mrrHint}
              data-testid="businesses-mrr"
            >
              <span className="text-xs text-muted-foreground">{b.mrr}</span>
              <span className="font-semibold tabular-nums">{formatCents(data.mrrCents)}</span>
            </p>
          ) : null}
          <Button onClick={() => setDialog({ kind: 'create' })}>{b.create}</Button>
        </>
      }
    >
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="flex w-full max-w-md flex-col gap-1.5">
              <Label htmlFor={searchId}>{b.search}</Label>
              <Input
                id={searchId}
                type="search"
                value={search}
                placeholder={b.searchPlaceholder}
                onChange={(event) => typeSearch(event.target.value)}
              />
            </div>
            <div className="flex flex-wrap gap-3">
              <FilterSelect
                label={b.statusFilter}
                value={list.status}
                onChange={(status) => showList({ status, page: 1 })}
                options={optionsWithAll(b.allStatuses, BUSINESS_STATUSES, BUSINESS_STATUS_LABELS)}
              />
              <FilterSelect
                label={b.sortLabel}
                value={list.sort}
                onChange={(sort) => showList({ sort, page: 1 })}
                options={BUSINESS_LIST_SORTS.map((value) => ({ value, label: b.sorts[value] }))}
              />
            </div>
            {data ? (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {b.shownRange(pageRange(page, data.pageSize, data.total))}
              </p>
            ) : null}
          </div>
          {data ? (
            <p className="text-xs text-muted-foreground">
              {b.monthNote(monthName.format(new Date(`${data.month}T00:00:00Z`)))}
            </p>
          ) : null}
          {!data ? (
            <Spinner label={commonTexts.loading} />
          ) : data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{filtered ? b.noMatch : b.empty}</p>
          ) : (
            <Table data-testid="businesses-table">
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{b.columns.name}</TableHeaderCell>
                  <TableHeaderCell>{b.columns.plan}</TableHeaderCell>
                  <TableHeaderCell>{b.columns.owners}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{b.columns.staff}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{b.columns.points}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{b.columns.tips}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{b.columns.fees}</TableHeaderCell>
                  <TableHeaderCell>{b.columns.status}</TableHeaderCell>
                  <TableHeaderCell>{b.columns.created}</TableHeaderCell>
                  <TableHeaderCell>
                    <span className="sr-only">{b.columns.actions}</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((business) => (
                  <BusinessRow
                    key={business.id}
                    business={business}
                    retentionDays={data.retentionDays}
                    listHref={listQueryHref(list)}
                    onAction={(kind) => setDialog({ kind, business })}
                    onResent={refresh}
                  />
                ))}
              </TableBody>
            </Table>
          )}
          {data && pages > 1 ? (
            <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={b.title}>
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => showList({ page: Math.max(1, page - 1) })}
              >
                {b.previous}
              </Button>
              <span className="text-sm text-muted-foreground">
                {b.shownRange(pageRange(page, data.pageSize, data.total))}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => showList({ page: Math.min(pages, page + 1) })}
              >
                {b.next}
              </Button>
            </nav>
          ) : null}
        </CardContent>
      </Card>

      <CreateBusinessDialog open={dialog?.kind === 'create'} onClose={closeDialog} onDone={done} />
      {dialog && dialog.kind !== 'create' ? (
        <>
          <InviteOwnerDialog
            business={dialog.kind === 'invite' ? dialog.business : null}
            onClose={closeDialog}
            onDone={done}
          />
          <SuspendDialog
            business={dialog.kind === 'suspend' ? dialog.business : null}
            onClose={closeDialog}
            onDone={done}
          />
          <ReactivateDialog
            business={dialog.kind === 'reactivate' ? dialog.business : null}
            onClose={closeDialog}
            onDone={done}
          />
          <CloseBusinessDialog
            business={dialog.kind === 'close' ? dialog.business : null}
            retentionDays={data?.retentionDays ?? 0}
            onClose={closeDialog}
            onDone={done}
          />
        </>
      ) : null}
    </AdminPage>
  );
}

/**
 * An owner's open invitation: where its e-mail stands and 'Einladung erneut senden' (a fresh
 * link; the old one stops working)..
 */
export function OwnerInvitation({
  businessId,
  owner,
  onResent,
}: {
  businessId: string;
  owner: Pick<BusinessOverviewRow['owners'][number], 'id' | 'email' | 'delivery'>;
  onResent: () => void;
}) {
  const { admin: adminTexts, businesses: b } = useAdminTexts(adminBusinessesPart);
  const resend = useMutation({
    mutationFn: () => operatorApi.resendInvitation(businessId, owner.id),
    onSuccess: (change) => {
      const delivery = change.invitedOwner?.delivery ?? null;
      toast({
        title: b.resent(owner.email, delivery),
        variant: delivery === 'delivered' ? 'success' : 'default',
      });
      onResent();
    },
    onError: (error) =>
      toast({
        title: adminTexts.toasts.errorTitle,
        description: messageOf(error, b.statusFailed),
        variant: 'destructive',
      }),
  });
  return (
    <div className="mt-1 flex flex-col items-start gap-1">
      <InvitationDelivery state={owner.delivery} text={b.invitationDelivery} />
      <Button
        variant="outline"
        size="sm"
        aria-label={b.resendFor(owner.email)}
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {b.resendInvitation}
      </Button>
    </div>
  );
}

function BusinessRow({
  business,
  retentionDays,
  listHref,
  onAction,
  onResent,
}: {
  business: BusinessOverviewRow;
  retentionDays: number;
  /** The list's address as shown, so the business page leads back to it. */
  listHref: string;
  onAction: (kind: 'invite' | 'suspend' | 'reactivate' | 'close') => void;
  onResent: () => void;
}) {
  const {
    labels: { businessStatus: BUSINESS_STATUS_LABELS },
    businesses: b,
  } = useAdminTexts(adminBusinessesPart);
  const name = business.name;
  return (
    <TableRow data-testid={`business-${name}`}>
      <TableCell className="min-w-40">
        <Link
          to={`/admin/businesses/${business.id}`}
          state={{ fromList: listHref }}
          className="font-medium underline"
        >
          {name}
        </Link>
        {business.origin === 'signup' ? (
          <Badge variant="accent" className="ml-2">
            {b.page.origins.signup}
          </Badge>
        ) : null}
        {business.address ? (
          <span className="block text-xs text-muted-foreground">{business.address}</span>
        ) : null}
      </TableCell>
      <TableCell className="min-w-32">
        <PlanBadge plan={business.plan} />
      </TableCell>
      <TableCell className="min-w-48">
        {business.owners.length === 0 ? (
          <span className="text-muted-foreground">{b.noOwner}</span>
        ) : (
          <ul className="flex flex-col gap-1">
            {business.owners.map((owner) => (
              <li key={owner.id}>
                {owner.fullName ? <span className="block">{owner.fullName}</span> : null}
                <span className="block break-all text-xs text-muted-foreground">
                  {owner.email}
                  {owner.invited ? ` (${b.invited})` : ''}
                </span>
                {owner.invited ? (
                  <OwnerInvitation businessId={business.id} owner={owner} onResent={onResent} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </TableCell>
      <TableCell className="text-right tabular-nums">{business.activeStaff}</TableCell>
      <TableCell className="text-right tabular-nums">{business.activePaymentPoints}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">
        {formatCents(business.month.tipsCents)}
        <span className="block text-xs text-muted-foreground">
          {b.tipCount(business.month.tipCount)}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">
        {formatCents(business.month.platformFeeCents)}
      </TableCell>
      <TableCell className="min-w-36">
        <Badge variant={STATUS_BADGES[business.status]}>
          {BUSINESS_STATUS_LABELS[business.status]}
        </Badge>
        <StatusNote business={business} retentionDays={retentionDays} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(business.createdAt)}</TableCell>
      <TableCell>
        <div className="flex flex-col items-stretch gap-1.5 whitespace-nowrap">
          {business.status !== 'closed' ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`${b.actions.inviteOwner}: ${name}`}
              onClick={() => onAction('invite')}
            >
              {b.actions.inviteOwner}
            </Button>
          ) : null}
          {business.status === 'active' ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`${b.actions.suspend}: ${name}`}
              onClick={() => onAction('suspend')}
            >
              {b.actions.suspend}
            </Button>
          ) : null}
          {business.status === 'suspended' ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`${b.actions.reactivate}: ${name}`}
              onClick={() => onAction('reactivate')}
            >
              {b.actions.reactivate}
            </Button>
          ) : null}
          {business.status !== 'closed' || !business.erasedAt ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`${business.status === 'closed' ? b.actions.exports : b.actions.close}: ${name}`}
              onClick={() => onAction('close')}
            >
              {business.status === 'closed' ? b.actions.exports : b.actions.close}
            </Button>
          ) : null}
        </div>
      </TableCell>
    </TableRow>
  );
}

function StatusNote({
  business,
  retentionDays,
}: {
  business: BusinessOverviewRow;
  retentionDays: number;
}) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const lines: string[] = [];
  if (business.status === 'suspended') {
    if (business.suspendedAt) lines.push(b.suspendedSince(formatDate(business.suspendedAt)));
    if (business.suspensionReason) lines.push(b.reason(business.suspensionReason));
  }
  if (business.closedAt) {
    lines.push(b.closedOn(formatDate(business.closedAt)));
    lines.push(
      business.erasedAt
        ? b.erasedOn(formatDate(business.erasedAt))
        : b.erasureDue(
            formatDate(new Date(new Date(business.closedAt).getTime() + retentionDays * DAY_MS)),
          ),
    );
  }
  if (lines.length === 0) return null;
  return (
    <span className="mt-1 block text-xs text-muted-foreground">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}
