import { useSyncExternalStore } from 'react';

/**
 * Which business the admin pages work in. A business owner never picks (the server uses their
 * own business whatever the browser sends); the platform admin picks one in the admin shell, and
 * every admin API call carries it as `?businessId=` (see `businessScopeQuerySchema` on the
 * server). Kept per tab, so two tabs can look at two businesses.
 *
 *   const businessId = useSelectedBusinessId();
 *   useQuery({ queryKey: ['admin', 'entrypoints', businessId], queryFn: () => api.get(scoped('/api/admin/entrypoints')) });
 */
const STORAGE_KEY = 'trinkgeld.admin.businessId';
/**
 * Stored instead of an id when the platform admin chose 'Zur Plattform-Ansicht' (decision 0511):
 * then not even their own profile's business counts as chosen, until they pick one again.
 */
const PLATFORM_VIEW = 'platform';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function stored(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? null;
}

export function selectedBusinessId(): string | null {
  const value = stored();
  return value === PLATFORM_VIEW ? null : value;
}

/** The platform admin left every business: only the platform's pages until they pick one. */
export function platformViewChosen(): boolean {
  return stored() === PLATFORM_VIEW;
}

function write(value: string | null): void {
  const store = storage();
  if (value) store?.setItem(STORAGE_KEY, value);
  else store?.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function selectBusiness(businessId: string | null): void {
  write(businessId);
}

/** 'Zur Plattform-Ansicht': the platform admin stops working in any business (decision 0511). */
export function leaveBusiness(): void {
  write(PLATFORM_VIEW);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedBusinessId(): string | null {
  return useSyncExternalStore(subscribe, selectedBusinessId, () => null);
}

export function usePlatformViewChosen(): boolean {
  return useSyncExternalStore(subscribe, platformViewChosen, () => false);
}

/** Adds the selected business to an admin API path (unchanged when none is selected). */
export function scoped(path: string, businessId: string | null = selectedBusinessId()): string {
  if (!businessId) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}businessId=${encodeURIComponent(businessId)}`;
}
