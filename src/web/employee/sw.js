/* The staff app's service worker (decisions 0182, 0371), scope /employee/.
 *
 * Built by vite-plugin-pwa (injectManifest): the build writes the list of its hashed JS and CSS
 * files into `self.__WB_MANIFEST`. The cache is named after that list, so every deploy installs
 * a fresh cache with the new files and the old build's cache is deleted on activation; the cache
 * never grows from one deploy to the next.
 *
 * It keeps only what every visitor gets alike: the HTML shell of the app and the hashed,
 * immutable files under /assets/. It never answers or stores an /api/ request, so no tip, message
 * or name of a staff member ever lands in Cache Storage; the last loaded tips stay on screen only
 * in the open page's memory, which sign-out clears (decision 0181).
 */
const PRECACHE = self.__WB_MANIFEST.map((entry) => `/${entry.url.replace(/^\//, '')}`);

/** A short hash of the build's file list (FNV-1a), so each build has its own cache. */
function buildVersion(urls) {
  let hash = 0x811c9dc5;
  for (const char of urls.join('\n')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const CACHE = `trinkgeld-staff-${buildVersion(PRECACHE)}`;
const SHELL_URL = '/employee/dashboard';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all([
          cache.add(new Request(SHELL_URL, { cache: 'reload' })),
          cache.addAll(PRECACHE),
        ]),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('trinkgeld-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

/**
 * The page names the files it loaded before this worker took over; keep those of /assets/ that
 * the build list does not have (the branding fonts).
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((href) => {
    try {
      return isAsset(new URL(href));
    } catch {
      return false;
    }
  });
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          urls.map((href) =>
            cache.match(href).then((hit) => (hit ? undefined : cache.add(href).catch(() => {}))),
          ),
        ),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Staff data goes to the network and nowhere else.
  if (url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    // Network first, so a deploy shows at once; offline, the stored shell starts the app, which
    // then says it is offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          // A page that carries its person's session and profile comes as no-store (decision
          // 0417): it stays out of Cache Storage; the install's shell (no one's data) remains.
          const personal = /no-store/i.test(response.headers.get('cache-control') ?? '');
          if (
            response.ok &&
            !personal &&
            response.headers.get('content-type')?.startsWith('text/html')
          ) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(SHELL_URL, copy)));
          }
          return response;
        })
        .catch(() => caches.match(SHELL_URL).then((shell) => shell ?? Response.error())),
    );
    return;
  }

  if (isAsset(url)) {
    // Hashed file names never change content: the cache answers first.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});
