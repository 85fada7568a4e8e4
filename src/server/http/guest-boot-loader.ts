import { createHash } from 'node:crypto';

/**
 * The tip page's only inline script (decision 0267). The page paints from its HTML alone; its
 * boot script is asked for once that first frame is on screen, so no script request stands
 * between the guest and the first view. "On screen" is the browser's first-contentful-paint
 * entry: the frame after `requestAnimationFrame` is drawn but may not be shown yet, and a request
 * made then counts against the paint. Where paint timing is missing, two frames and
 * 250 ms stand in for it; where it exists, the same frames and 5 s are only a safety net (a
 * busy phone may take longer than 250 ms from those frames to its first paint, and asking then
 * would put the script before the paint again). A tap on an amount in the moment before the boot script
 * has arrived is held and handed to it (and sent as the plain form if the script cannot load).
 * Constant text: the Content-Security-Policy allows exactly this script by its hash.
 */
export const GUEST_BOOT_LOADER = `(function () {
  var held = null;
  function hold(event) {
    event.preventDefault();
    if (!held) held = { form: event.target, submitter: event.submitter || null };
  }
  document.addEventListener('submit', hold, true);
  window.trinkgeldHeldSubmit = function () {
    document.removeEventListener('submit', hold, true);
    var taken = held;
    held = null;
    return taken;
  };
  function boot() {
    var meta = document.querySelector('meta[name="trinkgeld-boot"]');
    if (!meta) return window.trinkgeldHeldSubmit();
    var script = document.createElement('script');
    script.type = 'module';
    script.src = meta.content;
    script.onerror = function () {
      var taken = window.trinkgeldHeldSubmit();
      if (!taken) return;
      if (taken.form.requestSubmit) taken.form.requestSubmit(taken.submitter);
      else taken.form.submit();
    };
    document.head.appendChild(script);
  }
  var booted = false;
  function bootOnce() {
    if (booted) return;
    booted = true;
    setTimeout(boot, 0);
  }
  var paintTimed = false;
  try {
    paintTimed = PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      bootOnce();
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    paintTimed = false;
  }
  requestAnimationFrame(function () {
    requestAnimationFrame(function () {
      setTimeout(bootOnce, paintTimed ? 5000 : 250);
    });
  });
})();`;

/** The CSP source that lets exactly GUEST_BOOT_LOADER run inline. */
export const GUEST_BOOT_LOADER_CSP = `'sha256-${createHash('sha256').update(GUEST_BOOT_LOADER).digest('base64')}'`;

/**
 * The built guest.html with its boot script and module preloads taken out of the head and asked
 * for by the loader instead; unchanged when the build has no module script (tests without build).
 */
export function deferGuestBoot(html: string): string {
  const script = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!script) return html;
  return html
    .replace(script[0], `\n    <meta name="trinkgeld-boot" content="${script[1]}" />`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</body>', () => `  <script>${GUEST_BOOT_LOADER}</script>\n  </body>`);
}
