import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  WEBHOOK_LOG_LIMIT,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../../shared/api/webhooks';
import { adminApiKeysPart } from '../../../../shared/i18n/admin-catalogue-api-keys';
import { Badge, type BadgeVariant } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { useManualRefresh } from '../../../lib/manual-refresh';
import { useAdminTexts } from '../../../lib/admin-language';
import { formatNumber } from '../../../lib/format';
import { messageOf } from '../admin-api';
import { useSelectedBusinessId } from '../business-scope';
import { webhookKeys, webhooksApi } from './webhooks-api';

const STATE_VARIANTS: Record<WebhookDelivery['state'], BadgeVariant> = {
  pending: 'outline',
  delivered: 'success',
  failed: 'destructive',
  cancelled: 'secondary',
};

/** While something is on its way the log looks again every few seconds. */
const PENDING_REFRESH_MS = 2000;
/** What of an answer the log shows at first (the server keeps up to 1000 characters). */
const EXCERPT_SHOWN = 300;

const timeFormatter = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const formatMoment = (value: string) => timeFormatter.format(new Date(value));

/**
 * The delivery log of one endpoint: its newest deliveries, each with every
 * attempt's time, status, duration and the first part of the answer, and 'Erneut senden'.
 */
export function WebhookDeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { webhooks: t } = useAdminTexts(adminApiKeysPart);
  const businessId = useSelectedBusinessId();
  const client = useQueryClient();
  const key = webhookKeys.log(businessId, endpoint.id);
  const log = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => webhooksApi.deliveries(endpoint.id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.items.some((delivery) => delivery.state === 'pending'),
      )
        ? PENDING_REFRESH_MS
        : false,
  });
  const deliveries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const manual = useManualRefresh(log.refetch);
  const [replaying, setReplaying] = useState<string | null>(null);
  // What the log learns, the endpoint's 'Letzte Zustellung' in the list shows too. Only the list:
  // its key begins the log's, and refetching the log here would ask the list again, without end.
  const learned = log.dataUpdatedAt;
  useEffect(() => {
    if (learned) {
      void client.invalidateQueries({ queryKey: webhookKeys.list(businessId), exact: true });
    }
  }, [learned, client, businessId]);

  const replay = async (delivery: WebhookDelivery) => {
    setReplaying(delivery.id);
    try {
      await webhooksApi.replay(endpoint.id, delivery.id);
      toast({ title: t.replayed, variant: 'success' });
      await client.invalidateQueries({ queryKey: key });
    } catch (error) {
      toast({ title: messageOf(error, t.replayFailed), variant: 'destructive' });
    } finally {
      setReplaying(null);
    }
  };

  return (
    <section aria-label={t.logTitle(endpoint.url)} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t.logHint}</p>
        <Button variant="ghost" size="sm" disabled={manual.refreshing} onClick={manual.refresh}>
          {t.refresh}
        </Button>
      </div>
      {log.isPending ? (
        <Spinner />
      ) : log.isError ? (
        <p role="alert">{messageOf(log.error, t.logLoadFailed)}</p>
      ) : deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.logEmpty}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="webhook-deliveries">
          {deliveries.map((delivery) => (
            <li
              key={delivery.id}
              data-testid="webhook-delivery"
              className="min-w-0 rounded-md border border-border p-3"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    <code className="font-mono">{delivery.type}</code>
                    <span className="text-muted-foreground"> · {t.origins[delivery.origin]}</span>
                  </p>
                  <code className="block break-all font-mono text-xs text-muted-foreground">
                    {delivery.eventId}
                  </code>
                </div>
                <Badge
                  variant={STATE_VARIANTS[delivery.state]}
                  className="shrink-0 whitespace-nowrap"
                >
                  {t.deliveryStates[delivery.state]}
                </Badge>
              </div>
              <p className="mt-1 text-xs text-muted-foreground">
                {formatMoment(delivery.createdAt)} · {t.attempts(delivery.attempts)}
                {delivery.nextAttemptAt
                  ? ` · ${t.nextAttempt(formatMoment(delivery.nextAttemptAt))}`
                  : ''}
              </p>
              {delivery.attemptLog.length > 0 ? (
                <ol className="mt-2 flex flex-col gap-1 border-l-2 border-border pl-3 text-xs">
                  {delivery.attemptLog.map((attempt, index) => (
                    <li key={`${attempt.attemptedAt}-${index}`} className="min-w-0">
                      <span className="whitespace-nowrap">{formatMoment(attempt.attemptedAt)}</span>
                      {' · '}
                      <span className="font-medium">
                        {attempt.status === null ? t.noAnswer : t.status(attempt.status)}
                      </span>
                      {' · '}
                      <span className="whitespace-nowrap">
                        {t.duration(formatNumber(attempt.durationMs))}
                      </span>
                      {attempt.error || attempt.responseExcerpt ? (
                        <code className="mt-0.5 block max-h-24 overflow-y-auto whitespace-pre-wrap break-all rounded bg-muted px-1.5 py-0.5 font-mono">
                          {(attempt.error ?? attempt.responseExcerpt).slice(0, EXCERPT_SHOWN)}
                        </code>
                      ) : null}
                    </li>
                  ))}
                </ol>
              ) : null}
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={
                    !delivery.payloadKept || endpoint.state !== 'enabled' || replaying !== null
                  }
                  aria-label={t.replayLabel(delivery.eventId)}
                  onClick={() => void replay(delivery)}
                >
                  {t.replay}
                </Button>
                {delivery.payloadKept ? null : (
                  <span className="text-xs text-muted-foreground">{t.payloadCleared}</span>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={log.isFetchingNextPage}
          onClick={() => {
            log.fetchNextPage().catch(() => undefined);
          }}
        >
          {log.isFetchingNextPage ? t.olderLoading : t.olderLoad(WEBHOOK_LOG_LIMIT)}
        </Button>
      ) : null}
      {log.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(log.error, t.olderFailed)}
        </p>
      ) : null}
    </section>
  );
}
