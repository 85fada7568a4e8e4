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
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function selectedBusinessId(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? null;
}

export function selectBusiness(businessId: string | null): void {
  const store = storage();
  if (businessId) store?.setItem(STORAGE_KEY, businessId);
  else store?.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedBusinessId(): string | null {
  return useSyncExternalStore(subscribe, selectedBusinessId, () => null);
}

/** Adds the selected business to an admin API path (unchanged when none is selected). */
export function scoped(path: string, businessId: string | null = selectedBusinessId()): string {
  if (!businessId) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}businessId=${encodeURIComponent(businessId)}`;
}
