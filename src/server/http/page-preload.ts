import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The lazy modules each app page loads (src/web/router.tsx), as paths under src/web: the page
 * itself and the layout route around it. Only pages with a chunk of their own are listed; a test
 * keeps every name here an import of the router.
 */
export const PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/employee/login': ['features/auth/LoginPage.tsx'],
  '/registrieren': ['features/signup/SignUpPage.tsx'],
  '/employee/password': ['features/auth/SetPasswordPage.tsx'],
  '/employee/password-reset': ['features/auth/ForgotPasswordPage.tsx'],
  '/registrieren/bestaetigen': ['features/signup/SignUpConfirmPage.tsx'],
  '/employee/onboarding': ['features/auth/OnboardingPage.tsx'],
  '/employee/dashboard': ['features/employee/EmployeeDashboardPage.tsx'],
  '/employee/account': ['features/account/AccountPage.tsx'],
  '/admin/dashboard': ['features/admin/AdminLayout.tsx', 'features/admin/AdminDashboardPage.tsx'],
  '/admin/qr-codes': ['features/admin/AdminLayout.tsx', 'features/admin/QrCodesPage.tsx'],
  '/admin/qr-code-view': ['features/admin/AdminLayout.tsx', 'features/admin/QrCodeViewPage.tsx'],
  '/admin/uid-management': [
    'features/admin/AdminLayout.tsx',
    'features/admin/PaymentPointsPage.tsx',
  ],
  '/admin/aio-settings': ['features/admin/AdminLayout.tsx', 'features/admin/AioSettingsPage.tsx'],
  '/admin/reports': ['features/admin/AdminLayout.tsx', 'features/admin/reports/ReportsPage.tsx'],
  '/admin/payouts': ['features/admin/AdminLayout.tsx', 'features/admin/payouts/PayoutsPage.tsx'],
  '/admin/branding': ['features/admin/AdminLayout.tsx', 'features/admin/BrandingPage.tsx'],
  '/admin/businesses': [
    'features/admin/AdminLayout.tsx',
    'features/admin/businesses/BusinessesPage.tsx',
  ],
  '/admin/businesses/:id': [
    'features/admin/AdminLayout.tsx',
    'features/admin/businesses/BusinessPage.tsx',
  ],
  '/admin/system': ['features/admin/AdminLayout.tsx', 'features/admin/system/SystemStatusPage.tsx'],
  '/admin/users': ['features/admin/AdminLayout.tsx', 'features/admin/UsersPage.tsx'],
  '/admin/shifts': ['features/admin/AdminLayout.tsx', 'features/admin/ShiftsPage.tsx'],
  '/admin/tarif': ['features/admin/AdminLayout.tsx', 'features/admin/plan/TarifPage.tsx'],
  '/admin/api': ['features/admin/AdminLayout.tsx', 'features/admin/api-keys/ApiKeysPage.tsx'],
  '/security': ['features/public/SecurityPage.tsx'],
  '/styleguide': ['features/public/DemoPagesOnly.tsx', 'features/public/StyleguidePage.tsx'],
  '/prototype-demo': ['features/public/DemoPagesOnly.tsx', 'features/public/PrototypeDemoPage.tsx'],
  '/demo-showcase': ['features/public/DemoPagesOnly.tsx', 'features/public/DemoShowcasePage.tsx'],
  '/developer-handover': [
    'features/public/DemoPagesOnly.tsx',
    'features/public/DeveloperHandoverPage.tsx',
  ],
};

/** What every page loads while someone is signed in (the inactivity timeout, src/web/App.tsx). */
export const SIGNED_IN_MODULES: readonly string[] = ['features/auth/SessionTimeout.tsx'];

/** One chunk of Vite's build manifest (`build.manifest`), the fields used here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** Where the build writes its manifest, relative to the web directory (vite.config.ts). */
export const MANIFEST_FILE = '.vite/manifest.json';

export function readBuildManifest(webDir: string): BuildManifest | null {
  const file = path.join(webDir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

/** A chunk and everything it imports statically, depth first, each once. */
function closure(manifest: BuildManifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
}

/**
 * The files a page needs beyond the entry's own (which the built HTML already preloads): its
 * lazy chunks and their static imports (and, signed in, the inactivity timeout's), as `/assets/...` URLs, scripts and stylesheets apart.
 * Without them the browser finds the page's chunk only when the entry has run, one more round
 * trip before the first screen.
 */
export function pagePreloads(
  manifest: BuildManifest,
  urlPath: string,
  signedIn = false,
): { scripts: string[]; styles: string[] } {
  const page = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  const modules = [...(PAGE_MODULES[page] ?? []), ...(signedIn ? SIGNED_IN_MODULES : [])];
  if (modules.length === 0) return { scripts: [], styles: [] };
  const entry = new Set<string>();
  closure(manifest, 'index.html', entry);
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const needed = new Set<string>();
  for (const module of modules) closure(manifest, module, needed);
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of needed) {
    if (entry.has(key)) continue;
    const chunk = manifest[key]!;
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!entryStyles.has(css)) styles.push(`/${css}`);
  }
  return { scripts, styles };
}
