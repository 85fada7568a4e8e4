const EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Runs `start` once, on the page's first pointer, touch, key or focus event: the server-rendered
 * pages load React then (decisions 0220, 0266). It travels in the chunk loader's chunk, which
 * those pages load anyway (vite.config.ts), so it costs them no request of its own.
 */
export function onFirstInteraction(start: () => void): void {
  const onFirst = () => {
    for (const name of EVENTS) window.removeEventListener(name, onFirst, true);
    start();
  };
  for (const name of EVENTS)
    window.addEventListener(name, onFirst, { capture: true, passive: true });
}
