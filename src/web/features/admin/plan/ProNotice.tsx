import type { ProFeature } from '../../../../shared/domain/plans';
import { Badge } from '../../../components/ui/Badge';
import { buttonClasses } from '../../../components/ui/Button';
import { useAdminTexts } from '../../../lib/admin-language';
import { Link } from '../../../lib/router';
import { useProFeature } from './plan-api';

/** The small 'Pro' mark beside a control or heading that belongs to Trinkgeld Pro. */
export function ProMark() {
  const { pro } = useAdminTexts();
  return (
    <Badge variant="accent" className="ml-2 align-middle" title={pro.markLabel}>
      <span aria-hidden="true">{pro.mark}</span>
      <span className="sr-only">{pro.markLabel}</span>
    </Badge>
  );
}

/**
 * Shown where a Basis business meets a Pro feature: what it is, that nothing set up so far is lost,
 * and the way to 'Tarif' (never a dead end). Renders nothing while the business has the feature.
 */
export function ProNotice({ feature }: { feature: ProFeature }) {
  const { pro } = useAdminTexts();
  const { known, included } = useProFeature(feature);
  if (!known || included) return null;
  return (
    <section
      aria-label={pro.noticeTitle}
      data-testid="pro-notice"
      className="flex flex-col gap-3 rounded-lg border border-accent bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          {pro.featureNames[feature]}
          <ProMark />
        </p>
        <p className="text-sm text-muted-foreground">{pro.noticeBody}</p>
      </div>
      <Link to="/admin/tarif" className={buttonClasses('primary', 'sm', 'shrink-0')}>
        {pro.toTarif}
      </Link>
    </section>
  );
}
