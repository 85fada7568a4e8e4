/**
 * The answers a page's HTML carries for its first screen beyond session and profile (issue 35,
 * decision 0419), and the query keys the browser files them under. The server lists per page the
 * calls (`FIRST_SCREEN_CALLS` in src/server/http/first-screen.ts) and asks its own API for them;
 * the web app builds its keys for the same calls from here, so both sides name an answer the same
 * way. Nothing else lives here: the admin and staff chunks import it.
 */

/** One answer: the browser's query key and the JSON the API answered. */
export interface FirstScreenQuery {
  key: readonly (string | null)[];
  data: unknown;
}

/** Query keys of the calls a first screen may carry (admin ones with the chosen business, or none). */
export const firstScreenKeys = {
  /** The staff dashboard's 'Heute': tips since `dayStart` (an ISO instant, Berlin midnight). */
  employeeToday: (dayStart: string) => ['employee', 'today', dayStart] as const,
  employeeMessages: ['employee', 'messages'] as const,
  adminBusinesses: ['admin', 'businesses'] as const,
  adminDashboard: (businessId: string | null) => ['admin', businessId, 'dashboard'] as const,
  setupChecklist: (businessId: string | null) => ['admin', businessId, 'setup-checklist'] as const,
};
