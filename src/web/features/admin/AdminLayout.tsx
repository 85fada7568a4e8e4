import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from '../../lib/router';
import type { Profile } from '../../../shared/api/profiles';
import { isProfileComplete } from '../../../shared/domain/auth';
import { isStaffManager } from '../../../shared/domain/roles';
import { Badge } from '../../components/ui/Badge';
import { buttonClasses } from '../../components/ui/Button';
import { Label, selectClasses } from '../../components/ui/Field';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { SignOutButton } from '../auth/SignOutButton';
import { Icon } from '../public/components/Icon';
import { SkipLink } from '../../components/SkipLink';
import { TwoFactorBanner } from '../two-factor/TwoFactorBanner';
import { PlanGraceBanner } from './plan/PlanGraceBanner';
import { adminApi, adminKeys } from './admin-api';
import {
  adminNavFor,
  type AdminPageLink,
  OPERATOR_CONSOLE_LINK,
  PLATFORM_PAGE_PATHS,
} from './admin-pages';
import {
  leaveBusiness,
  selectBusiness,
  usePlatformViewChosen,
  useSelectedBusinessId,
} from './business-scope';
import { useAdminTexts } from '../../lib/admin-language';
/** The one <main> of every admin page; the pages themselves render plain sections. */
const MAIN_ID = 'admin-main';

/**
 * The frame of every /admin page (one layout route in router.tsx): product and business name,
 * a business picker for the platform admin, the navigation, the role badge, 'Mitarbeiter-Ansicht'
 * and 'Abmelden'. The layout holds the one <main>; pages render plain sections inside it. Below 1024 px the navigation and the
 * actions fold into a menu, so nothing overlaps or scrolls sideways down to 360 px.
 *
 * Without a signed-in admin or owner it renders the page alone: the route guards inside decide
 * (login, onboarding, the denied screen, or the open 'Demnächst verfügbar' pages).
 */
export function AdminLayout() {
  const session = useSession();
  const profile = session.profile;
  const isManager =
    session.status === 'ready' &&
    session.user !== null &&
    profile !== null &&
    isProfileComplete(profile) &&
    isStaffManager(profile.role) &&
    // A setup-only session (decision 0318) gets no shell: the guard sends it to the setup.
    !session.twoFactor?.setupRequired;
  if (!isManager) {
    return (
      <main id={MAIN_ID}>
        <Outlet />
      </main>
    );
  }
  return <AdminShell profile={profile} />;
}

function useBusinessChoice(isAdmin: boolean) {
  const selected = useSelectedBusinessId();
  // 'Zur Plattform-Ansicht' (decision 0511): not even the admin's own business counts then.
  const platformView = usePlatformViewChosen();
  const businesses = useQuery({
    queryKey: adminKeys.businesses,
    queryFn: adminApi.businesses,
    staleTime: 60_000,
  });
  // An owner never carries a choice (one may be left from an admin session in this tab): the
  // server would refuse every call naming another business.
  const stale = !isAdmin && (selected !== null || platformView);
  const list = businesses.data?.businesses;
  const vanished =
    isAdmin && selected !== null && list !== undefined && !list.some((b) => b.id === selected);
  useLayoutEffect(() => {
    if (stale || vanished) selectBusiness(null);
  }, [stale, vanished]);

  const currentId = isAdmin
    ? (selected ?? (platformView ? null : (businesses.data?.currentBusinessId ?? null)))
    : (businesses.data?.currentBusinessId ?? null);
  return {
    ready: !stale && !vanished,
    list: list ?? [],
    currentId,
    currentName: list?.find((b) => b.id === currentId)?.name ?? null,
    needsChoice: isAdmin && currentId === null && businesses.isSuccess,
  };
}

function AdminShell({ profile }: { profile: Profile }) {
  const { admin: adminTexts } = useAdminTexts();
  const t = adminTexts.shell;
  const isAdmin = profile.role === 'admin';
  const business = useBusinessChoice(isAdmin);
  // The platform admin inside a business: the banner says so, with the way back (decision 0511).
  const actingIn = isAdmin && business.currentId !== null ? business.currentName : null;
  const inBusiness = !isAdmin || business.currentId !== null;
  const nav = adminNavFor(profile.role, inBusiness);
  const home = inBusiness ? '/admin/dashboard' : OPERATOR_CONSOLE_LINK.path;
  // The operator console and the status view work across businesses: they never wait for a
  // business to be chosen.
  const pathname = useLocation().pathname;
  const businessFree =
    PLATFORM_PAGE_PATHS.includes(pathname) || pathname.startsWith('/admin/businesses/');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const closeMenu = (refocus: boolean) => {
    setMenuOpen(false);
    if (refocus) menuButton.current?.focus();
  };
  // Escape closes the phone menu wherever the focus is, on its button too.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const picker = (id: string) =>
    isAdmin ? <BusinessPicker id={id} list={business.list} currentId={business.currentId} /> : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink target={MAIN_ID} label={t.skipToContent} />
      <header className="sticky top-0 z-40 border-b border-border bg-background">
        <div className="mx-auto flex min-h-14 w-full max-w-7xl items-center gap-3 px-4 py-2 sm:px-6">
          <Link
            to={home}
            className="flex shrink-0 items-center gap-2 font-bold text-primary"
            aria-label={`${t.productName} ${t.consoleName}`}
          >
            <Icon name="heart" className="h-5 w-5" />
            <span>{t.productName}</span>
          </Link>
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
          <div className="min-w-0 flex-1">
            {isAdmin ? (
              <div className="hidden lg:block">{picker('admin-business-wide')}</div>
            ) : null}
            <p
              className={cn('truncate text-sm font-medium', isAdmin && 'lg:hidden')}
              data-testid="admin-business-name"
              title={business.currentName ?? undefined}
            >
              {business.currentName ?? (business.needsChoice ? t.chooseBusiness : '')}
            </p>
          </div>
          <div className="hidden items-center gap-2 lg:flex">
            <ShellActions profile={profile} inBusiness={inBusiness} />
          </div>
          <button
            ref={menuButton}
            type="button"
            className={cn(buttonClasses('outline', 'sm'), 'lg:hidden')}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} className="h-5 w-5" />
            <span>{menuOpen ? t.closeMenu : t.menu}</span>
          </button>
        </div>
        <nav aria-label={t.navLabel} className="hidden border-t border-border lg:block">
          <ul className="mx-auto flex w-full max-w-7xl flex-wrap gap-1 px-4 py-1.5 sm:px-6">
            {nav.map((page) => (
              <li key={page.path}>
                <AdminNavLink page={page} />
              </li>
            ))}
          </ul>
        </nav>
        <div
          id={menuId}
          hidden={!menuOpen}
          className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-border px-4 pb-4 pt-3 lg:hidden"
        >
          {isAdmin ? <div className="mb-3">{picker('admin-business-narrow')}</div> : null}
          <nav aria-label={t.navLabel}>
            <ul className="grid gap-1 sm:grid-cols-2">
              {nav.map((page) => (
                <li key={page.path}>
                  <AdminNavLink page={page} onNavigate={() => closeMenu(false)} block />
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-border pt-3">
            <ShellActions
              profile={profile}
              inBusiness={inBusiness}
              onNavigate={() => closeMenu(false)}
            />
          </div>
        </div>
      </header>
      {actingIn ? <ActingInBusinessBanner business={actingIn} /> : null}
      <TwoFactorBanner />
      {inBusiness && business.ready && !business.needsChoice ? <PlanGraceBanner /> : null}
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {!business.ready ? null : business.needsChoice && !businessFree ? (
          <ChooseBusiness list={business.list} />
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}

/**
 * On every admin page while the platform admin works inside a business: whose
 * data this is, and the way back to the platform view, which leaves the business (decision 0511).
 */
function ActingInBusinessBanner({ business }: { business: string }) {
  const { admin: adminTexts } = useAdminTexts();
  const t = adminTexts.shell;
  return (
    <section
      aria-label={t.actingInLabel}
      data-testid="acting-in-business"
      className="border-b border-accent bg-muted"
    >
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <p className="flex min-w-0 flex-1 basis-56 items-start gap-2 text-sm font-medium">
          <Icon name="building" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
          <span className="min-w-0 break-words">{t.actingIn(business)}</span>
        </p>
        <Link
          to={OPERATOR_CONSOLE_LINK.path}
          className={buttonClasses('outline', 'sm')}
          // Leaves before the link goes: the console opens in the platform view.
          onClick={leaveBusiness}
        >
          {t.backToPlatform}
        </Link>
      </div>
    </section>
  );
}

/**
 * The header's actions, in the bar and in the phone menu: role, account, 'Mitarbeiter-Ansicht'
 * (only inside a business, decision 0511) and 'Abmelden'.
 */
function ShellActions({
  profile,
  inBusiness,
  onNavigate,
}: {
  profile: Profile;
  inBusiness: boolean;
  onNavigate?: () => void;
}) {
  const { account: accountTexts, admin: adminTexts } = useAdminTexts();
  return (
    <>
      <RoleBadge profile={profile} />
      <Link to="/employee/account" className={buttonClasses('ghost', 'sm')} onClick={onNavigate}>
        {accountTexts.link}
      </Link>
      {inBusiness ? (
        <Link
          to="/employee/dashboard"
          className={buttonClasses('outline', 'sm')}
          onClick={onNavigate}
        >
          {adminTexts.shell.employeeView}
        </Link>
      ) : null}
      <SignOutButton size="sm" />
    </>
  );
}

function RoleBadge({ profile }: { profile: Profile }) {
  const {
    labels: { roles: ROLE_LABELS },
  } = useAdminTexts();
  return (
    <Badge variant={profile.role === 'admin' ? 'accent' : 'secondary'} data-testid="role-badge">
      {ROLE_LABELS[profile.role]}
    </Badge>
  );
}

function AdminNavLink({
  page,
  onNavigate,
  block,
}: {
  page: AdminPageLink;
  onNavigate?: () => void;
  block?: boolean;
}) {
  const { admin: adminTexts } = useAdminTexts();
  const t = adminTexts.shell;
  const base = cn(
    'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium',
    block && 'w-full',
  );
  if (!page.available) {
    return (
      <Link
        to={page.path}
        onClick={onNavigate}
        className={cn(base, 'text-muted-foreground hover:bg-muted')}
      >
        <Icon name={page.icon} className="h-4 w-4" />
        {page.navLabel}
        <span className="text-xs">({t.soon})</span>
      </Link>
    );
  }
  return (
    <NavLink
      to={page.path}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          base,
          isActive
            ? 'bg-primary text-primary-foreground'
            : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        )
      }
    >
      <Icon name={page.icon} className="h-4 w-4" />
      {page.navLabel}
    </NavLink>
  );
}

function BusinessPicker({
  id,
  list,
  currentId,
}: {
  id: string;
  list: readonly { id: string; name: string }[];
  currentId: string | null;
}) {
  const { admin: adminTexts } = useAdminTexts();
  const t = adminTexts.shell;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Label htmlFor={id} className="shrink-0 text-muted-foreground">
        {t.business}
      </Label>
      <select
        id={id}
        className={cn(selectClasses, 'h-9 min-w-0 max-w-xs text-sm')}
        value={currentId ?? ''}
        onChange={(event) => selectBusiness(event.target.value || null)}
      >
        {currentId === null ? <option value="">{t.chooseBusiness}</option> : null}
        {list.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The platform admin without a business of their own picks one before any page loads, or goes to
 * the operator console ('Betriebe'), where the first business is created on a fresh database.
 */
function ChooseBusiness({ list }: { list: readonly { id: string; name: string }[] }) {
  const { admin: adminTexts } = useAdminTexts();
  const t = adminTexts.shell;
  usePageTitle(t.chooseBusiness);
  useEffect(() => {
    document.getElementById('admin-business-choice')?.focus();
  }, []);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 p-6">
      <h1 className="text-2xl font-bold">{t.chooseBusiness}</h1>
      {list.length === 0 ? (
        <p className="text-muted-foreground">{t.noBusinessYet}</p>
      ) : (
        <>
          <p className="text-muted-foreground">{t.chooseBusinessHint}</p>
          <BusinessPicker id="admin-business-choice" list={list} currentId={null} />
        </>
      )}
      <Link to={OPERATOR_CONSOLE_LINK.path} className={buttonClasses('outline', 'md')}>
        {t.toOperatorConsole}
      </Link>
    </div>
  );
}
