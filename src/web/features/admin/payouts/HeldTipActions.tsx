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

type Decision = 'release' | 'refund';

const TEXTS: Record<Decision, { title: string; confirm: string; done: string; text: string }> = {
  release: {
    title: 'Trinkgeld freigeben?',
    confirm: 'Freigeben',
    done: 'Trinkgeld freigegeben; es wird mit der nächsten Auszahlung überwiesen.',
    text: 'Sie haben die Zahlung geprüft. Das Trinkgeld geht in die nächste Auszahlung.',
  },
  refund: {
    title: 'Trinkgeld erstatten?',
    confirm: 'Erstatten',
    done: 'Die Zahlung wurde dem Gast vollständig erstattet.',
    text: 'Der Gast erhält die ganze Zahlung zurück; das Trinkgeld wird nicht ausgezahlt.',
  },
};

/** Release or refund one held tip; both are audited on the server. */
export function HeldTipActions({ tip }: { tip: HeldTip }) {
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Decision | null>(null);
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      api.post<PayoutOverview>(scoped(`/api/admin/payouts/held/${tip.tipId}/${decision}`)),
    onSuccess: (overview, decision) => {
      queryClient.setQueryData(payoutKeys.overview(businessId), overview);
      toast({ title: TEXTS[decision].done });
    },
    onError: (error) =>
      toast({
        title: 'Nicht möglich',
        description: messageOf(error, 'Bitte versuchen Sie es erneut.'),
        variant: 'destructive',
      }),
    onSettled: () => setAsking(null),
  });
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => setAsking('release')}>
        Freigeben
      </Button>
      <Button size="sm" variant="outline" onClick={() => setAsking('refund')}>
        Erstatten
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? TEXTS[asking].title : ''}
        description={
          asking ? `${tip.recipient}, ${formatCents(tip.amountCents)}: ${TEXTS[asking].text}` : ''
        }
        confirmLabel={asking ? TEXTS[asking].confirm : ''}
        variant={asking === 'refund' ? 'destructive' : 'primary'}
        onConfirm={() => (asking ? decide.mutateAsync(asking).catch(() => undefined) : null)}
      />
    </div>
  );
}
