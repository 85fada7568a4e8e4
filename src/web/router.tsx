import { type ComponentType } from 'react';
import { type AppRoute, Navigate } from './lib/router';
import { PLATFORM_ADMIN_ROLES, STAFF_MANAGER_ROLES } from '../shared/domain/roles';
import { App } from './App';
import { AccessGuard, ProtectedRoute, PublicOnlyRoute } from './features/auth/guards';
import { GuestEntryRedirect } from './features/guest/GuestEntryRedirect';
import { ErrorScreen } from './components/ErrorScreen';
import { FullScreenMessage, Spinner } from './components/ui/Spinner';
import { staffTextsOutsideTheApp } from './lib/staff-language';

/** The app's error screen, in the staff language on staff pages (decision 0383). */
export function AppErrorScreen() {
  return <ErrorScreen words={staffTextsOutsideTheApp().common} />;
}

/** Shown while the first page's chunk loads. */
export function FirstLoad() {
  return (
    <FullScreenMessage>
      <Spinner label={staffTextsOutsideTheApp().common.loading} />
    </FullScreenMessage>
  );
}

/** Loads a page module only when its route is visited, so each area is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => pick(await load());
}

/** Every route of the spec's route table (§2). */
export const routes: AppRoute[] = [
  {
    element: <App />,
    children: [
      {
        path: '/',
        lazy: page(
          () => import('./features/public/LandingPage'),
          (m) => m.LandingPage,
        ),
      },
      {
        element: <PublicOnlyRoute />,
        children: [
          {
            path: '/employee/login',
            lazy: page(
              () => import('./features/auth/LoginPage'),
              (m) => m.LoginPage,
            ),
          },
          // Self-service sign-up (decision 0325).
          {
            path: '/registrieren',
            lazy: page(
              () => import('./features/signup/SignUpPage'),
              (m) => m.SignUpPage,
            ),
          },
        ],
      },
      // Passwords: open signed in or not; a set-password link opens no session.
      {
        path: '/employee/password',
        lazy: page(
          () => import('./features/auth/SetPasswordPage'),
          (m) => m.SetPasswordPage,
        ),
      },
      {
        path: '/employee/password-reset',
        lazy: page(
          () => import('./features/auth/ForgotPasswordPage'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      // Outside the public-only guard: the link may be opened while someone else is signed in.
      {
        path: '/registrieren/bestaetigen',
        lazy: page(
          () => import('./features/signup/SignUpConfirmPage'),
          (m) => m.SignUpConfirmPage,
        ),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: '/employee/onboarding',
            lazy: page(
              () => import('./features/auth/OnboardingPage'),
              (m) => m.OnboardingPage,
            ),
          },
          {
            path: '/employee/dashboard',
            lazy: page(
              () => import('./features/employee/EmployeeDashboardPage'),
              (m) => m.EmployeeDashboardPage,
            ),
          },
          {
            path: '/employee/account',
            lazy: page(
              () => import('./features/account/AccountPage'),
              (m) => m.AccountPage,
            ),
          },
        ],
      },
      // One layout route for every /admin page: the admin shell (header, business, navigation).
      // Inside it, every admin page needs admin or business_owner
      // (docs/decisions/0014-admin-route-roles.md); reports joined them with.
      {
        lazy: page(
          () => import('./features/admin/AdminLayout'),
          (m) => m.AdminLayout,
        ),
        children: [
          {
            element: <AccessGuard roles={STAFF_MANAGER_ROLES} />,
            children: [
              {
                path: '/admin/dashboard',
                lazy: page(
                  () => import('./features/admin/AdminDashboardPage'),
                  (m) => m.AdminDashboardPage,
                ),
              },
              {
                path: '/admin/qr-codes',
                lazy: page(
                  () => import('./features/admin/QrCodesPage'),
                  (m) => m.QrCodesPage,
                ),
              },
              {
                path: '/admin/qr-code-view',
                lazy: page(
                  () => import('./features/admin/QrCodeViewPage'),
                  (m) => m.QrCodeViewPage,
                ),
              },
              {
                path: '/admin/uid-management',
                lazy: page(
                  () => import('./features/admin/PaymentPointsPage'),
                  (m) => m.PaymentPointsPage,
                ),
              },
              {
                path: '/admin/aio-settings',
                lazy: page(
                  () => import('./features/admin/AioSettingsPage'),
                  (m) => m.AioSettingsPage,
                ),
              },
              {
                path: '/admin/reports',
                lazy: page(
                  () => import('./features/admin/reports/ReportsPage'),
                  (m) => m.ReportsPage,
                ),
              },
              {
                path: '/admin/payouts',
                lazy: page(
                  () => import('./features/admin/payouts/PayoutsPage'),
                  (m) => m.PayoutsPage,
                ),
              },
            ],
          },
          {
            element: <AccessGuard roles={STAFF_MANAGER_ROLES} denied="redirect" />,
            children: [
              {
                path: '/admin/branding',
                lazy: page(
                  () => import('./features/admin/BrandingPage'),
                  (m) => m.BrandingPage,
                ),
              },
            ],
          },
          { path: '/admin', element: <Navigate to="/admin/dashboard" replace /> },
          // The operator console and the status view: the platform admin only; owners see
          // 'Zugriff verweigert'.
          {
            element: <AccessGuard roles={PLATFORM_ADMIN_ROLES} />,
            children: [
              {
                path: '/admin/businesses',
                lazy: page(
                  () => import('./features/admin/businesses/BusinessesPage'),
                  (m) => m.BusinessesPage,
                ),
              },
              // The operator's page of one business.
              {
                path: '/admin/businesses/:id',
                lazy: page(
                  () => import('./features/admin/businesses/BusinessPage'),
                  (m) => m.BusinessPage,
                ),
              },
              // The status view (decision 0404).
              {
                path: '/admin/system',
                lazy: page(
                  () => import('./features/admin/system/SystemStatusPage'),
                  (m) => m.SystemStatusPage,
                ),
              },
            ],
          },

          {
            element: <AccessGuard roles={STAFF_MANAGER_ROLES} />,
            children: [
              {
                path: '/admin/users',
                lazy: page(
                  () => import('./features/admin/UsersPage'),
                  (m) => m.UsersPage,
                ),
              },
              {
                path: '/admin/shifts',
                lazy: page(
                  () => import('./features/admin/ShiftsPage'),
                  (m) => m.ShiftsPage,
                ),
              },
              // Trinkgeld Pro (decision 0610): the plan, trial, booking and invoices.
              {
                path: '/admin/tarif',
                lazy: page(
                  () => import('./features/admin/plan/TarifPage'),
                  (m) => m.TarifPage,
                ),
              },
              // 'API und Webhooks' (decision 0630): the business's API keys.
              {
                path: '/admin/api',
                lazy: page(
                  () => import('./features/admin/api-keys/ApiKeysPage'),
                  (m) => m.ApiKeysPage,
                ),
              },
            ],
          },
        ],
      },
      // Older documentation names for the admin code pages.
      { path: '/uid-management', element: <Navigate to="/admin/uid-management" replace /> },
      { path: '/admin-qr-view', element: <Navigate to="/admin/qr-code-view" replace /> },
      { path: '/t/:uid', element: <GuestEntryRedirect /> },
      { path: '/thank-you', element: <GuestEntryRedirect /> },
      { path: '/qr-error', element: <GuestEntryRedirect /> },
      { path: '/error/invalid-uid', element: <GuestEntryRedirect /> },
      {
        path: '/security',
        lazy: page(
          () => import('./features/public/SecurityPage'),
          (m) => m.SecurityPage,
        ),
      },
      // Only outside production (decision 0520): a production site shows the not-found page.
      {
        lazy: page(
          () => import('./features/public/DemoPagesOnly'),
          (m) => m.DemoPagesOnly,
        ),
        children: [
          {
            path: '/styleguide',
            lazy: page(
              () => import('./features/public/StyleguidePage'),
              (m) => m.StyleguidePage,
            ),
          },
          {
            path: '/prototype-demo',
            lazy: page(
              () => import('./features/public/PrototypeDemoPage'),
              (m) => m.PrototypeDemoPage,
            ),
          },
          {
            path: '/demo-showcase',
            lazy: page(
              () => import('./features/public/DemoShowcasePage'),
              (m) => m.DemoShowcasePage,
            ),
          },
          {
            path: '/developer-handover',
            lazy: page(
              () => import('./features/public/DeveloperHandoverPage'),
              (m) => m.DeveloperHandoverPage,
            ),
          },
        ],
      },
      {
        path: '*',
        lazy: page(
          () => import('./features/public/NotFoundPage'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
