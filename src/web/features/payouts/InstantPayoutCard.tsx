import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { InstantPayoutQuote, InstantPayoutResult } from '../../../shared/api/instant-payout';
import { Button } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { api, ApiError } from '../../lib/api';
import { useStaffFormat, useStaffTexts } from '../../lib/staff-language';
import { useStaffErrorMessage } from '../../lib/staff-errors';
import { staffPanelsPart } from '../../../shared/i18n/staff-panels';

const path = '/api/employee/payout/instant';

/**
 * 'Sofort auszahlen': the employee's available balance, the fee and what reaches them, shown
 * before they confirm. One confirmation carries one key, so a double tap pays once.
 */
export function InstantPayoutCard() {
  const t = useStaffTexts(staffPanelsPart).screens.instantPayout;
  const { cents: formatCents } = useStaffFormat();
  const reasonOf = useStaffErrorMessage();
  const client = useQueryClient();
  const quote = useQuery({
    queryKey: ['employee', 'payout', 'instant'],
    queryFn: () => api.get<InstantPayoutQuote>(path),
  });
  const [confirming, setConfirming] = useState<{ key: string; quote: InstantPayoutQuote } | null>(
    null,
  );
  const [done, setDone] = useState<InstantPayoutResult | null>(null);
  const pay = useMutation({
    mutationFn: (input: { key: string; quote: InstantPayoutQuote }) =>
      api.post<InstantPayoutResult>(path, {
        balanceCents: input.quote.balanceCents,
        idempotencyKey: input.key,
      }),
    onSuccess: (result) => {
      setDone(result);
      setConfirming(null);
      toast({ title: t.doneToast, description: formatCents(result.netCents) });
    },
    onError: (error) => {
      setConfirming(null);
      toast({
        title: error instanceof ApiError ? error.title : t.failedToast,
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['employee'] }),
  });
  const data = quote.data;
  return (
    <Card data-testid="instant-payout">
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>
          {t.description}
          {data?.provider === 'demo' ? t.demo : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {quote.isPending ? (
          <Spinner />
        ) : quote.isError ? (
          <p role="alert" className="text-destructive">
            {quote.error.message}
          </p>
        ) : data?.reasonCode === 'instant_account_not_ready' ? (
          // No payout account: the balance, and that it stays; no fee, no amount promised.
          <>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt>{t.balance}</dt>
              <dd className="text-right font-medium" data-testid="instant-balance">
                {formatCents(data.balanceCents)}
              </dd>
            </dl>
            <div role="note" className="text-sm" data-testid="instant-no-account">
              <p className="font-semibold">{t.noAccountTitle}</p>
              <p className="text-muted-foreground">{t.noAccount}</p>
            </div>
          </>
        ) : data ? (
          <>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt>{t.balance}</dt>
              <dd className="text-right font-medium" data-testid="instant-balance">
                {formatCents(data.balanceCents)}
              </dd>
              <dt>{t.fee}</dt>
              <dd className="text-right" data-testid="instant-fee">
                − {formatCents(data.feeCents)}
              </dd>
              <dt className="font-semibold">{t.net}</dt>
              <dd className="text-right font-semibold" data-testid="instant-net">
                {formatCents(data.netCents)}
              </dd>
            </dl>
            {data.reason ? (
              <p className="text-sm text-muted-foreground" data-testid="instant-reason">
                {reasonOf(data.reasonCode, data.reason)}
              </p>
            ) : null}
            <Button
              className="self-start"
              disabled={!data.available || pay.isPending}
              onClick={() => setConfirming({ key: crypto.randomUUID(), quote: data })}
            >
              {t.submit}
            </Button>
          </>
        ) : null}
        {done ? (
          <p className="text-sm" role="status" data-testid="instant-done">
            {t.done(formatCents(done.netCents), done.reference ?? '–')}
          </p>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t.confirmTitle}
        variant="primary"
        description={
          confirming
            ? t.confirmText(
                formatCents(confirming.quote.balanceCents),
                formatCents(confirming.quote.feeCents),
                formatCents(confirming.quote.netCents),
              )
            : ''
        }
        confirmLabel={confirming ? t.confirmLabel(formatCents(confirming.quote.netCents)) : ''}
        onConfirm={() => (confirming ? pay.mutateAsync(confirming).catch(() => undefined) : null)}
      />
    </Card>
  );
}
