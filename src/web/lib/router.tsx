import {
  Component,
  type ComponentProps,
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * The staff and admin app's router (decision 0414): the few parts of a router the app uses —
 * absolute paths, layout routes, pages loaded on first visit, links, redirects, the query and a
 * location state, scroll restoration — on the browser's history API. A general-purpose router's
 * data layer (loaders, actions, fetchers) cost a third of the first load's JavaScript and the app
 * uses none of it.
 */

/** One entry of the route table. Paths are absolute and sit on leaves; layouts have none. */
export interface AppRoute {
  /** '/admin/users', '/t/:uid' (a parameter matches one segment) or '*' (anything). */
  path?: string;
  element?: ReactNode;
  /** The page's component, loaded on the route's first visit (its own chunk). */
  lazy?: () => Promise<ComponentType>;
  children?: AppRoute[];
}

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation passed along (the login page's "where from"). */
  state: unknown;
  /** Identifies the history entry (scroll positions are kept per entry). */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface RouterValue {
  location: AppLocation;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router fehlt: AppRouter oder StaticRouter außen herum setzen.');
  return router;
}

export const useLocation = (): AppLocation => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
/** The query of the current page (read only: no page of the app writes it through the router). */
export const useSearchParams = (): [URLSearchParams] => {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
};

/** Where a layout route shows the page inside it. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

/** Goes to `to` once rendered (a guard's redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  // The state is read when the redirect happens: a guard passes a new object on every render.
  const latestState = useRef(state);
  useEffect(() => {
    latestState.current = state;
  });
  useEffect(() => navigate(to, { replace, state: latestState.current }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string } & NavigateOptions;

/** A link that changes the page in place; a modified click (new tab, download) stays the browser's. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    // The page one is on again: no second history entry for it.
    const here = `${location.pathname}${location.search}${location.hash}` === to;
    navigate(to, { replace: replace ?? here, state });
  };
  return <a {...rest} href={to} target={target} onClick={follow} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string | ((status: { isActive: boolean }) => string);
};

/** A navigation entry: marked as the current page on its path and the paths below it. */
export function NavLink({ className, ...rest }: NavLinkProps) {
  const current = normalize(useLocation().pathname);
  const target = normalize(rest.to);
  const isActive = current === target || (target !== '/' && current.startsWith(`${target}/`));
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Lower case without a trailing slash: /Admin/Users/ is /admin/users (as servers answer it). */
function normalize(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

function pathMatches(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const wanted = normalize(pattern).split('/');
  const given = normalize(pathname).split('/');
  return (
    wanted.length === given.length &&
    wanted.every((part, index) =>
      part.startsWith(':') ? given[index] !== '' : part === given[index],
    )
  );
}

/**
 * The routes from the table's root down to the one that shows `pathname` (the first in table
 * order), or null when none does.
 */
export function matchRoutes(routes: readonly AppRoute[], pathname: string): AppRoute[] | null {
  for (const route of routes) {
    if (route.children) {
      const below = matchRoutes(route.children, pathname);
      if (below) return [route, ...below];
    } else if (route.path !== undefined && pathMatches(route.path, pathname)) {
      return [route];
    }
  }
  return null;
}

/** Every page component loaded so far, by its route (each module is asked for once). */
const loadedPages = new WeakMap<AppRoute, ComponentType>();
const loadingPages = new WeakMap<AppRoute, Promise<void>>();

function loadPage(route: AppRoute): Promise<void> {
  if (!route.lazy || loadedPages.has(route)) return Promise.resolve();
  let loading = loadingPages.get(route);
  if (!loading) {
    loading = route.lazy().then((page) => void loadedPages.set(route, page));
    // A failed chunk may be asked for again on the next visit (a network that came back).
    loading.catch(() => loadingPages.delete(route));
    loadingPages.set(route, loading);
  }
  return loading;
}

const isLoaded = (branch: readonly AppRoute[]) =>
  branch.every((route) => !route.lazy || loadedPages.has(route));

/** The branch as nested elements: each layout shows the next one in its Outlet. */
function renderBranch(branch: readonly AppRoute[]): ReactNode {
  return branch.reduceRight<ReactNode>((inside, route) => {
    const Page = loadedPages.get(route);
    const element = route.element ?? (Page ? <Page /> : null);
    return <OutletContext.Provider value={inside}>{element}</OutletContext.Provider>;
  }, null);
}

interface HistoryEntry {
  key: string;
  state: unknown;
}

function readLocation(): AppLocation {
  const entry = window.history.state as Partial<HistoryEntry> | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry?.state ?? null, key: entry?.key ?? 'start' };
}

const SCROLL_STORAGE_KEY = 'trinkgeld.scroll-positions';

function storedScrollPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '[]') as unknown;
    return new Map(Array.isArray(saved) ? (saved as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

/** Shows what the router cannot: a failed page chunk or a render error, until the next page. */
class RouteErrorBoundary extends Component<
  { locationKey: string; fallback: ReactNode; children: ReactNode },
  { failedAt: string | null }
> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  override componentDidCatch() {
    this.setState({ failedAt: this.props.locationKey });
  }

  override render() {
    const { failedAt } = this.state;
    const failed = failedAt === '' || failedAt === this.props.locationKey;
    return failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The app's router in the browser. A page whose chunk is not loaded yet keeps the previous page
 * on screen (the first page shows `fallback`) until it has arrived, so a page never flashes
 * empty; back and forward return to where one had scrolled, a new page starts at the top or at
 * its #anchor.
 */
export function AppRouter({
  routes,
  fallback,
  errorElement,
  onPageShown,
}: {
  routes: readonly AppRoute[];
  fallback: ReactNode;
  errorElement: ReactNode;
  /** Called before each newly shown page paints; `first` for the first page of the visit. */
  onPageShown?: (first: boolean) => void;
}) {
  const [requested, setRequested] = useState(readLocation);
  const [failedChunk, setFailedChunk] = useState<string | null>(null);
  const [, pageArrived] = useState(0);
  // The page last shown whole: it stays while the next one's chunk loads.
  const [shown, setShown] = useState<{ location: AppLocation; branch: AppRoute[] } | null>(null);
  const [scrollPositions] = useState(storedScrollPositions);
  const lastAction = useRef<'push' | 'pop'>('push');
  const scrolledFor = useRef<AppLocation | null>(null);

  const branch = useMemo(
    () => matchRoutes(routes, requested.pathname) ?? [],
    [routes, requested.pathname],
  );
  const ready = isLoaded(branch);
  if (ready && shown?.location !== requested) setShown({ location: requested, branch });
  const current = ready ? { location: requested, branch } : shown;
  const location = current?.location;

  const rememberScroll = useCallback(() => {
    scrollPositions.set(readLocation().key, window.scrollY);
    try {
      const latest = [...scrollPositions].slice(-50);
      sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(latest));
    } catch {
      // Private mode without storage: positions last for this page load only.
    }
  }, [scrollPositions]);

  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      rememberScroll();
      const key = Math.random().toString(36).slice(2, 10);
      const entry: HistoryEntry = { key, state: options.state };
      if (options.replace) window.history.replaceState(entry, '', to);
      else window.history.pushState(entry, '', to);
      lastAction.current = 'push';
      setRequested(readLocation());
    },
    [rememberScroll],
  );

  useEffect(() => {
    // The router puts back where one was; the browser would do it before the page is there.
    window.history.scrollRestoration = 'manual';
    const onPop = () => {
      lastAction.current = 'pop';
      setRequested(readLocation());
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('pagehide', rememberScroll);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pagehide', rememberScroll);
    };
  }, [rememberScroll]);

  useEffect(() => {
    if (ready) return;
    let wanted = true;
    Promise.all(branch.map(loadPage)).then(
      () => wanted && pageArrived((count) => count + 1),
      () => wanted && setFailedChunk(requested.key),
    );
    return () => {
      wanted = false;
    };
  }, [ready, branch, requested.key]);

  useLayoutEffect(() => {
    if (!location || scrolledFor.current === location) return;
    const first = scrolledFor.current === null;
    scrolledFor.current = location;
    onPageShown?.(first);
    const saved = scrollPositions.get(location.key);
    // Statements, not returned values: Chromium's scrollTo returns a promise, and what an effect
    // returns React calls as its cleanup.
    if ((lastAction.current === 'pop' || first) && saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (!first || location.hash) {
      // A first load without an anchor stays where the browser put it.
      const anchor = location.hash
        ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
        : null;
      if (anchor) anchor.scrollIntoView();
      else window.scrollTo(0, 0);
    }
  }, [location, scrollPositions, onPageShown]);

  const value = useMemo(() => (location ? { location, navigate } : null), [location, navigate]);
  if (failedChunk === requested.key) return <>{errorElement}</>;
  if (!current || !value) return <>{fallback}</>;
  return (
    <RouterContext.Provider value={value}>
      <RouteErrorBoundary locationKey={current.location.key} fallback={errorElement}>
        {renderBranch(current.branch)}
      </RouteErrorBoundary>
    </RouterContext.Provider>
  );
}

/**
 * A fixed location for a page rendered on the server (the landing page) or in a test; links
 * and redirects go through `navigate` (by default a full page load).
 */
export function StaticRouter({
  location,
  navigate = (to, options) =>
    options?.replace ? window.location.replace(to) : window.location.assign(to),
  children,
}: {
  location: string;
  navigate?: NavigateFunction;
  children: ReactNode;
}) {
  const value = useMemo(() => {
    const url = new URL(location, 'http://app.local');
    const place = { pathname: url.pathname, search: url.search, hash: url.hash };
    return { location: { ...place, state: null, key: 'static' }, navigate };
  }, [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}
