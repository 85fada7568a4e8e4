import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HeldTip, PayoutOverview } from '../../../../shared/api/payouts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { toast } from '../../../components/ui/toast-store';
import { api } from '../../../lib/api';
import { formatCents } from '../../../lib/format';
import { messageOf } from '../admin-api';
import { scoped, useSelectedBusinessId } from '../business-scope';
import { payoutKeys } from './payouts-api';
import { useAdminTexts } from '../../../lib/admin-language';
import { adminPayoutsPart } from '../../../../shared/i18n/admin-catalogue-payouts';

type Decision = 'release' | 'refund';

/** Release or refund one held tip; both are audited on the server. */
export function HeldTipActions({ tip }: { tip: HeldTip }) {
  const { payouts: payoutTexts } = useAdminTexts(adminPayoutsPart);
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Decision | null>(null);
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      api.post<PayoutOverview>(scoped(`/api/admin/payouts/held/${tip.tipId}/${decision}`)),
    onSuccess: (overview, decision) => {
      queryClient.setQueryData(payoutKeys.overview(businessId), overview);
      toast({ title: payoutTexts.heldDecisions[decision].done });
    },
    onError: (error) =>
      toast({
        title: payoutTexts.heldDecisions.failedTitle,
        description: messageOf(error, payoutTexts.heldDecisions.failedFallback),
        variant: 'destructive',
      }),
    onSettled: () => setAsking(null),
  });
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => setAsking('release')}>
        {payoutTexts.heldDecisions.release.confirm}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setAsking('refund')}>
        {payoutTexts.heldDecisions.refund.confirm}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? payoutTexts.heldDecisions[asking].title : ''}
        description={
          asking
            ? `${tip.recipient}, ${formatCents(tip.amountCents)}: ${payoutTexts.heldDecisions[asking].text}`
            : ''
        }
        confirmLabel={asking ? payoutTexts.heldDecisions[asking].confirm : ''}
        variant={asking === 'refund' ? 'destructive' : 'primary'}
        onConfirm={() => (asking ? decide.mutateAsync(asking).catch(() => undefined) : null)}
      />
    </div>
  );
}
