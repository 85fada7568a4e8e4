/**
 * The layers of src/server (decision 0550), read by the `trinkgeld/feature-layers` lint rule
 * (eslint/feature-layers.js) and by docs/architecture.md's reader. From the bottom up:
 *
 * - base: the plumbing every part stands on (database, HTTP plumbing, small libraries, config).
 *   It imports no feature and no entry point.
 * - core: the features every feature may use: sessions and guards (auth), audit writing (audit),
 *   mail, realtime fan-out and metrics. A core feature imports base and other core features only.
 * - domain: the capabilities with their rules and data (tips, payments, payouts, staff, …). A
 *   domain feature imports base, core and other domain features.
 * - app: features that compose domain features into pages, screens and reports, and that nothing
 *   but the entry points mounts. They import every layer below and each other.
 * - entry: what starts the server or a command and wires everything (app.ts, jobs, cli, the seed).
 *   Entry code may import anything; no feature imports it.
 *
 * Between feature folders, whatever their layers, no circle is allowed: when features/a imports
 * features/b, nothing in features/b may lead back to features/a. Money flows that would run
 * upwards register handlers instead (payouts subscribes to the provider's events, decision 0551).
 * A new feature folder is placed here before it lints.
 */
export const BASE = ['db', 'http', 'lib', 'config.ts', 'startup-error.ts'];

export const ENTRY = [
  'app.ts',
  'deps.ts',
  'main.ts',
  'server.ts',
  'start-report.ts',
  'jobs',
  'cli',
  'seed',
];

/** Feature folders of src/server/features by layer, lowest first. */
export const FEATURE_LAYERS = [
  { name: 'core', features: ['audit', 'auth', 'mail', 'metrics', 'realtime'] },
  {
    name: 'domain',
    features: [
      'analytics',
      'api-keys',
      'businesses',
      'integration',
      'invoices',
      'media',
      'operator',
      'passwords',
      'payment-points',
      'payments',
      'payouts',
      'plans',
      'privacy',
      'profiles',
      'receipts',
      'reports',
      'setup-checklist',
      'shifts',
      'staff',
      'tip-lifecycle',
      'tip-totals',
      'tips',
      'two-factor',
      'webhooks',
    ],
  },
  {
    name: 'app',
    features: [
      'admin-dashboard',
      'business-api',
      'audit-log',
      'branding',
      'employee',
      'guest-page',
      'health',
      'landing',
      'legal',
      'platform-admin',
      'pool',
      'public-config',
      'replies',
      'showcase',
      'signup',
      'system-status',
      'teams',
      'tip-record',
      'wallet',
    ],
  },
];
