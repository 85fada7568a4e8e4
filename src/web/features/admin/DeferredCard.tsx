import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, startTransition, useEffect, useRef, useState } from 'react';

/** How far below the screen a card starts loading, so it is there before it scrolls into view. */
const NEAR_MARGIN = '0px';

/**
 * Without a scroll, a card below the first screen loads this long after the page's load event and
 * an idle moment: by then the first screen (heading, figures, menu) is drawn and its data is in.
 */
const AFTER_FIRST_SCREEN_MS = 1500;

/**
 * The longest a card then waits for an idle moment: a browser that is never idle (a busy phone, a
 * page that keeps drawing) would otherwise hold the card back until the guest scrolls to it.
 */
const IDLE_WAIT_MS = 2000;

/**
 * Runs `start` once the page has loaded, the delay has passed and the browser is idle (or has
 * found no idle moment within IDLE_WAIT_MS).
 */
function afterFirstScreen(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) {
        idle = window.requestIdleCallback(start, { timeout: IDLE_WAIT_MS });
      } else start();
    }, AFTER_FIRST_SCREEN_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * A dashboard card below the menu whose code is not part of the first screen:
 * it loads when the placeholder comes near the screen or, failing that, after the first screen.
 * The placeholder keeps the card's frame and at least the height of its loading state, so the
 * swap moves nothing below it while on screen (CLS 0). Held in state rather than `React.lazy`:
 * Suspense reveals through timers, which a paused clock (the tests' fake clock) would hold back.
 */
export function DeferredCard({
  load,
  minHeight,
}: {
  /**
   * The card's code and its first answers (filed into the query cache): the card then renders
   * once, with its rows, instead of once empty and again when each answer arrives.
   */
  load: (client: QueryClient) => Promise<ComponentType>;
  /** Tailwind min-height class of the card's loading state. */
  minHeight: string;
}) {
  const client = useQueryClient();
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (Loaded || !element) return;
    let started = false;
    let alive = true;
    const start = () => {
      if (started) return;
      started = true;
      observer?.disconnect();
      cancelLater();
      load(client).then(
        (component) => {
          // A transition: React draws the card in slices and lets the browser in between, so a
          // long table never blocks a tap (total blocking time).
          if (alive) startTransition(() => setLoaded(() => component));
        },
        // A failed chunk (offline, new deploy) tries again on the next approach to the screen.
        () => {
          started = false;
          if (alive) observer?.observe(element);
        },
      );
    };
    const observer =
      'IntersectionObserver' in window
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) start();
            },
            { rootMargin: NEAR_MARGIN },
          )
        : null;
    if (observer) observer.observe(element);
    const cancelLater = afterFirstScreen(start);
    return () => {
      alive = false;
      observer?.disconnect();
      cancelLater();
    };
  }, [Loaded, load, client]);
  if (Loaded) return <Loaded />;
  return (
    <div
      ref={placeholder}
      aria-busy="true"
      className={`rounded-lg border border-border bg-card shadow-sm ${minHeight}`}
    />
  );
}
