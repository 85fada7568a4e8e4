import { lazy, Suspense, useState } from 'react';
import { adminHoursPart } from '../../../shared/i18n/admin-catalogue-hours';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useAdminTexts } from '../../lib/admin-language';

// The form (with its zod schema and the hours formatting) loads when the owner opens it, not with
// the dashboard's pool card (decision 0410).
const DistributionForm = lazy(() =>
  import('./PoolDistributionForm').then((module) => ({ default: module.DistributionForm })),
);

/**
 * 'Pool verteilen' by hours (decision 0660): a period, its preview with every person's hours,
 * points and share, then 'Verteilen' books exactly that preview (the server refuses a stale one
 * in German, and the preview is asked again).
 */
export function PoolDistribution() {
  const { poolDistribution: t } = useAdminTexts(adminHoursPart);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button type="button" variant="outline" className="self-start" onClick={() => setOpen(true)}>
        {t.open}
      </Button>
    );
  }
  return (
    <Suspense fallback={<Spinner />}>
      <DistributionForm />
    </Suspense>
  );
}
