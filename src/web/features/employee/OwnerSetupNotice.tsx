import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/router';
import { buttonClasses } from '../../components/ui/Button';
import { useStaffTexts } from '../../lib/staff-language';
import { employeeApi, employeeKeys } from './employee-api';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

/**
 * For a business owner whose set-up checklist is open (decision 0512): the
 * onboarding ends on this page (spec §2), so it says first what comes next and leads to the admin
 * console, where the checklist is worked through. Nothing while it loads, fails, or is done.
 */
export function OwnerSetupNotice() {
  const t = useStaffTexts(staffDashboardPart).employee.ownerSetup;
  const checklist = useQuery({
    queryKey: employeeKeys.ownerSetup,
    queryFn: employeeApi.ownerSetup,
    staleTime: 0,
  });
  const data = checklist.data;
  const next = data?.show ? data.items.find((item) => !item.done) : undefined;
  if (!data || !next) return null;
  return (
    <section
      aria-labelledby="owner-setup-title"
      data-testid="owner-setup"
      className="flex flex-col gap-3 rounded-lg border-2 border-primary bg-card p-4 text-card-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="owner-setup-title" className="font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.progress(data.doneCount, data.total)}</p>
        <p className="[overflow-wrap:anywhere]">
          <span className="font-medium">{t.next}</span> {t.steps[next.key]}
        </p>
      </div>
      <Link to="/admin/dashboard" className={buttonClasses('primary')}>
        {t.toConsole}
      </Link>
    </section>
  );
}
