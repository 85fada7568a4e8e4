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
import { formatCents } from '../../lib/format';

const path = '/api/employee/payout/instant';

/**
 * 'Sofort auszahlen': the employee's available balance, the fee and what reaches them, shown
 * before they confirm. One confirmation carries one key, so a double tap pays once.
 */
export function InstantPayoutCard() {
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
      toast({ title: 'Sofortauszahlung ausgeführt', description: formatCents(result.netCents) });
    },
    onError: (error) => {
      setConfirming(null);
      toast({
        title: error instanceof ApiError ? error.title : 'Sofortauszahlung',
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
        <CardTitle>Sofort auszahlen</CardTitle>
        <CardDescription>
          Ihr Guthaben jetzt statt mit der nächsten regulären Auszahlung – gegen eine Gebühr, die
          Sie vorher sehen.
          {data?.provider === 'demo' ? ' Demo-Modus: Die Auszahlung wird nur simuliert.' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {quote.isPending ? (
          <Spinner />
        ) : quote.isError ? (
          <p role="alert" className="text-destructive">
            {quote.error.message}
          </p>
        ) : data ? (
          <>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt>Verfügbares Guthaben</dt>
              <dd className="text-right font-medium" data-testid="instant-balance">
                {formatCents(data.balanceCents)}
              </dd>
              <dt>Gebühr der Sofortauszahlung</dt>
              <dd className="text-right" data-testid="instant-fee">
                − {formatCents(data.feeCents)}
              </dd>
              <dt className="font-semibold">Sie erhalten</dt>
              <dd className="text-right font-semibold" data-testid="instant-net">
                {formatCents(data.netCents)}
              </dd>
            </dl>
            {data.reason ? (
              <p className="text-sm text-muted-foreground" data-testid="instant-reason">
                {data.reason}
              </p>
            ) : null}
            <Button
              className="self-start"
              disabled={!data.available || pay.isPending}
              onClick={() => setConfirming({ key: crypto.randomUUID(), quote: data })}
            >
              Sofort auszahlen
            </Button>
          </>
        ) : null}
        {done ? (
          <p className="text-sm" role="status" data-testid="instant-done">
            {formatCents(done.netCents)} ausgezahlt · Referenz {done.reference ?? '–'}
          </p>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Sofortauszahlung bestätigen"
        variant="primary"
        description={
          confirming
            ? `Guthaben ${formatCents(confirming.quote.balanceCents)}, Gebühr ${formatCents(
                confirming.quote.feeCents,
              )}: Sie erhalten ${formatCents(confirming.quote.netCents)} sofort auf Ihr Konto.`
            : ''
        }
        confirmLabel={confirming ? `${formatCents(confirming.quote.netCents)} auszahlen` : ''}
        onConfirm={() => (confirming ? pay.mutateAsync(confirming).catch(() => undefined) : null)}
      />
    </Card>
  );
}
