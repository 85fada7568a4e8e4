import type { Profile } from '../../../shared/api/profiles';
import { authTexts } from '../../../shared/i18n/auth';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';

const texts = authTexts.onboarding.payout;

/**
 * The payout-setup block of onboarding: shows where the account stands. Connecting the account
 * is not part of onboarding; until payouts are built the button says so with the spec's toast.
 */
export function PayoutSetupCard({ profile }: { profile: Profile | null }) {
  const status = profile?.payoutStatus ?? 'none';
  return (
    <section
      aria-labelledby="payout-setup-title"
      className="flex flex-col gap-2 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payout-setup-title" className="font-semibold">
          {texts.title}
        </h2>
        <Badge variant={status === 'enabled' ? 'success' : 'secondary'}>
          {texts.status[status]}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">{texts.text}</p>
      {status !== 'enabled' ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => toast({ title: texts.toastTitle, description: texts.toastMessage })}
        >
          {texts.connect}
        </Button>
      ) : null}
    </section>
  );
}
