import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/server/config';
import { openDatabase, quoteIdent } from '../../src/server/db/connect';
import { businesses, paymentEntrypoints, profiles, tips } from '../../src/server/db/schema';
import { DEMO_LOGINS } from '../../src/server/seed/seed';
import { ManualClock } from '../../src/server/lib/clock';
import { projectRoot } from '../../src/server/lib/project-root';
import { type RunningServer, startServer } from '../../src/server/server';
import { errorLogStream } from '../support/app';
import { commandArgs } from '../support/command';
import { freePort, launchBrowser, newContext, trackPageErrors } from './support/harness';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

/**
 * A real operator goes live from an empty database, with nothing but the
 * README's "Going live" steps. `NODE_ENV=production` (no demo data, two-factor sign-in required
 * for the platform admin), a real SMTP server and a new PostgreSQL database on TEST_DATABASE_URL's
 * server: production runs on PostgreSQL only (decision 0523), so without TEST_DATABASE_URL the
 * journey is skipped. `npm run admin:create` runs as the operator would run it; everything after
 * it happens in the browser, in German.
 */
const POSTGRES = process.env.TEST_DATABASE_URL;

const SESSION_SECRET = `going-live-${randomBytes(16).toString('hex')}`;
const OPERATOR = { email: 'betrieb@plattform.example', name: 'Olga Betreiber' };
const OWNER = { email: 'inhaberin@gasthof-sonne.example', name: 'Sonja Sonne' };
const OPERATOR_PASSWORD = 'Leuchtturm am Deich 2026';
const OWNER_PASSWORD = 'Sonnenblumen im Garten';
const WAITER = { email: 'kellner@gasthof-sonne.example', name: 'Karl Kellner' };
const WAITER_PASSWORD = 'Tablett und Schürze 7';

interface EmptyDatabase {
  env: Record<string, string>;
  config: { databaseUrl: string; dataDir: string };
  drop(): Promise<void>;
}

async function emptyDatabase(): Promise<EmptyDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-going-live-'));
  const base = POSTGRES!;
  const name = `going_live_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ url: base, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${quoteIdent(name)}`);
  await admin.close();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    config: { databaseUrl: url.toString(), dataDir },
    async drop() {
      const cleanup = await openDatabase({ url: base, poolSize: 1 });
      await cleanup.exec(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      await cleanup.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run admin:create -- …`'s command, from its sources (test/support/command.ts), with only
 * what an operator sets.
 */
function adminCreate(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      commandArgs('admin:create', ['--email', OPERATOR.email, '--name', OPERATOR.name]),
      {
        cwd: projectRoot(),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          NODE_ENV: 'production',
          SESSION_SECRET,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

let database: EmptyDatabase | undefined;
let smtp: TestSmtpServer | undefined;
let server: RunningServer;
let browser: Browser;
let setPasswordLink = '';
/**
 * The server's clock stands still unless the test moves it: each code of the authenticator app is
 * the next 30-second step's (the server refuses a step it saw before), with no wait for real time.
 */
let clock: ManualClock;

beforeAll(async () => {
  if (!POSTGRES) return;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

// An installation of its own for each attempt: a retry starts again from an empty database.
beforeEach(async () => {
  if (!POSTGRES) return;
  database = await emptyDatabase();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const created = await adminCreate({ ...database.env, PUBLIC_ORIGIN: origin });
  expect(created.code, created.out).toBe(0);
  setPasswordLink = /(http:\/\/127\.0\.0\.1:\d+\/employee\/password\?token=[A-Za-z0-9_-]+)/.exec(
    created.out,
  )![1]!;

  smtp = await startSmtpServer();
  clock = new ManualClock(new Date());
  const config = testConfig({
    nodeEnv: 'production',
    // What loadConfig makes of an unset SIGNUP in production (decision 0325).
    signup: 'closed',
    host: '127.0.0.1',
    port,
    publicOrigin: origin,
    sessionSecret: SESSION_SECRET,
    smtpUrl: smtp.url,
    mailTransport: 'smtp',
    logLevel: 'error',
    ...database.config,
  });
  server = await startServer(config, {
    loggerStream: errorLogStream(),
    printMail: () => {},
    clock,
  });
}, 180_000);

afterEach(async () => {
  await server?.close();
  await smtp?.close();
  await database?.drop();
  smtp = undefined;
  database = undefined;
});

/** The authenticator app: the code of the next 30-second step on the server's clock. */
function appCode(secret: string): string {
  clock.advance(30_000);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: clock.now().getTime() });
}

/** 'Zwei-Faktor-Anmeldung' on 'Konto und Sicherheit': scan, confirm, keep the codes. */
async function turnOnTwoFactor(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' }).waitFor();
  await page.getByRole('button', { name: 'Einrichten' }).click();
  await page.getByRole('img', { name: 'QR-Code für die Authenticator-App' }).waitFor();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(
    /\s/g,
    '',
  );
  await page.getByRole('textbox', { name: 'Bestätigungscode' }).fill(appCode(secret));
  await page.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
  await page.getByText('Zwei-Faktor-Anmeldung eingeschaltet').waitFor();
  expect(await page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
  await page.getByRole('button', { name: 'Fertig' }).click();
  await page.getByText('Eingeschaltet', { exact: true }).waitFor();
  return secret;
}

async function signInWithCode(page: Page, email: string, password: string, secret: string) {
  await page.goto('/employee/login');
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByRole('heading', { name: 'Bestätigungscode' }).waitFor();
  await page.getByRole('textbox', { name: 'Bestätigungscode' }).fill(appCode(secret));
  await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
}

describe.skipIf(!POSTGRES)('going live from an empty database (on PostgreSQL)', () => {
  it(
    'first admin, first business, its owner with two-factor sign-in, its staff, a payment point, a tip',
    {
      timeout: 120_000,
    },
    async () => {
      const db = server.deps.database.db;
      expect(await db.select().from(businesses)).toEqual([]);

      // 1. The platform admin sets a password through the printed link, then signs in.
      const operator = await newContext(browser, server.url);
      const admin = await operator.newPage();
      const adminErrors = trackPageErrors(admin);
      await admin.goto(setPasswordLink);
      await admin.getByRole('heading', { name: 'Passwort festlegen' }).waitFor();
      await admin.getByLabel(/^Neues Passwort( \*)?$/).fill(OPERATOR_PASSWORD);
      await admin.getByLabel(/^Neues Passwort wiederholen/).fill(OPERATOR_PASSWORD);
      await admin.getByRole('button', { name: 'Passwort speichern' }).click();
      await admin.waitForURL('**/employee/login');
      await admin.getByLabel('E-Mail', { exact: true }).fill(OPERATOR.email);
      await admin.getByRole('textbox', { name: 'Passwort', exact: true }).fill(OPERATOR_PASSWORD);
      await admin.getByRole('button', { name: 'Anmelden', exact: true }).click();

      // In production the platform admin can do nothing before two-factor sign-in is on.
      await admin.waitForURL('**/employee/account');
      const refused = await admin.evaluate(
        async () => (await fetch('/api/admin/businesses')).status,
      );
      expect(refused).toBe(403);
      // No red load error during the forced set-up, the password form after it.
      const passwordSection = admin.locator('section[aria-labelledby="password-section-title"]');
      await passwordSection
        .getByText('Sobald die Zwei-Faktor-Anmeldung unten eingerichtet ist')
        .waitFor();
      await turnOnTwoFactor(admin);
      await passwordSection.getByLabel('Aktuelles Passwort').waitFor();
      expect(await admin.getByText('Der Passwortstatus konnte nicht geladen werden.').count()).toBe(
        0,
      );

      // 2. The first business and its owner, from the operator console.
      await admin.goto('/admin/businesses');
      await admin.getByRole('heading', { name: 'Betriebe', level: 1 }).waitFor();
      await admin.getByRole('button', { name: 'Betrieb anlegen' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Betrieb anlegen' });
      await dialog.getByLabel(/^Name/).fill('Gasthof Sonne');
      await dialog.getByLabel(/^Adresse/).fill('Sonnenweg 1, 79098 Freiburg');
      await dialog.getByLabel(/^Kontakt-E-Mail/).fill('hallo@gasthof-sonne.example');
      await dialog.getByLabel(/^E-Mail des Inhabers/).fill(OWNER.email);
      await dialog.getByRole('button', { name: 'Anlegen' }).click();
      await admin
        .getByText(`Betrieb „Gasthof Sonne“ angelegt, Einladung an ${OWNER.email} gesendet.`)
        .waitFor();
      expect(adminErrors).toEqual([]);

      // 3. The owner follows the invitation, chooses a password and turns on two-factor sign-in.
      const invitation = await smtp!.waitForMail(OWNER.email);
      const link =
        /(http:\/\/127\.0\.0\.1:\d+\/employee\/login\?magic_token=[A-Za-z0-9_-]{43})/.exec(
          invitation.text,
        )![1]!;
      const ownerContext = await newContext(browser, server.url);
      const owner = await ownerContext.newPage();
      const ownerErrors = trackPageErrors(owner);
      await owner.goto(link);
      await owner.waitForURL('**/employee/onboarding');
      await owner.getByLabel(/Vollständiger Name/).fill(OWNER.name);
      await owner.getByLabel('Neues Passwort', { exact: true }).fill(OWNER_PASSWORD);
      await owner.getByLabel('Neues Passwort wiederholen').fill(OWNER_PASSWORD);
      await owner.getByRole('button', { name: 'Profil speichern' }).click();
      // The spec sends a completed profile to the dashboard; the owner's console is one link away.
      await owner.waitForURL('**/employee/dashboard');
      await owner.goto('/admin/dashboard');
      await owner.getByTestId('admin-business-name').getByText('Gasthof Sonne').waitFor();
      await owner
        .getByTestId('two-factor-banner')
        .getByRole('link', { name: 'Jetzt einrichten' })
        .click();
      await owner.waitForURL('**/employee/account');
      const ownerSecret = await turnOnTwoFactor(owner);

      // Signed out, and in again: the password alone is not enough.
      await owner.goto('/admin/dashboard');
      await owner.getByRole('button', { name: 'Abmelden' }).first().click();
      await owner.waitForURL('**/employee/login');
      await signInWithCode(owner, OWNER.email, OWNER_PASSWORD, ownerSecret);
      await owner.waitForURL('**/admin/dashboard');

      // 4. Its staff: the owner invites a waiter, who onboards with a password of his own.
      await owner.goto('/admin/users');
      await owner.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(WAITER.email);
      await owner.getByRole('button', { name: 'Einladen' }).click();
      await owner
        .getByTestId('toast')
        .getByText(`Einladung an ${WAITER.email} gesendet.`)
        .waitFor();
      const waiterMail = await smtp!.waitForMail(WAITER.email);
      const waiterLink =
        /(http:\/\/127\.0\.0\.1:\d+\/employee\/login\?magic_token=[A-Za-z0-9_-]{43})/.exec(
          waiterMail.text,
        )![1]!;
      const waiterContext = await newContext(browser, server.url, {
        viewport: { width: 360, height: 740 },
        isMobile: true,
      });
      const waiter = await waiterContext.newPage();
      const waiterErrors = trackPageErrors(waiter);
      await waiter.goto(waiterLink);
      await waiter.waitForURL('**/employee/onboarding');
      await waiter.getByLabel(/Vollständiger Name/).fill(WAITER.name);
      await waiter.getByLabel('Neues Passwort', { exact: true }).fill(WAITER_PASSWORD);
      await waiter.getByLabel('Neues Passwort wiederholen').fill(WAITER_PASSWORD);
      await waiter.getByRole('button', { name: 'Profil speichern' }).click();
      await waiter.waitForURL('**/employee/dashboard');
      expect(waiterErrors).toEqual([]);

      // 5. A payment point for the business (a table), created at 'UID-Verwaltung'.
      await owner.goto('/admin/uid-management');
      await owner.getByRole('heading', { name: 'UID-Verwaltung', level: 1 }).waitFor();
      await owner.getByRole('button', { name: 'Neuer Bezahlpunkt' }).click();
      const pointDialog = owner.getByRole('dialog', { name: 'Neuer Bezahlpunkt' });
      await pointDialog.getByLabel(/^Name( \*)?$/).fill('Tisch 1');
      await pointDialog.getByLabel(/^Typ( \*)?$/).selectOption('object');
      await pointDialog.getByRole('button', { name: 'Bezahlpunkt erstellen' }).click();
      await pointDialog.waitFor({ state: 'hidden' });
      // A production site has no demo data tool ('Demo-Daten | Super Admin').
      expect(await owner.getByText('Super Admin', { exact: true }).count()).toBe(0);
      expect(await owner.getByRole('button', { name: 'Demo-Daten generieren' }).count()).toBe(0);
      const [business] = await db
        .select({ id: businesses.id })
        .from(businesses)
        .where(eq(businesses.name, 'Gasthof Sonne'));
      const [point] = await db
        .select({ uid: paymentEntrypoints.uid })
        .from(paymentEntrypoints)
        .where(
          and(
            eq(paymentEntrypoints.businessId, business!.id),
            eq(paymentEntrypoints.label, 'Tisch 1'),
          ),
        );
      expect(point?.uid).toBeTruthy();
      expect(ownerErrors).toEqual([]);

      // 6. A guest scans the table's code and tips through the checkout.
      const guestContext = await newContext(browser, server.url, {
        viewport: { width: 390, height: 844 },
        isMobile: true,
      });
      const guest = await guestContext.newPage();
      const guestErrors = trackPageErrors(guest);
      await guest.goto(`/t/${point!.uid}`);
      await guest.getByRole('button', { name: '10 €', exact: true }).click();
      await guest.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
      await guest.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
      await guest.waitForURL('**/checkout/demo/**');
      await guest.getByRole('button', { name: 'Bezahlen', exact: true }).click();
      await guest.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();
      expect(guestErrors).toEqual([]);

      const paid = await db.select().from(tips).where(eq(tips.businessId, business!.id));
      expect(paid.map((tip) => [tip.amountCents, tip.status])).toEqual([[1000, 'pending']]);
      // Nothing of the demo exists on this installation: none of its sign-ins, no other business.
      expect(
        await db
          .select({ email: profiles.email })
          .from(profiles)
          .where(
            inArray(
              profiles.email,
              DEMO_LOGINS.map((login) => login.email),
            ),
          ),
      ).toEqual([]);
      expect(await db.select({ name: businesses.name }).from(businesses)).toEqual([
        { name: 'Gasthof Sonne' },
      ]);
      await Promise.all([
        operator.close(),
        ownerContext.close(),
        waiterContext.close(),
        guestContext.close(),
      ]);
    },
  );
});
