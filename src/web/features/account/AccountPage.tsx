import { Link } from '../../lib/router';
import { roleHome } from '../../../shared/domain/roles';
import { buttonClasses } from '../../components/ui/Button';
import { useSession } from '../../lib/session';
import { ACCOUNT_SECTIONS } from './account-sections';
import { useStaffTexts } from '../../lib/staff-language';

/**
 * 'Konto und Sicherheit': what every signed-in person manages about their own sign-in. Reached
 * from the employee settings and the admin shell; one page for both so the rules stay one.
 */
export function AccountPage() {
  const t = useStaffTexts().account;
  const { profile } = useSession();
  const home = roleHome(profile?.role);
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t.title}</h1>
        <Link to={home} className={buttonClasses('outline', 'sm')}>
          {t.back}
        </Link>
      </div>
      <p className="text-muted-foreground">{t.intro}</p>
      {ACCOUNT_SECTIONS.map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </main>
  );
}
