/**
 * The answers a page's HTML carries for its first screen beyond session and profile (* decision 0419): for each page, the API calls its first screen makes, with the query keys the
 * browser files their answers under. The server asks its own API for them with the request's
 * cookie (the same routes, rules and response schemas), so the HTML holds exactly what the
 * browser would have been answered; the web app builds its keys for the same calls from here, so
 * both sides name an answer the same way. Which page makes which calls: src/server/http/
 * first-screen.ts.
 */

/** One answer: the browser's query key and the JSON the API answered. */
export interface FirstScreenQuery {
  key: readonly (string | null)[];
  data: unknown;
}

/**
 * Query keys of the admin calls a first screen may carry (the chosen business, or none). The
 * staff dashboard's are in `employee-first-screen.ts`, so neither app loads the other's.
 */
export const firstScreenKeys = {
  adminBusinesses: ['admin', 'businesses'] as const,
  adminDashboard: (businessId: string | null) => ['admin', businessId, 'dashboard'] as const,
  setupChecklist: (businessId: string | null) => ['admin', businessId, 'setup-checklist'] as const,
};
