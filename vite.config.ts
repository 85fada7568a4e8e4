import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_ICONS, renderAppIcon } from './scripts/pwa-icons.js';

const webRoot = path.resolve(import.meta.dirname, 'src/web');
const outDir = path.resolve(import.meta.dirname, 'dist/web');

/**
 * Writes .br and .gz next to every text asset after the build, so the server can hand out
 * pre-compressed files without compressing on each request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|map)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  // The directory this build writes to: `--outDir` (the secrets test builds into a temp folder)
  // overrides the default dist/web.
  let builtDir = outDir;
  return {
    name: 'trinkgeld-precompress',
    apply: 'build',
    configResolved(config) {
      builtDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(builtDir)) {
        if (!compressible.test(file) || file.endsWith('.map')) continue;
        const content = readFileSync(file);
        // Small chunks too (a 400 B chunk is about 250 B as brotli, issue 35 item 2), but a
        // variant only when it is smaller: without one the server sends the file as it is.
        const br = brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
        if (br.length < content.length) writeFileSync(`${file}.br`, br);
        const gz = gzipSync(content, { level: 9 });
        if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * The staff app's PNG icons (manifest `src/web/public/employee/manifest.webmanifest`) and the tip
 * page's tab icon, drawn with sharp into the build output and served the same way by the dev
 * server (decisions 0182, 0267).
 */
function staffAppIcons(): Plugin {
  return {
    name: 'trinkgeld-staff-app-icons',
    async generateBundle() {
      for (const icon of APP_ICONS) {
        this.emitFile({
          type: 'asset',
          fileName: icon.fileName,
          source: await renderAppIcon(icon),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const icon = APP_ICONS.find((candidate) => request.url === `/${candidate.fileName}`);
        if (!icon) return next();
        void renderAppIcon(icon).then((png) => {
          response.setHeader('content-type', 'image/png');
          response.end(png);
        }, next);
      });
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [
    react(),
    staffAppIcons(),
    // The staff app's service worker (decision 0371): our own worker with the build's list of
    // hashed JS and CSS files injected; the manifest and registration stay our own.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'employee',
      filename: 'sw.js',
      outDir: path.join(outDir, 'employee'),
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      injectManifest: {
        globDirectory: outDir,
        globPatterns: ['assets/**/*.{js,css}'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        minify: false,
        // The worker imports nothing: a classic script, built without the ES output's
        // `inlineDynamicImports`, which this Vite reports as deprecated on every build.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // The server reads which chunks each page needs from it, to preload them in the page's HTML
    // (src/server/http/page-preload.ts, decision 0417).
    manifest: true,
    reportCompressedSize: false,
    // Every browser we support preloads modules itself; the polyfill would cost every page.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Pre-compressing with brotli at level 11 takes about a second on purpose (smallest files
      // for guests' phones); the bundler's plugin-timing check would flag that on every build.
      checks: { pluginTimings: false },
      // A warning fails the build: `npm test` builds first, so a warning cannot sit unread in a
      // log (a schema imported both statically and on demand once quietly undid decision 0410).
      onwarn(warning) {
        throw new Error(`Build warning ${warning.code ?? ''}: ${warning.message}`);
      },
      input: {
        app: path.join(webRoot, 'index.html'),
        guest: path.join(webRoot, 'guest.html'),
        landing: path.join(webRoot, 'landing.html'),
      },
      output: {
        // React in one chunk of its own that both entries share and browsers cache; without it
        // the bundler folds React into whichever shared chunk it makes first, together with
        // unrelated helpers (bench/guest-bundle.bench.ts checks the guest page's budget).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The loader of on-demand chunks stays on its own: the guest page's boot script needs
            // it and nothing else, so React is not pulled in before the guest interacts. The
            // first-interaction trigger both server-rendered pages' boot scripts use rides along.
            { name: 'preload', test: /preload-helper|lib[\\/]first-interaction\.ts$/ },
            // The small helpers the guest's first view shares with the staff app, in one chunk:
            // eight tiny files cost more gzip bytes (headers, imports) than one.
            {
              name: 'shared-ui',
              test: /src[\\/](web[\\/](lib[\\/](cn|format|theme|api|page-title)|components[\\/](ErrorBoundary|ErrorScreen|ui[\\/](Card|Field|Toaster|toast-store|Spinner|Button)))|shared[\\/](domain[\\/](constants|money)|i18n[\\/]common))\.tsx?$/,
            },
            // The next three groups join small files that load together into one (issue 35): a
            // phone on hotel Wi-Fi opens six connections, so a first screen of 21 files waits for
            // four rounds of requests where 15 need three. Each group takes only the files named
            // (`includeDependenciesRecursively: false`): with their imports it would pull the
            // router and the query client in, and the staff pages would load the admin frame.
            // What every signed-in screen has around its content: the sign-out button and the
            // inactivity timeout.
            {
              name: 'signed-in',
              includeDependenciesRecursively: false,
              test: /src[\\/]web[\\/](features[\\/]auth[\\/](SignOutButton|SessionTimeout)|lib[\\/]inactivity-timer)\.tsx?$/,
            },
            // The admin console's own frame: its texts, navigation, API and page helpers, which
            // every admin page needs and nothing outside the console imports.
            {
              name: 'admin-shell',
              includeDependenciesRecursively: false,
              test: /src[\\/](web[\\/](features[\\/]admin[\\/](admin-api|admin-pages|AdminPage|setup[\\/]setup-api)|lib[\\/]admin-language)|shared[\\/](api[\\/]first-screen|i18n[\\/](admin|admin-nav|admin-shifts-core|admin-catalogue|admin-pro)))\.tsx?$/,
            },
            // The icon set and the skip link, which the admin console and the public pages both
            // lay out with: one file of two.
            {
              name: 'page-kit',
              includeDependenciesRecursively: false,
              test: /src[\\/]web[\\/](features[\\/]public[\\/]components[\\/]Icon|components[\\/]SkipLink)\.tsx$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
