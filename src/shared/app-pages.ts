/**
 * Every page path the browser app's router serves (src/web/router.tsx), as router patterns
 * (`:name` stands for one segment). The server answers these with the app's HTML and status 200,
 * and any other path with the app's not-found page and status 404. A test keeps this
 * list and the router the same.
 */
export const APP_PAGE_PATHS = [
  '/',
  '/employee/login',
  '/employee/onboarding',
  '/employee/dashboard',
  '/employee/account',
  '/employee/password',
  '/employee/password-reset',
  '/registrieren',
  '/registrieren/bestaetigen',
  '/admin',
  '/admin/dashboard',
  '/admin/qr-codes',
  '/admin/qr-code-view',
  '/admin/uid-management',
  '/admin/aio-settings',
  '/admin/reports',
  '/admin/payouts',
  '/admin/branding',
  '/admin/users',
  '/admin/shifts',
  '/admin/tarif',
  '/admin/api',
  '/admin/businesses',
  '/admin/businesses/:id',
  '/admin/system',
  '/uid-management',
  '/admin-qr-view',
  '/t/:uid',
  '/thank-you',
  '/qr-error',
  '/error/invalid-uid',
  '/security',
  '/styleguide',
  '/prototype-demo',
  '/demo-showcase',
  '/developer-handover',
] as const;

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, index) =>
    segment.startsWith(':') ? (got[index] ?? '') !== '' : segment === got[index],
  );
}

/**
 * The documentation and demo pages: they show the demo payment points and explain the build, so
 * only development and the demo have them; a production site answers 404 (decision 0520).
 */
export const DEMO_PAGE_PATHS = [
  '/styleguide',
  '/prototype-demo',
  '/demo-showcase',
  '/developer-handover',
] as const satisfies readonly (typeof APP_PAGE_PATHS)[number][];

function withoutTrailingSlash(urlPath: string): string {
  return urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
}

/** Whether the path is one of the demo pages (query and a trailing slash ignored). */
export function isDemoPage(urlPath: string): boolean {
  return (DEMO_PAGE_PATHS as readonly string[]).includes(withoutTrailingSlash(urlPath));
}

/**
 * Whether the app has a page at this path (query and a trailing slash ignored); without demo
 * pages (production) the demo pages are not pages.
 */
export function isAppPage(urlPath: string, options: { demoPages?: boolean } = {}): boolean {
  const path = withoutTrailingSlash(urlPath);
  if (options.demoPages === false && isDemoPage(path)) return false;
  return APP_PAGE_PATHS.some((pattern) => matches(pattern, path));
}
