/**
 * Scrolls to a section of the page, smoothly unless the person asked for reduced motion, puts
 * its id in the address bar and moves keyboard focus there, so Tab continues in that section.
 */
export function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Keep the router's state object: it tracks its own history entries in there.
  window.history.replaceState(window.history.state, '', `#${id}`);
  section.focus({ preventScroll: true });
}
