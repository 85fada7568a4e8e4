import type { Role } from '../../../shared/domain/roles';
import { activeAdminTexts } from '../../lib/admin-language';
import type { IconName } from '../public/components/Icon';

export interface AdminPageLink {
  path: string;
  title: string;
  /** Short name in the header navigation. */
  navLabel: string;
  description: string;
  icon: IconName;
  /** False while the page says 'Demnächst verfügbar' (reports). */
  available: boolean;
}

// Built once from the catalogue: the console speaks one language per load (decision 0383).
const {
  admin: { menu: m },
  payouts,
  shifts,
  businesses,
  system,
  tarif,
  api,
} = activeAdminTexts();

/**
 * The admin pages, in the order of the dashboard's seven menu cards (spec §2), for the header
 * navigation and the cards. Reports and users turn into links by setting `available`.
 */
export const ADMIN_MENU: readonly AdminPageLink[] = [
  { path: '/admin/qr-codes', ...m.qrCodes, icon: 'qr', available: true },
  { path: '/admin/qr-code-view', ...m.qrView, icon: 'user', available: true },
  { path: '/admin/uid-management', ...m.uid, icon: 'key', available: true },
  { path: '/admin/aio-settings', ...m.aio, icon: 'zap', available: true },
  { path: '/admin/branding', ...m.branding, icon: 'sparkles', available: true },
  { path: '/admin/payouts', ...payouts.menu, icon: 'euro', available: true },
  { path: '/admin/reports', ...m.reports, icon: 'gauge', available: true },
  { path: '/admin/users', ...m.users, icon: 'users', available: true },
];

export const ADMIN_DASHBOARD_LINK: AdminPageLink = {
  path: '/admin/dashboard',
  ...m.dashboard,
  icon: 'building',
  available: true,
};

/** The shift plan: in the navigation since. */
export const SHIFTS_LINK: AdminPageLink = {
  path: '/admin/shifts',
  title: shifts.title,
  navLabel: shifts.title,
  description: shifts.description,
  icon: 'clipboard',
  available: true,
};

/** The plan: Basis or Pro, trial, booking and invoices (decision 0610). */
export const TARIF_LINK: AdminPageLink = {
  path: '/admin/tarif',
  title: tarif.title,
  navLabel: tarif.navLabel,
  description: tarif.menuDescription,
  icon: 'sparkles',
  available: true,
};

/**
 * The business's API keys for its own programs (decision 0630): for owners and the platform
 * admin, as every page of the header navigation (creating one is Pro, the list is not).
 */
export const API_LINK: AdminPageLink = {
  path: '/admin/api',
  title: api.title,
  navLabel: api.navLabel,
  description: api.menuDescription,
  icon: 'lock',
  available: true,
};

/**
 * Header navigation: the dashboard, every page of the menu, the shift plan, 'Tarif', then
 * 'API und Webhooks'.
 */
export const ADMIN_NAV: readonly AdminPageLink[] = [
  ADMIN_DASHBOARD_LINK,
  ...ADMIN_MENU,
  SHIFTS_LINK,
  TARIF_LINK,
  API_LINK,
];

/** The operator console: in the navigation for the platform admin only. */
export const OPERATOR_CONSOLE_LINK: AdminPageLink = {
  path: '/admin/businesses',
  title: businesses.title,
  navLabel: businesses.navLabel,
  description: businesses.menuDescription,
  icon: 'utensils',
  available: true,
};

/** The status view: in the navigation for the platform admin only. */
export const SYSTEM_STATUS_LINK: AdminPageLink = {
  path: '/admin/system',
  title: system.title,
  navLabel: system.navLabel,
  description: system.menuDescription,
  icon: 'gauge',
  available: true,
};

/** The platform admin's pages that work across businesses: no business needs to be chosen. */
export const PLATFORM_PAGE_PATHS: readonly string[] = [
  OPERATOR_CONSOLE_LINK.path,
  SYSTEM_STATUS_LINK.path,
];

/**
 * The header navigation of a role: the platform admin also gets 'Betriebe' and 'System'. Without a
 * business to work in, the platform admin gets only those two (decision 0511): the business's
 * pages would only ask 'Betrieb wählen'.
 */
export function adminNavFor(role: Role, inBusiness = true): readonly AdminPageLink[] {
  if (role !== 'admin') return ADMIN_NAV;
  const platform = [OPERATOR_CONSOLE_LINK, SYSTEM_STATUS_LINK];
  return inBusiness ? [...ADMIN_NAV, ...platform] : platform;
}
