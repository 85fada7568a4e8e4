import '../../main.css';
import { onFirstInteraction } from '../../lib/first-interaction';

/**
 * The only script the landing page loads up front (decision 0266). The page arrives rendered by
 * the server, links and the footer work as plain HTML; React and the page's code load when the
 * visitor first reaches for it (pointer, touch, key, focus) and hydrate what is there. A click on
 * a button or an in-page link before that is held and repeated once the page's handlers are on.
 */
// The person's light or dark choice before the first paint, as lib/theme.ts's applyTheme does;
// importing that module would pull React into this script.
let theme: string | null = null;
try {
  theme = localStorage.getItem('trinkgeld-theme');
} catch {
  // private mode: the system's scheme applies
}
document.documentElement.classList.toggle('dark', theme === 'dark');
document.documentElement.classList.toggle('light', theme === 'light');

let started: Promise<void> | null = null;
let ready = false;

function start(): Promise<void> {
  started ??= import('./landing-app').then(async (landing) => {
    await landing.startLanding();
    ready = true;
  });
  return started;
}

// The server renders the theme switcher on "System": a person who chose light or dark sees their
// choice marked once the page's code runs, so it runs at once for them.
if (theme === 'dark' || theme === 'light') {
  void start();
} else {
  onFirstInteraction(() => void start());
}

/** Elements whose click needs the page's code: buttons and links to a section of this page. */
function heldTarget(event: MouseEvent): HTMLElement | null {
  if (!(event.target instanceof Element)) return null;
  const target = event.target.closest<HTMLElement>('button, a[href^="#"]');
  return target && document.getElementById('root')?.contains(target) ? target : null;
}

document.addEventListener(
  'click',
  (event) => {
    if (ready) return;
    const target = heldTarget(event);
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    // Hydration keeps the same elements: the repeated click reaches React's handler.
    start().then(
      () => target.click(),
      // Without the page's code an in-page link still jumps; a button has nothing to do.
      () => {
        const href = target.getAttribute('href');
        if (href) window.location.hash = href;
      },
    );
  },
  true,
);
