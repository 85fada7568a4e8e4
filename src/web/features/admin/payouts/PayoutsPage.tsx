import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type PayoutBatch,
  type PayoutOverview,
  payoutScheduleUpdateSchema,
  type PayoutTransfer,
} from '../../../../shared/api/payouts';
import { payoutScheduleText, PAYOUT_SCHEDULES } from '../../../../shared/domain/payouts';
import { SelectField } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/form';
import { Badge, type BadgeVariant } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog } from '../../../components/ui/Dialog';
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
import { formatCents, formatDateTime } from '../../../lib/format';
import { messageOf } from '../admin-api';
import { AdminPage } from '../AdminPage';
import { InlineSettingsForm } from '../InlineSettingsForm';
import { useSelectedBusinessId } from '../business-scope';
import { HeldTipActions } from './HeldTipActions';
import { payoutKeys, payoutsApi } from './payouts-api';
import { useAdminTexts } from '../../../lib/admin-language';
import { adminPayoutsPart } from '../../../../shared/i18n/admin-catalogue-payouts';
import { adminPayoutLabelsPart } from '../../../../shared/i18n/admin-catalogue-payout-labels';

const STATUS_BADGES: Record<PayoutTransfer['status'], BadgeVariant> = {
  pending: 'outline',
  processing: 'secondary',
  paid: 'success',
  failed: 'destructive',
};

/** /admin/payouts: the payout schedule, "Jetzt auszahlen" and every batch with its transfers. */
export function PayoutsPage() {
  const {
    labels: { payoutTriggers: PAYOUT_TRIGGER_LABELS },
    admin: adminTexts,
    common: commonTexts,
    payouts: p,
  } = useAdminTexts(adminPayoutsPart, adminPayoutLabelsPart);
  const toasts = adminTexts.toasts;
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const key = payoutKeys.overview(businessId);
  const overview = useQuery({ queryKey: key, queryFn: payoutsApi.overview });
  const [confirming, setConfirming] = useState(false);
  const [openBatchId, setOpenBatchId] = useState<string | null>(null);
  useEffect(() => {
    if (overview.isError) {
      toast({ title: toasts.errorTitle, description: toasts.loadFailed, variant: 'destructive' });
    }
  }, [overview.isError, toasts.errorTitle, toasts.loadFailed]);

  const run = useMutation({
    mutationFn: payoutsApi.runNow,
    onSuccess: async (batch) => {
      queryClient.setQueryData(payoutKeys.batch(businessId, batch.id), batch);
      await queryClient.invalidateQueries({ queryKey: key });
      toast({
        title: p.doneTitle,
        description:
          p.done(batch.transferCount, batch.totalCents) +
          (batch.skippedCount > 0 ? p.doneSkipped(batch.skippedCount) : ''),
        variant: 'success',
      });
      setOpenBatchId(batch.id);
    },
    onError: (error) =>
      toast({
        title: p.failedTitle,
        description: messageOf(error, toasts.loadFailed),
        variant: 'destructive',
      }),
  });

  const data = overview.data;
  return (
    <AdminPage
      title={p.title}
      description={p.description}
      actions={
        <Button
          disabled={!data || run.isPending}
          aria-busy={run.isPending}
          onClick={() => setConfirming(true)}
        >
          {p.runNow}
        </Button>
      }
    >
      {!data ? (
        <Spinner label={commonTexts.loading} />
      ) : (
        <>
          {data.provider === 'demo' ? (
            <p role="note" className="rounded-lg border border-warning p-4 text-sm">
              {p.demoNote}
            </p>
          ) : null}
          {data.held.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>{p.heldTitle}</CardTitle>
                <CardDescription>{p.heldHint}</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-2 text-sm" data-testid="payout-held">
                  {data.held.map((tip) => (
                    <li key={tip.tipId} className="rounded-md border border-border p-3">
                      <span className="font-semibold">
                        {tip.recipient}: {formatCents(tip.amountCents)}
                      </span>{' '}
                      · {formatDateTime(tip.heldAt)}
                      <br />
                      {tip.reason}
                      <HeldTipActions tip={tip} />
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle>{p.schedule}</CardTitle>
              <CardDescription>{p.scheduleHint}</CardDescription>
            </CardHeader>
            <CardContent>
              <ScheduleForm
                key={`${businessId}:${data.schedule}`}
                overview={data}
                onSaved={(next) => queryClient.setQueryData(key, next)}
              />
              <p className="mt-3 text-sm" data-testid="payout-schedule-text">
                {payoutScheduleText(
                  data.schedule,
                  data.nextScheduledAt ? new Date(data.nextScheduledAt) : null,
                )}
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{p.history}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.batches.length === 0 ? (
                <p className="text-sm text-muted-foreground">{p.empty}</p>
              ) : (
                <Table aria-label={p.history} data-testid="payout-batches">
                  <TableHead>
                    <TableRow>
                      <TableHeaderCell>{p.columns.date}</TableHeaderCell>
                      <TableHeaderCell>{p.columns.trigger}</TableHeaderCell>
                      <TableHeaderCell className="text-right">
                        {p.columns.transfers}
                      </TableHeaderCell>
                      <TableHeaderCell className="text-right">{p.columns.total}</TableHeaderCell>
                      <TableHeaderCell className="text-right">{p.columns.skipped}</TableHeaderCell>
                      <TableHeaderCell>
                        <span className="sr-only">{p.columns.actions}</span>
                      </TableHeaderCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.batches.map((batch) => (
                      <TableRow key={batch.id}>
                        <TableCell className="whitespace-nowrap">
                          {formatDateTime(batch.createdAt)}
                        </TableCell>
                        <TableCell>{PAYOUT_TRIGGER_LABELS[batch.trigger]}</TableCell>
                        <TableCell className="text-right">
                          {batch.paidCount}/{batch.transferCount}
                        </TableCell>
                        <TableCell className="whitespace-nowrap text-right">
                          {formatCents(batch.totalCents)}
                        </TableCell>
                        <TableCell className="text-right">{batch.skippedCount}</TableCell>
                        <TableCell>
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={p.openLabel(formatDateTime(batch.createdAt))}
                            onClick={() => setOpenBatchId(batch.id)}
                          >
                            {p.open}
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={p.confirmTitle}
        description={p.confirmText}
        confirmLabel={p.confirm}
        variant="primary"
        onConfirm={async () => {
          setConfirming(false);
          await run.mutateAsync().catch(() => undefined);
        }}
      />
      {openBatchId ? (
        <BatchDialog batchId={openBatchId} onClose={() => setOpenBatchId(null)} />
      ) : null}
    </AdminPage>
  );
}

function ScheduleForm({
  overview,
  onSaved,
}: {
  overview: PayoutOverview;
  onSaved: (next: PayoutOverview) => void;
}) {
  const {
    labels: { payoutSchedules: PAYOUT_SCHEDULE_LABELS },
    payouts: p,
  } = useAdminTexts(adminPayoutsPart, adminPayoutLabelsPart);
  const form = useZodForm(payoutScheduleUpdateSchema, {
    defaultValues: { schedule: overview.schedule },
  });
  return (
    <InlineSettingsForm
      form={form}
      save={payoutsApi.saveSchedule}
      onSaved={onSaved}
      savedTitle={p.saved}
      submitLabel={p.save}
    >
      <SelectField
        name="schedule"
        label={p.schedule}
        options={PAYOUT_SCHEDULES.map((value) => ({
          value,
          label: PAYOUT_SCHEDULE_LABELS[value],
        }))}
        className="min-w-0 sm:w-64"
      />
    </InlineSettingsForm>
  );
}

function BatchDialog({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const {
    labels: { payoutTriggers: PAYOUT_TRIGGER_LABELS },
    admin: adminTexts,
    common: commonTexts,
    payouts: p,
  } = useAdminTexts(adminPayoutsPart, adminPayoutLabelsPart);
  const toasts = adminTexts.toasts;
  const businessId = useSelectedBusinessId();
  const batch = useQuery({
    queryKey: payoutKeys.batch(businessId, batchId),
    queryFn: () => payoutsApi.batch(batchId),
  });
  const data: PayoutBatch | undefined = batch.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={data ? p.detailTitle(formatDateTime(data.createdAt)) : p.title}
      description={
        data
          ? `${PAYOUT_TRIGGER_LABELS[data.trigger]} · ${p.done(data.transferCount, data.totalCents)}${
              data.requestedBy ? ` · ${p.requestedBy(data.requestedBy)}` : ''
            }`
          : undefined
      }
      className="max-w-3xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {p.close}
        </Button>
      }
    >
      {!data ? (
        batch.isError ? (
          <p className="text-sm text-destructive">{messageOf(batch.error, toasts.loadFailed)}</p>
        ) : (
          <Spinner label={commonTexts.loading} />
        )
      ) : (
        <div className="flex min-w-0 flex-col gap-4">
          <Table aria-label={p.columns.transfers} data-testid="payout-transfers">
            <TableHead>
              <TableRow>
                <TableHeaderCell>{p.columns.employee}</TableHeaderCell>
                <TableHeaderCell className="text-right">{p.columns.amount}</TableHeaderCell>
                <TableHeaderCell>{p.columns.status}</TableHeaderCell>
                <TableHeaderCell>{p.columns.reference}</TableHeaderCell>
                <TableHeaderCell className="text-right">{p.columns.tips}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.transfers.map((transfer) => (
                <TableRow key={transfer.id}>
                  <TableCell>{transfer.employeeName}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    {formatCents(transfer.amountCents)}
                    {transfer.deductions.map((deduction, index) => (
                      <span
                        key={index}
                        className="block whitespace-normal text-xs text-muted-foreground"
                      >
                        {p.deducted}: {formatCents(deduction.amountCents)} – {deduction.reason}
                      </span>
                    ))}
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATUS_BADGES[transfer.status]}>
                      {p.transferStatus[transfer.status]}
                    </Badge>
                  </TableCell>
                  <TableCell className="break-all font-mono text-xs">
                    {transfer.reference ?? '–'}
                  </TableCell>
                  <TableCell className="text-right">{transfer.tipCount}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data.skipped.length > 0 ? (
            <section aria-labelledby="payout-skipped" className="flex flex-col gap-2">
              <h3 id="payout-skipped" className="font-semibold">
                {p.skippedTitle}
              </h3>
              <p className="text-sm text-muted-foreground">{p.skippedHint}</p>
              <ul className="list-disc pl-5 text-sm" data-testid="payout-skipped">
                {data.skipped.map((person) => (
                  <li key={person.employeeId}>
                    {person.name}: {formatCents(person.amountCents)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
