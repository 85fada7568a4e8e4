import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isAppPage } from '../../shared/app-pages';
import { PAGE_MODULES } from './page-preload';
import { appDocumentFor, htmlEntryFor, type PageBootSource, registerWebApp } from './spa';

describe('htmlEntryFor', () => {
  it('serves the guest pages from the small guest entry', () => {
    for (const path of [
      '/t/aio-anna-schneider-4k7p',
      '/thank-you',
      '/thank-you/',
      '/qr-error',
      '/error/invalid-uid',
    ]) {
      expect(htmlEntryFor(path)).toBe('guest.html');
    }
  });

  it('serves everything else from the full app', () => {
    for (const path of ['/', '/employee/login', '/thank-you-later', '/error', '/admin/dashboard']) {
      expect(htmlEntryFor(path)).toBe('index.html');
    }
  });
});

describe('appDocumentFor', () => {
  const html =
    '<html><head><script type="module" src="/assets/app.js"></script></head>' +
    '<body><div id="root"></div></body></html>';
  const manifest = {
    'index.html': { file: 'assets/app.js', imports: ['_react.js'], css: ['assets/main.css'] },
    '_react.js': { file: 'assets/react.js' },
    '_layout-part.js': { file: 'assets/layout-part.js', imports: ['_react.js'] },
    'features/admin/AdminLayout.tsx': {
      file: 'assets/AdminLayout.js',
      imports: ['index.html', '_layout-part.js'],
    },
    'features/admin/AdminDashboardPage.tsx': {
      file: 'assets/AdminDashboardPage.js',
      imports: ['_layout-part.js', '_react.js'],
      css: ['assets/main.css', 'assets/dashboard.css'],
    },
    'features/auth/SessionTimeout.tsx': { file: 'assets/SessionTimeout.js' },
  };

  it("preloads the page's layout, page and their imports beyond the entry's, each once", () => {
    const document = appDocumentFor(html, manifest, '/admin/dashboard/', null);
    const preloads = [...document.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(preloads).toEqual([
      '/assets/AdminLayout.js',
      '/assets/layout-part.js',
      '/assets/AdminDashboardPage.js',
    ]);
    expect(document).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard.css">');
    expect(document).not.toContain('href="/assets/main.css"');
    // In the head, so the browser starts them with the entry.
    expect(document.indexOf('AdminLayout.js')).toBeLessThan(document.indexOf('</head>'));
    expect(document).not.toContain('page-boot');
  });

  it('adds the inactivity timeout for someone signed in, and nothing for a page without chunks', () => {
    const signedIn = { answers: { session: {} }, signedIn: true };
    expect(appDocumentFor(html, manifest, '/admin/dashboard', signedIn)).toContain(
      'href="/assets/SessionTimeout.js"',
    );
    expect(appDocumentFor(html, manifest, '/admin', null)).not.toContain('modulepreload');
    expect(appDocumentFor(html, null, '/admin/dashboard', null)).toBe(html);
  });

  it('embeds the boot answers as inert JSON that cannot end its element', () => {
    const answers = { session: { user: { email: '</script><script>alert(1)</script>' } } };
    const document = appDocumentFor(html, null, '/employee/login', { answers, signedIn: true });
    const match = /<script type="application\/json" id="page-boot">([^<]*)<\/script>/.exec(
      document,
    );
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toEqual(answers);
    expect(document).not.toContain('<script>alert');
  });
});

describe('PAGE_MODULES', () => {
  const router = readFileSync(path.join(import.meta.dirname, '../../web/router.tsx'), 'utf8');

  it('names only modules the router loads lazily, for pages the app has', () => {
    for (const [page, modules] of Object.entries(PAGE_MODULES)) {
      expect(isAppPage(page), page).toBe(true);
      for (const module of modules) {
        expect(router, `${page}: ${module}`).toContain(
          `import('./${module.replace(/\.tsx?$/, '')}')`,
        );
      }
    }
  });

  it('has every lazy page of the router', () => {
    const lazy = [...router.matchAll(/import\('\.\/(features\/[^']+)'\)/g)].map(
      (match) => `${match[1]}.tsx`,
    );
    const listed = new Set(Object.values(PAGE_MODULES).flat());
    const unlisted = lazy.filter(
      // The landing page at / is the server's own page (decision 0266); * is the not-found page.
      (module) => !listed.has(module) && !/LandingPage|NotFoundPage/.test(module),
    );
    expect(unlisted).toEqual([]);
  });
});

describe('registerWebApp: the app HTML', () => {
  async function webApp(pageBoot: PageBootSource) {
    const webDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-spa-'));
    writeFileSync(path.join(webDir, 'index.html'), '<html><head></head><body>one</body></html>');
    const app = Fastify({ logger: false });
    await registerWebApp(app, webDir, () => null, pageBoot);
    await app.ready();
    return { app, webDir };
  }
  const document = { 'sec-fetch-dest': 'document' };

  it('still serves the page when the boot answers cannot be had', async () => {
    const { app, webDir } = await webApp(async () => {
      throw new Error('database away');
    });
    const response = await app.inject({ url: '/employee/login', headers: document });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('one');
    expect(response.body).not.toContain('page-boot');
    expect(response.headers['cache-control']).toBe('no-cache');
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves a new build at once', async () => {
    const { app, webDir } = await webApp(async () => ({ answers: { a: 1 }, signedIn: false }));
    expect((await app.inject({ url: '/employee/login', headers: document })).body).toContain('one');
    const file = path.join(webDir, 'index.html');
    writeFileSync(file, '<html><head></head><body>two</body></html>');
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const response = await app.inject({ url: '/employee/login', headers: document });
    expect(response.body).toContain('two');
    expect(response.body).toContain('<script type="application/json" id="page-boot">{"a":1}');
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  });
});
