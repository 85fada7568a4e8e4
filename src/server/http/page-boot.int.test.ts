import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { signIn } from '../../../test/support/auth';
import { createBusiness, createTip } from '../../../test/support/factories';
import { employeeFirstScreenKeys } from '../../shared/api/employee-first-screen';
import { firstScreenKeys } from '../../shared/api/first-screen';
import { startOfBerlinDay } from '../../shared/domain/berlin-day';
import { sessionCookieName } from '../features/auth/cookie';
import { PAGE_BOOT_ELEMENT_ID } from './spa';

// Decision 0417: the app's HTML carries the session and profile of the request's own
// cookie, and nobody else's; never for a fetch that is not a document; never stored by a cache.
let t: TestApp;
let webDir: string;

const HTML =
  '<!doctype html><html lang="de"><head><title>Trinkgeld</title>' +
  '<script type="module" crossorigin src="/assets/app.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const MANIFEST = {
  'index.html': { file: 'assets/app.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
  'features/auth/LoginPage.tsx': { file: 'assets/LoginPage.js', imports: ['_form.js'] },
  'features/employee/EmployeeDashboardPage.tsx': {
    file: 'assets/EmployeeDashboardPage.js',
    imports: ['_react.js'],
  },
  'features/auth/SessionTimeout.tsx': { file: 'assets/SessionTimeout.js' },
};

const DOCUMENT = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

function bootOf(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_BOOT_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

async function page(url: string, headers: Record<string, string>) {
  return t.inject({ method: 'GET', url, headers });
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-page-boot-'));
  writeFileSync(path.join(webDir, 'index.html'), HTML);
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ seeded: true, webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the app HTML with its boot answers', () => {
  it('carries exactly what the session and profile endpoints answer for the same cookie', async () => {
    const cookie = await signIn(t, 'anna@demo.local');
    const response = await page('/employee/dashboard', { ...DOCUMENT, cookie });
    expect(response.statusCode).toBe(200);
    const session = await page('/api/auth/session', { cookie });
    const profile = await page('/api/profiles/me', { cookie });
    // With the dashboard's own first answers beside them (decision 0420, tested below).
    const { queries, servedAt, ...answers } = bootOf(response.body) as Record<string, unknown>;
    expect(answers).toEqual({ session: session.json(), profile: profile.json() });
    expect(queries).toHaveLength(2);
    expect(typeof servedAt).toBe('number');
    expect(response.body).toContain('anna@demo.local');
    // This person's page: no cache keeps it, and a cache that ignored that keys it on the cookie.
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers.vary)).toMatch(/cookie/i);
    expect(response.headers.etag).toBeUndefined();
    // The page's chunk, its imports beyond the entry's and, signed in, the inactivity timeout.
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/EmployeeDashboardPage.js">',
    );
    expect(response.body).toContain('href="/assets/SessionTimeout.js"');
    expect(response.body).not.toContain('href="/assets/react.js"');
    expect(response.body).not.toContain('LoginPage.js');
    // The CSP is unchanged: the boot answers are data, not a script.
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'/);
  });

  it("never puts one person's data into another's page", async () => {
    const anna = await signIn(t, 'anna@demo.local');
    const owner = await signIn(t, 'inhaber@demo.local');
    const annas = await page('/employee/dashboard', { ...DOCUMENT, cookie: anna });
    const owners = await page('/admin/dashboard', { ...DOCUMENT, cookie: owner });
    const signedOut = await page('/employee/dashboard', DOCUMENT);
    expect(annas.body).toContain('anna@demo.local');
    expect(annas.body).not.toContain('inhaber@demo.local');
    expect(annas.body).not.toContain('Thomas Berger');
    expect(owners.body).toContain('inhaber@demo.local');
    expect(owners.body).toContain('Thomas Berger');
    expect(owners.body).not.toContain('anna@demo.local');
    expect(signedOut.body).not.toMatch(/@demo\.local/);
  });

  it('says "signed out" without a cookie, and preloads the page alone', async () => {
    const response = await page('/employee/login', DOCUMENT);
    expect(bootOf(response.body)).toEqual({ session: { user: null, session: null } });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('href="/assets/LoginPage.js"');
    expect(response.body).toContain('href="/assets/form.js"');
    expect(response.body).not.toContain('SessionTimeout.js');
  });

  it('carries nothing for a cookie of no active session: the API answers and clears it', async () => {
    // Well formed, but no session has it (ended, or never was).
    const cookie = `${sessionCookieName(t.config)}=${'a'.repeat(43)}`;
    const response = await page('/employee/dashboard', { ...DOCUMENT, cookie });
    expect(response.statusCode).toBe(200);
    expect(bootOf(response.body)).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
    const session = await page('/api/auth/session', { cookie });
    // A token nobody knows reads as a session that idled out and was cleaned up (decision 0505).
    expect(session.json()).toMatchObject({
      user: null,
      session: null,
      ended: { code: 'session_expired' },
    });
    expect(String(session.headers['set-cookie'])).toContain(sessionCookieName(t.config));
  });

  it("gives a fetch that is not a document (the worker's offline shell) no one's data", async () => {
    const cookie = await signIn(t, 'anna@demo.local');
    const requests: Record<string, string>[] = [
      { cookie, 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' },
      { cookie },
    ];
    for (const headers of requests) {
      const response = await page('/employee/dashboard', headers);
      expect(response.statusCode).toBe(200);
      expect(bootOf(response.body)).toBeUndefined();
      expect(response.body).not.toContain('anna@demo.local');
      expect(response.headers['cache-control']).toBe('no-cache');
      // The shared page still revalidates cheaply.
      const again = await page('/employee/dashboard', {
        ...headers,
        'if-none-match': String(response.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('keeps the not-found page and the API as they were', async () => {
    const cookie = await signIn(t, 'anna@demo.local');
    const missing = await page('/no-such-page', { ...DOCUMENT, cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('anna@demo.local');
    const api = await page('/api/no-such-thing', { ...DOCUMENT, cookie });
    expect(api.statusCode).toBe(404);
    // The build manifest is for the server only.
    const manifest = await page('/.vite/manifest.json', {});
    expect(manifest.body).not.toContain('LoginPage');
  });
});

// Decision 0419: the admin dashboard's HTML carries its first answers, each exactly what the API
// answers the same cookie, filed under the browser's query keys; only for the page that shows
// them, and only what the person may see.
describe("the admin dashboard's first answers in its HTML", () => {
  it("carries the owner's own figures, checklist and businesses, and another owner's his", async () => {
    const db = t.database.db;
    const seeblick = await createBusiness(db, { name: 'Hotel Seeblick', employees: 2 });
    const linde = await createBusiness(db, { name: 'Gasthof Linde', employees: 1 });
    for (const hotel of [seeblick, linde]) {
      const cookie = await signIn(t, hotel.owner.email);
      const html = await page('/admin/dashboard', { ...DOCUMENT, cookie });
      const boot = bootOf(html.body) as { queries?: { key: unknown[]; data: unknown }[] };
      const api = async (url: string) => (await page(url, { cookie })).json();
      expect(boot.queries).toEqual([
        { key: [...firstScreenKeys.adminBusinesses], data: await api('/api/admin/businesses') },
        {
          key: [...firstScreenKeys.adminDashboard(null)],
          data: await api('/api/admin/dashboard'),
        },
        {
          key: [...firstScreenKeys.setupChecklist(null)],
          data: await api('/api/admin/setup-checklist'),
        },
      ]);
      const other = hotel === seeblick ? linde : seeblick;
      expect(html.body).toContain(hotel.name);
      expect(html.body).not.toContain(other.name);
    }
  });

  it("gives an employee on /admin/dashboard none (the API refuses them), nor any other page's", async () => {
    const hotel = await createBusiness(t.database.db, { name: 'Pension Alpenblick' });
    const employee = await signIn(t, hotel.employees[0]!.email);
    const refused = await page('/admin/dashboard', { ...DOCUMENT, cookie: employee });
    expect(bootOf(refused.body)).not.toHaveProperty('queries');
    expect(refused.body).not.toContain('Pension Alpenblick');
    const owner = await signIn(t, hotel.owner.email);
    const elsewhere = await page('/admin/branding', { ...DOCUMENT, cookie: owner });
    expect(bootOf(elsewhere.body)).not.toHaveProperty('queries');
    const signedOut = await page('/admin/dashboard', DOCUMENT);
    expect(bootOf(signedOut.body)).not.toHaveProperty('queries');
  });
});

// Decision 0420: the staff dashboard's HTML carries today's tips and the thank-you messages of
// the person signed in, with the moment they were read, from which the live stream catches up.
describe("the staff dashboard's first answers in its HTML", () => {
  it("carries each employee's own tips and messages, and not a colleague's or another business's", async () => {
    const db = t.database.db;
    const seeblick = await createBusiness(db, {
      name: 'Hotel Seeblick',
      employees: 2,
      points: ['person', 'person'],
    });
    const linde = await createBusiness(db, { name: 'Gasthof Linde', points: ['person'] });
    const messageOf = (who: string) => `Danke an ${who}, Zimmer 12 war perfekt`;
    const people = [
      { business: seeblick, index: 0 },
      { business: seeblick, index: 1 },
      { business: linde, index: 0 },
    ].map(({ business, index }) => ({
      person: business.employees[index]!,
      point: business.points[index]!,
      business,
    }));
    for (const { person, point, business } of people) {
      await createTip(db, {
        businessId: business.id,
        employeeId: person.id,
        entrypoint: point,
        createdAt: t.clock.now(),
        guestMessage: messageOf(person.fullName),
      });
    }
    const day = startOfBerlinDay(t.clock.now());
    for (const { person } of people) {
      const cookie = await signIn(t, person.email);
      const before = t.clock.now().getTime();
      const html = await page('/employee/dashboard', { ...DOCUMENT, cookie });
      const boot = bootOf(html.body) as {
        queries?: { key: unknown[]; data: unknown }[];
        servedAt?: number;
      };
      const api = async (url: string) => (await page(url, { cookie })).json();
      expect(boot.queries).toEqual([
        {
          key: [...employeeFirstScreenKeys.today(day.toISOString())],
          data: await api(`/api/employee/today?from=${encodeURIComponent(day.toISOString())}`),
        },
        { key: [...employeeFirstScreenKeys.messages], data: await api('/api/employee/messages') },
      ]);
      expect(boot.servedAt).toBe(before);
      expect(html.body).toContain(messageOf(person.fullName));
      for (const other of people.filter((entry) => entry.person !== person)) {
        expect(html.body).not.toContain(messageOf(other.person.fullName));
      }
    }
  });

  it('gives none to someone signed out, nor on the staff pages without them', async () => {
    const signedOut = await page('/employee/dashboard', DOCUMENT);
    expect(bootOf(signedOut.body)).not.toHaveProperty('queries');
    expect(bootOf(signedOut.body)).not.toHaveProperty('servedAt');
    const hotel = await createBusiness(t.database.db, { name: 'Pension Bergblick' });
    const cookie = await signIn(t, hotel.employees[0]!.email);
    const account = await page('/employee/account', { ...DOCUMENT, cookie });
    expect(bootOf(account.body)).not.toHaveProperty('queries');
  });
});
