import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from '../../lib/router';
import {
  ADMIN_PAGE_PATTERN,
  isProfileComplete,
  MAGIC_LINK_QUERY_PARAM,
} from '../../../shared/domain/auth';
import { hasRequiredRole, isStaffManager, type Role, roleHome } from '../../../shared/domain/roles';
import { TWO_FACTOR_SETUP_PATH } from '../../../shared/domain/two-factor';
import { auditTexts } from '../../../shared/i18n/auth';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { sessionApi } from '../../lib/session-api';
import { AccessDenied, GuardError, GuardLoading } from './GuardScreens';
import { useStaffTexts } from '../../lib/staff-language';
import { activeStaffTexts } from '../../lib/staff-active';

const LOGIN = '/employee/login';
const ONBOARDING = '/employee/onboarding';

/** Where the login page sends someone back to after signing in. */
export interface LoginLocationState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * A route for signed-in people (spec §2 "Route guard behaviour"): loading and error screens,
 * login with the origin remembered, onboarding for a missing or nameless profile, and the role
 * check that sends someone without a required role to their home.
 */
export function ProtectedRoute({ roles = [] }: { roles?: readonly Role[] }) {
  const authTexts = useStaffTexts().auth;
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <GuardLoading text={authTexts.guard.checking} />;
  if (session.status === 'error') {
    return <GuardError message={session.error ?? ''} onRetry={() => void session.retry()} />;
  }
  if (!session.user) {
    return <Navigate to={LOGIN} replace state={{ from: location } satisfies LoginLocationState} />;
  }
  if (!isProfileComplete(session.profile) && location.pathname !== ONBOARDING) {
    return <Navigate to={ONBOARDING} replace />;
  }
  if (session.twoFactor?.setupRequired && location.pathname !== TWO_FACTOR_SETUP_PATH) {
    return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  }
  if (!hasRequiredRole(session.profile?.role, roles)) {
    return <Navigate to={roleHome(session.profile?.role, session.profile?.businessId)} replace />;
  }
  return <Outlet />;
}

/** /employee/login: a signed-in person with a profile goes on to where they wanted, or home. */
export function PublicOnlyRoute() {
  const authTexts = useStaffTexts().auth;
  const session = useSession();
  const location = useLocation();
  const openingMagicLink = new URLSearchParams(location.search).has(MAGIC_LINK_QUERY_PARAM);
  if (openingMagicLink) return <Outlet />;
  if (session.status === 'loading') return <GuardLoading text={authTexts.guard.checking} />;
  if (session.status === 'error') {
    return <GuardError message={session.error ?? ''} onRetry={() => void session.retry()} />;
  }
  if (session.user) {
    if (!isProfileComplete(session.profile)) return <Navigate to={ONBOARDING} replace />;
    if (session.twoFactor?.setupRequired) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
    const from = (location.state as LoginLocationState | null)?.from;
    const target = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : undefined;
    return (
      <Navigate
        to={target ?? roleHome(session.profile?.role, session.profile?.businessId)}
        replace
      />
    );
  }
  return <Outlet />;
}

export interface AccessGuardProps {
  roles: readonly Role[];
  /**
   * 'screen' shows the denied screen; 'redirect' (the branding page) shows the toast
   * 'Zugriff verweigert' and goes to the employee dashboard.
   */
  denied?: 'screen' | 'redirect';
}

/** The access guard of admin pages (spec §6), which also reports admin navigation. */
export function AccessGuard({ roles, denied = 'screen' }: AccessGuardProps) {
  const authTexts = useStaffTexts().auth;
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') {
    return <GuardLoading text={authTexts.guard.checkingPermissions} />;
  }
  if (session.status === 'error') {
    return <GuardError message={session.error ?? ''} onRetry={() => void session.retry()} />;
  }
  if (!session.user) {
    return <Navigate to={LOGIN} replace state={{ from: location } satisfies LoginLocationState} />;
  }
  if (!isProfileComplete(session.profile)) return <Navigate to={ONBOARDING} replace />;
  // The platform admin in production without two-factor sign-in may only set it up (0318).
  if (session.twoFactor?.setupRequired) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  if (!hasRequiredRole(session.profile?.role, roles)) {
    if (denied === 'redirect') return <DeniedRedirect />;
    return <AccessDenied required={roles} profile={session.profile} />;
  }
  return (
    <>
      {isStaffManager(session.profile!.role) ? <AdminNavigationAudit /> : null}
      <Outlet />
    </>
  );
}

function DeniedRedirect() {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast({ title: activeStaffTexts().auth.toasts.accessDenied, variant: 'destructive' });
  }, []);
  return <Navigate to="/employee/dashboard" replace />;
}

/** The admin page shown last, across guard instances (the branding page has its own guard). */
let lastAdminPage: string | undefined;

/** Each admin page an admin or owner opens becomes an admin_navigation row on the server. */
function AdminNavigationAudit() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (lastAdminPage === pathname || !ADMIN_PAGE_PATTERN.test(pathname)) return;
    const from = lastAdminPage;
    lastAdminPage = pathname;
    sessionApi.logAdminNavigation(pathname, from).catch((error: unknown) => {
      // An ended session is handled by the session layer; anything else must be visible.
      if (error instanceof ApiError && error.status === 401) return;
      toast({
        title: auditTexts.loggingFailedTitle,
        description: auditTexts.loggingFailedMessage,
        variant: 'destructive',
      });
    });
  }, [pathname]);
  return null;
}
