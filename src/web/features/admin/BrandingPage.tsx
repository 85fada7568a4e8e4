import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../lib/page-title';
import { brandingApi, brandingKey } from './branding/branding-api';
import { BrandingForm } from './branding/BrandingForm';
import { useSelectedBusinessId } from './business-scope';
import { useAdminTexts } from '../../lib/admin-language';
import { adminBrandingPart } from '../../../shared/i18n/admin-catalogue-branding';
import { useProFeature } from './plan/plan-api';
import { ProNotice } from './plan/ProNotice';

/** /admin/branding (spec §2): the business's look on its guest pages, saved per business. */
export function BrandingPage() {
  const { branding: t } = useAdminTexts(adminBrandingPart);
  usePageTitle(t.pageTitle);
  const businessId = useSelectedBusinessId();
  const query = useQuery({
    queryKey: brandingKey(businessId),
    queryFn: () => brandingApi.get(businessId),
  });
  // Basis keeps the saved branding on the guest pages; changing it is Pro (decision 0610).
  const { known, included } = useProFeature('branding');
  const readOnly = known && !included;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-bold">{t.pageTitle}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>
      <ProNotice feature="branding" />
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-destructive">
            {query.error.message || t.toasts.loadFailed}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : (
        <BrandingForm
          key={`${businessId}-${query.data.businessId}`}
          branding={query.data}
          businessId={businessId}
          readOnly={readOnly}
        />
      )}
    </div>
  );
}
