/**
 * The sign-in forms' schemas (`shared/api/auth.ts`, built with zod), loaded when someone starts
 * using a form rather than with the login page: the page's first load stays without the
 * validation library (decision 0410). The browser checks with the same schemas as the server.
 */
export function loadAuthSchemas() {
  return import('../../../shared/api/auth');
}
