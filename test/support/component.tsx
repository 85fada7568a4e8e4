import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { type ToastInput, toastStore } from '../../src/web/components/ui/toast-store';
import { type NavigateFunction, StaticRouter } from '../../src/web/lib/router';
import { SessionContext, type SessionContextValue } from '../../src/web/lib/session';

/**
 * Helpers of the component tier (decision 0530): a screen rendered with what the app puts above
 * it (a query client that never retries, a router at a given address), the API answered at
 * `fetch` from a table of routes, and the toasts the screen raised.
 */

/** A request the screen made, its query and JSON body read. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a route answers: a JSON body (status 200), or `answer(status, body)`. */
export type ApiAnswer = object | string | number | boolean | null;
type Handler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;
/** A route of `mockApi`: its answer, or a function of the call that gives it. */
export type ApiRoute = ApiAnswer | Handler;

const STATUS = Symbol('status');
/** An answer with another status than 200: `answer(409, { error: {...} })`. */
export function answer(status: number, body?: unknown): ApiAnswer {
  return { [STATUS]: status, body };
}
/** The API's error body of a code, as `sendError` writes it. */
export function apiError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): ApiAnswer {
  return answer(status, { error: { code, title: 'Fehler', message, ...extra } });
}

/**
 * Answers the screen's requests from `routes`, keyed "METHOD /path" (without the query). A
 * request no route answers fails the test: the screen asked for something the test did not
 * expect. Returns every call made, in order.
 */
export function mockApi(routes: Record<string, ApiRoute>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.local');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : init.body,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) {
      console.error(`No answer for ${method} ${url.pathname}${url.search} in this test`);
      return new Response(null, { status: 501 });
    }
    const result =
      typeof route === 'function' ? await (route as Handler)(call) : (route as ApiAnswer);
    const status =
      result && typeof result === 'object' && STATUS in result
        ? (result as Record<typeof STATUS, number>)[STATUS]
        : 200;
    const body = status === 200 ? result : (result as { body?: unknown }).body;
    if (status === 204 || body === undefined) return new Response(null, { status });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** The toasts raised from now on, oldest first (the screen shows only the newest one). */
export function recordToasts(): () => ToastInput[] {
  const show = vi.spyOn(toastStore, 'show');
  toastSpies.push(show);
  return () => show.mock.calls.map(([input]) => input);
}
const toastSpies: { mockRestore(): void }[] = [];

/**
 * Undoes what a test's helpers stubbed (fetch, toast spies). Called after every test by
 * component-setup.ts: a hook written here would be registered only by the first file of a worker
 * that imports this module (the tier shares modules between files, `isolate: false`), and a later
 * file's `recordToasts()` would then still hear the previous test's toasts.
 */
export function undoComponentStubs(): void {
  vi.unstubAllGlobals();
  for (const spy of toastSpies.splice(0)) spy.mockRestore();
}

/**
 * Replaces a field's text in one input event, as a browser's autofill or Playwright's `fill`
 * does: a form that checks on every change checks the whole value once, not each keystroke.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

/**
 * A signed-in session as the session provider gives it, the fields a test names set over a
 * business owner's; its actions are spies, so a test sees what the screen asked of it.
 */
export function fakeSession(fields: Partial<SessionContextValue> = {}): SessionContextValue {
  return {
    status: 'ready',
    user: null,
    session: null,
    profile: null,
    twoFactor: { enabled: false, setupRequired: false },
    firstSignIn: false,
    error: null,
    retry: vi.fn(async () => {}),
    signedIn: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    forget: vi.fn(),
    setProfile: vi.fn(),
    setTwoFactor: vi.fn(),
    ...fields,
  };
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  client: QueryClient;
  navigate: ReturnType<typeof vi.fn<NavigateFunction>>;
  session: SessionContextValue;
}

/**
 * Renders a screen as the app does, at `location`, with `session` (a signed-in owner without
 * two-factor sign-in unless given); `navigate` records where it sent the person.
 */
export function renderScreen(
  ui: ReactNode,
  {
    location = '/',
    session = fakeSession(),
  }: { location?: string; session?: SessionContextValue } = {},
) {
  // The app's own defaults (src/web/main.tsx), but no retry: a failed answer shows at once.
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
  const navigate = vi.fn<NavigateFunction>();
  // No pause between keystrokes: the screens under test have no timing of their own to honour.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={client}>
      <StaticRouter location={location} navigate={navigate}>
        <SessionContext.Provider value={session}>{ui}</SessionContext.Provider>
      </StaticRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, client, navigate, session } satisfies Rendered;
}
