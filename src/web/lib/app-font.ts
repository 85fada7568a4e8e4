/**
 * Fira Sans in the staff and admin app once this browser has its faces (decision 0418).
 *
 * A first visit paints in the system's sans-serif (`html:not(.app-font)` in main.css): its three
 * faces (77 KB) would otherwise download before the first screen, beside the script and the
 * page's data, and a phone on hotel Wi-Fi waits for all of it. Once the first screen is complete
 * (page loaded and shown, its data arrived), the faces are fetched in the background; the next
 * page the person opens switches to Fira Sans, and every later visit shows it from the first
 * screen on (the files then come from the HTTP cache or the staff worker's cache).
 */

/** localStorage: '1' once this browser has fetched the three faces. */
export const APP_FONT_STORAGE_KEY = 'trinkgeld-app-font';
/** The class on <html> that turns Fira Sans on (main.css). */
export const APP_FONT_CLASS = 'app-font';
/** The faces main.css declares (@fontsource, latin): the weights the app uses. */
const FACES = ['400 1em "Fira Sans"', '600 1em "Fira Sans"', '700 1em "Fira Sans"'] as const;
/**
 * How long the first render waits for faces the browser has at hand: long enough for a cached
 * file, short enough that an evicted one never holds the screen (it then swaps in).
 */
const CACHED_FACES_WAIT_MS = 150;

let facesArrived = false;
/** On a first visit: called when the first page is shown, to start waiting for the rest. */
let onFirstPageShown: (() => void) | null = null;

function remembered(): boolean {
  try {
    return localStorage.getItem(APP_FONT_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function loadFaces(): Promise<unknown> {
  return Promise.all(FACES.map((face) => document.fonts.load(face)));
}

function fetchFaces(): void {
  loadFaces().then(
    () => {
      facesArrived = true;
      try {
        localStorage.setItem(APP_FONT_STORAGE_KEY, '1');
      } catch {
        // Private mode without storage: the next page of this visit still switches.
      }
    },
    // Offline or a failed file: the system font stays, the next visit tries again.
    () => undefined,
  );
}

const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/** After the next frame has painted. */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Before the first render. A browser that fetched the faces before shows Fira Sans at once (the
 * returned promise settles when they are ready, or after a short wait). On a first visit nothing
 * waits; the faces are fetched once the page has loaded, its first page is on screen and
 * `dataSettled` (the first screen's requests have answered) has resolved, so they never compete
 * with what the first screen needs.
 */
export function appFontBeforeFirstRender(dataSettled: () => Promise<void>): Promise<void> {
  if (!remembered()) {
    const shown = new Promise<void>((resolve) => (onFirstPageShown = resolve));
    void Promise.all([pageLoaded(), shown])
      // The page's queries start in its effects, after the frame that showed it.
      .then(afterPaint)
      .then(dataSettled)
      .then(afterPaint)
      .then(fetchFaces);
    return Promise.resolve();
  }
  facesArrived = true;
  document.documentElement.classList.add(APP_FONT_CLASS);
  return Promise.race([
    loadFaces(),
    new Promise((resolve) => setTimeout(resolve, CACHED_FACES_WAIT_MS)),
  ]).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * When a page is shown: from the second page of a first visit on, Fira Sans once its faces have
 * arrived. Switching with a new page, not while one reads, moves no line of a page on screen.
 */
export function switchToAppFontWithPage(first: boolean): void {
  if (first) onFirstPageShown?.();
  else if (facesArrived) document.documentElement.classList.add(APP_FONT_CLASS);
}
