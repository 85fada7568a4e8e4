import { useMutation, useQuery } from '@tanstack/react-query';
import type { PayoutStatus } from '../../../shared/api/employee';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { api, ApiError } from '../../lib/api';
import { useStaffTexts } from '../../lib/staff-language';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

/**
 * Payout setup. With Stripe configured: the Connect (Express) onboarding link and the account's
 * state. With the demo provider: an honest explanation that payouts need the real provider.
 */
export function PayoutSection({ title: ownTitle, intro }: { title?: string; intro?: string }) {
  const t = useStaffTexts(staffDashboardPart).employee;
  const title = ownTitle ?? t.payout.title;
  const status = useQuery({
    queryKey: ['employee', 'payout'],
    queryFn: () => api.get<PayoutStatus>('/api/employee/payout'),
  });
  const onboarding = useMutation({
    mutationFn: () => api.post<{ url: string }>('/api/employee/payout/onboarding'),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({
        title: error instanceof ApiError ? error.title : t.payout.title,
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      }),
  });
  const data = status.data;
  return (
    <section
      aria-labelledby="payout-title"
      className="mt-2 flex flex-col gap-2 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="payout-title" className="font-semibold">
          {title}
        </h3>
        {data ? (
          <Badge
            variant={data.status === 'enabled' ? 'success' : 'secondary'}
            data-testid="payout-status"
          >
            {t.payout.statuses[data.status]}
          </Badge>
        ) : null}
      </div>
      {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
      {data?.provider === 'demo' ? (
        <p className="text-sm text-muted-foreground" data-testid="payout-demo-note">
          {t.payout.demoNote}
        </p>
      ) : data && data.status !== 'enabled' ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={onboarding.isPending}
          onClick={() => onboarding.mutate()}
        >
          {data.status === 'none' ? t.payout.connect : t.payout.continue}
        </Button>
      ) : null}
    </section>
  );
}
