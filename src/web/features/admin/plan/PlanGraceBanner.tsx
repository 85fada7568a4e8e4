import { buttonClasses } from '../../../components/ui/Button';
import { useAdminTexts } from '../../../lib/admin-language';
import { formatBerlinDate as formatDate } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { usePlan } from './plan-api';

/**
 * On every admin page while a failed charge is being retried (dunning, decision 0610): Pro still
 * works until the grace period's end, and 'Tarif' is where the payment is put right.
 */
export function PlanGraceBanner() {
  const { pro } = useAdminTexts();
  const plan = usePlan();
  if (plan.data?.source !== 'grace' || !plan.data.graceEndsAt) return null;
  return (
    <section
      aria-label={pro.graceLabel}
      data-testid="plan-grace-banner"
      className="border-b border-destructive bg-muted"
    >
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <p className="min-w-0 flex-1 basis-56 text-sm font-medium">
          {pro.graceBanner(formatDate(plan.data.graceEndsAt))}
        </p>
        <Link to="/admin/tarif" className={buttonClasses('outline', 'sm')}>
          {pro.toTarif}
        </Link>
      </div>
    </section>
  );
}
