import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferGuestBoot, GUEST_BOOT_LOADER, GUEST_BOOT_LOADER_CSP } from './guest-boot-loader';

const BUILT = `<!doctype html>
<html lang="de">
  <head>
    <title>Trinkgeld geben</title>
    <script type="module" crossorigin src="/assets/guest-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/preload-X1.js">
    <link rel="modulepreload" crossorigin href="/assets/brand-theme-Y2.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the tip page boot script after the first paint (decision 0267)', () => {
  it('takes the boot script and its preloads out of the head and names it for the loader', () => {
    const html = deferGuestBoot(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<meta name="trinkgeld-boot" content="/assets/guest-AbC123.js" />');
    expect(html).toContain(`<script>${GUEST_BOOT_LOADER}</script>\n  </body>`);
    // The loader comes after the page's content, so it cannot delay the first paint.
    expect(html.indexOf('<div id="root">')).toBeLessThan(html.indexOf(GUEST_BOOT_LOADER));
  });

  it('leaves a page without a built boot script as it is', () => {
    const bare = BUILT.replace(/\s*<script type="module"[^<]*<\/script>/, '');
    expect(deferGuestBoot(bare)).toBe(bare);
  });

  it('is allowed by the Content-Security-Policy by exactly its hash', () => {
    const hash = createHash('sha256').update(GUEST_BOOT_LOADER).digest('base64');
    expect(GUEST_BOOT_LOADER_CSP).toBe(`'sha256-${hash}'`);
    expect(GUEST_BOOT_LOADER).not.toContain('</script');
  });
});

/**
 * Runs the loader in a small stand-in for a browser: frames, timers and paint entries happen only
 * when the test says so. Returns what the loader asked for and the levers.
 */
function loaderIn(options: { paintTiming: boolean }) {
  const appended: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  let now = 0;
  let paintObserver: ((list: unknown, observer: unknown) => void) | null = null;
  class FakeObserver {
    static supportedEntryTypes = options.paintTiming ? ['paint', 'resource'] : ['resource'];
    constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
    observe(init: { type: string }) {
      if (!options.paintTiming) throw new TypeError('unsupported');
      if (init.type === 'paint') paintObserver = this.callback;
    }
    disconnect() {
      paintObserver = null;
    }
  }
  const document = {
    addEventListener() {},
    removeEventListener() {},
    querySelector: () => ({ content: '/assets/guest-AbC123.js' }),
    createElement: () => ({}),
    head: { appendChild: (script: { src: string }) => appended.push(script.src) },
  };
  const window: Record<string, unknown> = {};
  runInNewContext(GUEST_BOOT_LOADER, {
    window,
    document,
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
  });
  return {
    appended,
    /** Draws the waiting frames, then lets `ms` pass. */
    pass(ms: number) {
      while (frames.length > 0) frames.shift()!();
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
    paint() {
      paintObserver?.(
        { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) },
        { disconnect: () => (paintObserver = null) },
      );
    },
  };
}

describe('when the loader asks for the boot script', () => {
  it('waits for the first paint however long two frames and 250 ms take to show it', () => {
    const page = loaderIn({ paintTiming: true });
    page.pass(250);
    page.pass(1_000);
    expect(page.appended).toEqual([]);
    page.paint();
    page.pass(0);
    expect(page.appended).toEqual(['/assets/guest-AbC123.js']);
    page.pass(10_000);
    expect(page.appended).toHaveLength(1);
  });

  it('still boots after 5 s if a browser with paint timing never reports the paint', () => {
    const page = loaderIn({ paintTiming: true });
    page.pass(4_999);
    expect(page.appended).toEqual([]);
    page.pass(1);
    page.pass(0);
    expect(page.appended).toEqual(['/assets/guest-AbC123.js']);
  });

  it('boots two frames and 250 ms in where the browser has no paint timing', () => {
    const page = loaderIn({ paintTiming: false });
    page.pass(250);
    page.pass(0);
    expect(page.appended).toEqual(['/assets/guest-AbC123.js']);
  });
});
