import { useRef } from 'react';

/**
 * The sign-in forms' schemas (`shared/api/auth.ts`, built with zod), loaded when someone starts
 * using a form rather than with the login page: the page's first load stays without the
 * validation library (decision 0410). The browser checks with the same schemas as the server.
 */
export function loadAuthSchemas() {
  return import('../../../shared/api/auth');
}

export type AuthSchemas = Awaited<ReturnType<typeof loadAuthSchemas>>;

/**
 * The schemas for a submit: null while an earlier submit is still waiting for them (a second tap
 * on a slow line is ignored, the fields stay as they are) or when they could not load, which
 * `onFailure` says.
 */
export function useAuthSchemasForSubmit(onFailure: (error: unknown) => void) {
  const loading = useRef(false);
  return async (): Promise<AuthSchemas | null> => {
    if (loading.current) return null;
    loading.current = true;
    try {
      return await loadAuthSchemas();
    } catch (error) {
      onFailure(error);
      return null;
    } finally {
      loading.current = false;
    }
  };
}
