import type { SessionResponse } from '../../shared/api/auth';
import type { FirstScreenQuery } from '../../shared/api/first-screen';
import type { Profile } from '../../shared/api/profiles';

/**
 * The answers the server put into the app's HTML for its first screen (decision 0417):
 * `GET /api/auth/session` and, signed in, `GET /api/profiles/me`, as inert JSON in
 * `<script type="application/json" id="page-boot">` (src/server/http/spa.ts). `profile` is
 * missing when the browser must ask for it itself, null for someone without a profile yet.
 * `queries` are the page's own first answers (the admin dashboard's figures, checklist and
 * businesses), filed into the query cache before the first render (`seedFirstScreen`).
 */
export interface PageBoot {
  session: SessionResponse;
  profile?: Profile | null;
  /** The first screen's API answers with their query keys (decision 0419). */
  queries?: FirstScreenQuery[];
  /** The server's clock (ms) just before it read `queries`: the live stream's `since` (0420). */
  servedAt?: number;
}

/** The element's id; the server's `PAGE_BOOT_ELEMENT_ID`. */
export const PAGE_BOOT_ELEMENT_ID = 'page-boot';

let read = false;
let boot: PageBoot | null = null;

function parse(text: string | null | undefined): PageBoot | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PageBoot> | null;
    const session = value?.session;
    if (!session || typeof session !== 'object' || !('user' in session)) return null;
    return value as PageBoot;
  } catch {
    return null;
  }
}

/**
 * The page's boot answers, read once (the same for every caller until `forgetPageBoot`). The
 * element leaves the DOM at once: the answers are only true for the moment the page was served.
 */
export function pageBoot(): PageBoot | null {
  if (read) return boot;
  read = true;
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(PAGE_BOOT_ELEMENT_ID);
  boot = parse(element?.textContent);
  element?.remove();
  return boot;
}

/** After the first screen used them: a later session load asks the server again. */
export function forgetPageBoot(): void {
  read = true;
  boot = null;
}

/** The keys (as JSON) of the answers the HTML brought, while its first page is on screen. */
const cameWithPage = new Set<string>();

/** Files the HTML's first-screen answers under their query keys, as if just fetched. */
export function seedFirstScreen(client: {
  setQueryData: (key: readonly unknown[], data: unknown) => unknown;
}): void {
  const queries = pageBoot()?.queries;
  if (!Array.isArray(queries)) return;
  for (const query of queries) {
    if (!Array.isArray(query?.key)) continue;
    client.setQueryData(query.key, query.data);
    cameWithPage.add(JSON.stringify(query.key));
  }
}

/** When the router shows another page: the HTML's answers are no longer the page's own. */
export function leaveFirstScreen(): void {
  cameWithPage.clear();
}

/**
 * When the server read the answer filed under `key`, if that answer came with the HTML of the page
 * still on screen (ms, the server's clock); otherwise null. The staff dashboard opens its live
 * stream with it, to hear what changed since (decision 0420).
 */
export function servedWithPage(key: readonly unknown[]): number | null {
  const servedAt = pageBoot()?.servedAt;
  if (typeof servedAt !== 'number' || !Number.isSafeInteger(servedAt) || servedAt < 0) return null;
  return cameWithPage.has(JSON.stringify(key)) ? servedAt : null;
}

/**
 * `refetchOnMount` for a query asked again whenever its screen opens (`staleTime: 0`): not while
 * the page whose HTML brought its answer is still the one on screen.
 */
export function askAgainOnMount(query: { queryKey: readonly unknown[] }): boolean {
  return !cameWithPage.has(JSON.stringify(query.queryKey));
}
