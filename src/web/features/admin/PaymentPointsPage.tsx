import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import type { PaymentPoint } from '../../../shared/api/payment-points';
import { PAYMENT_POINT_ERRORS } from '../../../shared/api/payment-points';
import { ENTRYPOINT_TARGET_TYPES, ENTRYPOINT_TYPES } from '../../../shared/domain/tips';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { FilterInput, FilterSelect, optionsWithAll } from '../../components/ui/FilterControls';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { adminApi, adminKeys, messageOf } from './admin-api';
import { AdminPage } from './AdminPage';
import { useSelectedBusinessId } from './business-scope';
import { QrPreviewDialog } from './QrPreviewDialog';
import {
  EMPTY_FILTER,
  filterPoints,
  isFiltered,
  type PointFilter,
} from './payment-points/filter-points';
import {
  PaymentPointFormDialog,
  type PointFormMode,
} from './payment-points/PaymentPointFormDialog';
import { PointDetailsDialog } from './payment-points/PointDetailsDialog';
import { PointsTable } from './payment-points/PointsTable';
import { activeAdminTexts, useAdminTexts } from '../../lib/admin-language';
import { adminPointsPart } from '../../../shared/i18n/admin-catalogue-points';
import { useDemoPages } from '../public/queries';
import { usePlan } from './plan/plan-api';

const failure = (description: string) =>
  toast({
    title: activeAdminTexts(adminPointsPart).admin.toasts.errorTitle,
    description,
    variant: 'destructive',
  });

type Confirm = { kind: 'regenerate' | 'delete'; point: PaymentPoint } | { kind: 'demo' } | null;

/** /admin/uid-management (spec §2): every payment point of the business, complete. */
export function PaymentPointsPage() {
  const { admin: adminTexts, common: commonTexts, pro } = useAdminTexts(adminPointsPart);
  const u = adminTexts.uid;
  const toasts = adminTexts.toasts;
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const points = useQuery({ queryKey: adminKeys.points(businessId), queryFn: adminApi.points });
  const [filter, setFilter] = useState<PointFilter>(EMPTY_FILTER);
  const [formMode, setFormMode] = useState<PointFormMode | null>(null);
  const [details, setDetails] = useState<PaymentPoint | null>(null);
  const [qrPoint, setQrPoint] = useState<PaymentPoint | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const demoReasonId = useId();
  // The server says with the list whether this person may generate demo data (decision 0342).
  const mayGenerateDemo = points.data?.permissions.generateDemoData;
  // The demo data tool exists only outside production (decision 0520).
  const demoTools = useDemoPages();
  // Basis's allowance of team, object and business points (decision 0610); none on Pro.
  const sharedPoints = usePlan().data?.sharedPoints;

  useEffect(() => {
    if (points.isError) failure(toasts.loadFailed);
  }, [points.isError, toasts.loadFailed]);

  /** Everything a change can affect: the list, the point's details, the figures, the log. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', businessId] });

  const toggle = useMutation({
    mutationFn: (point: PaymentPoint) => adminApi.setActive(point.id, !point.active),
    onSuccess: async (saved) => {
      toast({
        title: saved.active ? toasts.activated : toasts.deactivated,
        description: saved.uid,
        variant: 'success',
      });
      await refresh();
    },
    onError: (error) => failure(messageOf(error, toasts.statusFailed)),
  });
  const regenerate = useMutation({
    mutationFn: (point: PaymentPoint) => adminApi.regenerate(point.id),
    onSuccess: async (saved) => {
      toast({
        title: toasts.regenerated,
        description: toasts.regeneratedText(saved.uid),
        variant: 'success',
      });
      await refresh();
    },
    onError: (error) => failure(messageOf(error, toasts.regenerateFailed)),
  });
  const makePrimary = useMutation({
    mutationFn: (point: PaymentPoint) => adminApi.makePrimary(point.id),
    onSuccess: async (saved) => {
      toast({
        title: toasts.primary,
        description: toasts.primaryText(saved.label, saved.targetName),
        variant: 'success',
      });
      await refresh();
    },
    onError: (error) => failure(messageOf(error, toasts.primaryFailed)),
  });
  const remove = useMutation({
    mutationFn: (point: PaymentPoint) => adminApi.deletePoint(point.id),
    onSuccess: async () => {
      toast({ title: toasts.deleted, variant: 'success' });
      await refresh();
    },
    onError: (error) => failure(messageOf(error, toasts.deleteFailed)),
  });
  const demo = useMutation({
    mutationFn: adminApi.generateDemo,
    onSuccess: async (result) => {
      toast({
        title: toasts.demoGenerated,
        description: toasts.demoGeneratedText(result.created, result.deleted),
        variant: 'success',
      });
      await refresh();
    },
    // The server's refusal texts are the spec's (e.g. 'Keine Berechtigung').
    onError: (error) =>
      error instanceof ApiError && error.status < 500 && error.status > 0
        ? toast({ title: error.title, description: error.message, variant: 'destructive' })
        : failure(toasts.demoFailed),
  });

  const all = useMemo(() => points.data?.items ?? [], [points.data]);
  const shown = useMemo(() => filterPoints(all, filter), [all, filter]);
  // Counted as the dashboard counts them: the codes a guest can tip through (decision 0475).
  const activeCount = all.filter((p) => p.works).length;

  return (
    <AdminPage
      title={u.title}
      description={u.description}
      actions={<Button onClick={() => setFormMode({ kind: 'create' })}>{u.create}</Button>}
    >
      <section className="grid gap-4 md:grid-cols-3" aria-label={adminTexts.shell.notes}>
        {u.info.map((card) => (
          <Card key={card.title}>
            <CardHeader>
              <CardTitle className="text-base">{card.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <CardDescription>{card.text}</CardDescription>
            </CardContent>
          </Card>
        ))}
      </section>

      {demoTools ? (
        <Card>
          <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle className="text-base">{u.demo.title}</CardTitle>
                <Badge variant="accent">{u.demo.badge}</Badge>
              </div>
              <CardDescription>{u.demo.text}</CardDescription>
              {mayGenerateDemo === false ? (
                // Spec §6: the reason an owner hears from the server, said before they try.
                <p id={demoReasonId} className="mt-2 text-sm font-medium text-foreground">
                  {PAYMENT_POINT_ERRORS.demo_admin_only.message}
                </p>
              ) : null}
            </div>
            <Button
              variant="secondary"
              className="self-start sm:self-center"
              disabled={mayGenerateDemo !== true || demo.isPending}
              aria-busy={demo.isPending}
              aria-describedby={mayGenerateDemo === false ? demoReasonId : undefined}
              onClick={() => setConfirm({ kind: 'demo' })}
            >
              {u.demo.button}
            </Button>
          </CardHeader>
        </Card>
      ) : null}

      <Filters filter={filter} onChange={setFilter} shown={shown.length} total={all.length} />
      {points.data ? (
        <p className="-mt-3 text-sm text-muted-foreground">
          {u.counts(all.length, activeCount)}
          {sharedPoints && sharedPoints.allowance !== null ? (
            <>
              {' · '}
              <span data-testid="points-shared-allowance">
                {pro.sharedPointsUsed(sharedPoints.used, sharedPoints.allowance)}
              </span>
            </>
          ) : null}
        </p>
      ) : null}

      {points.isPending ? (
        <Spinner label={commonTexts.loading} />
      ) : shown.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground"
          data-testid="points-empty"
        >
          {all.length === 0 || !isFiltered(filter) ? u.emptyNone : u.emptyFiltered}
        </p>
      ) : (
        <PointsTable
          points={shown}
          actions={{
            details: setDetails,
            showQr: setQrPoint,
            edit: (point) => setFormMode({ kind: 'edit', point }),
            toggle: (point) => toggle.mutate(point),
            regenerate: (point) => setConfirm({ kind: 'regenerate', point }),
            makePrimary: (point) => makePrimary.mutate(point),
            remove: (point) => setConfirm({ kind: 'delete', point }),
          }}
        />
      )}

      <PaymentPointFormDialog
        mode={formMode}
        onClose={() => setFormMode(null)}
        onSaved={() => {
          setFormMode(null);
          void refresh();
        }}
      />
      <PointDetailsDialog
        point={details}
        integrationConfigured={points.data?.integrationConfigured ?? false}
        onClose={() => setDetails(null)}
        onShowQr={(point) => {
          setDetails(null);
          setQrPoint(point);
        }}
      />
      <QrPreviewDialog
        open={qrPoint !== null}
        onOpenChange={(open) => !open && setQrPoint(null)}
        target={
          qrPoint && {
            uid: qrPoint.uid,
            link: qrPoint.link,
            name:
              qrPoint.targetType === 'user' ? (qrPoint.targetName ?? qrPoint.label) : qrPoint.label,
            jobTitle: qrPoint.targetJobTitle ?? qrPoint.department,
            // The print sheet is made for payment points; a legacy code offers PNG and SVG.
            pdfUrl:
              qrPoint.source === 'legacy'
                ? null
                : (language) => adminApi.pdfUrl(qrPoint.id, language),
            integration: qrPoint.integration,
            integrationConfigured: points.data?.integrationConfigured ?? false,
          }
        }
      />
      <ConfirmDialog
        open={confirm?.kind === 'regenerate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={u.regenerateConfirm.title}
        description={
          confirm?.kind === 'regenerate' ? u.regenerateConfirm.text(confirm.point.uid) : ''
        }
        confirmLabel={u.regenerateConfirm.confirm}
        variant="primary"
        onConfirm={async () => {
          if (confirm?.kind === 'regenerate')
            await regenerate.mutateAsync(confirm.point).catch(() => {});
          setConfirm(null);
        }}
      />
      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={u.deleteConfirm.title}
        description={confirm?.kind === 'delete' ? u.deleteConfirm.text(confirm.point.uid) : ''}
        confirmLabel={u.deleteConfirm.confirm}
        onConfirm={async () => {
          if (confirm?.kind === 'delete') await remove.mutateAsync(confirm.point).catch(() => {});
          setConfirm(null);
        }}
      />
      <ConfirmDialog
        open={confirm?.kind === 'demo'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={u.demo.confirmTitle}
        description={u.demo.confirmText}
        confirmLabel={u.demo.confirm}
        variant="primary"
        onConfirm={async () => {
          await demo.mutateAsync().catch(() => {});
          setConfirm(null);
        }}
      />
    </AdminPage>
  );
}

function Filters({
  filter,
  onChange,
  shown,
  total,
}: {
  filter: PointFilter;
  onChange: (filter: PointFilter) => void;
  shown: number;
  total: number;
}) {
  const {
    labels: {
      pointTargetTypes: PAYMENT_POINT_TARGET_TYPE_LABELS,
      pointTypes: PAYMENT_POINT_TYPE_LABELS,
    },
  } = useAdminTexts(adminPointsPart);
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const u = adminTexts.uid;
  const demoId = useId();
  const f = u.filters;
  const set = (next: Partial<PointFilter>) => onChange({ ...filter, ...next });
  return (
    <section
      aria-label={f.label}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto_auto] lg:items-end"
    >
      <FilterInput
        label={f.search}
        type="search"
        className="sm:col-span-2 lg:col-span-1"
        placeholder={f.searchPlaceholder}
        value={filter.text}
        onValue={(text) => set({ text })}
      />
      <FilterSelect
        label={f.type}
        value={filter.type}
        onChange={(type) => set({ type })}
        options={optionsWithAll(f.all, ENTRYPOINT_TYPES, PAYMENT_POINT_TYPE_LABELS)}
      />
      <FilterSelect
        label={f.status}
        value={filter.status}
        onChange={(status) => set({ status })}
        options={[
          { value: 'all', label: f.all },
          { value: 'active', label: f.active },
          { value: 'inactive', label: f.inactive },
        ]}
      />
      <FilterSelect
        label={f.target}
        value={filter.target}
        onChange={(target) => set({ target })}
        options={optionsWithAll(f.all, ENTRYPOINT_TARGET_TYPES, PAYMENT_POINT_TARGET_TYPE_LABELS)}
      />
      <label htmlFor={demoId} className="flex h-10 items-center gap-2 text-sm font-medium">
        <input
          id={demoId}
          type="checkbox"
          className="h-4 w-4"
          checked={filter.demoOnly}
          onChange={(event) => set({ demoOnly: event.target.checked })}
        />
        {f.demoOnly}
      </label>
      <p
        className="flex h-10 items-center text-sm font-medium tabular-nums"
        aria-live="polite"
        data-testid="points-counter"
      >
        {f.counter(shown, total)}
      </p>
    </section>
  );
}
