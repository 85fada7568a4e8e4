import type { FastifyRequest } from 'fastify';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../../src/server/seed/seed';
import { sessionCookieName } from '../../../src/server/features/auth/cookie';
import { openSession } from '../../../src/server/features/auth/actions/open-session';
import { findAccountByEmail } from '../../../src/server/features/auth/queries/accounts';
import type { RunningServer } from '../../../src/server/server';

/**
 * Signs in through the real login page (password tab) and waits until the app has left it, i.e.
 * the person landed on their home, the remembered page or onboarding:
 *
 *   await signInInBrowser(page, 'anna@demo.local');
 *   expect(new URL(page.url()).pathname).toBe('/employee/dashboard');
 *
 * Each call counts against the per-address sign-in limit (10 per e-mail in 15 minutes). For a
 * journey whose subject is not signing in, `openSignedIn` is cheaper (decision 0590).
 */
export async function signInInBrowser(
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/employee/login')) {
    await page.goto('/employee/login');
  }
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/employee/login'));
}

/**
 * Opens `path` as `email`, signed in without the login page (decision 0590): the session is
 * opened on the server as a right password opens it (the auth action `openSession`: the
 * session row, the first-sign-in flag, the last-login time, an admin's or owner's `admin_login`
 * audit row, the refusal of a suspended or closed business), and its cookie is set on the page's
 * browser context as the server sets it (httpOnly, SameSite=Lax, for the whole site). Neither the
 * password hash nor the sign-in limits are touched.
 *
 * By default it opens the login page, whose guard sends a signed-in person on to their home or
 * onboarding, and waits until the app has left it, as `signInInBrowser` does:
 *
 *   await openSignedIn(page, e2e.server, 'anna@demo.local');
 *   expect(new URL(page.url()).pathname).toBe('/employee/dashboard');
 *
 * What only the login page does is not done: no 'Erfolgreich angemeldet!' toast, no "usual
 * device" cookie, no end of a session the browser held. A journey that checks any of these, or
 * the page it is sent back to after the login page, signs in with `signInInBrowser`.
 */
export async function openSignedIn(
  page: Page,
  server: Pick<RunningServer, 'app' | 'deps' | 'url'>,
  email: string,
  path = '/employee/login',
): Promise<void> {
  const db = server.deps.database.db;
  const account = await findAccountByEmail(db, email.trim().toLowerCase());
  if (!account) throw new Error(`openSignedIn: no account ${email}`);
  // The login page would refuse these or ask for more; such a journey signs in by the page.
  if (account.disabledAt || !account.emailVerifiedAt || account.twoFactorEnabledAt) {
    throw new Error(`openSignedIn: ${email} cannot sign in with a password alone`);
  }
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const request = {
    ip: '127.0.0.1',
    headers: { 'user-agent': userAgent },
    server: server.app,
  } as unknown as Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
  const signedIn = await db.transaction((tx) =>
    openSession(server.deps, tx, account, { ip: request.ip, userAgent, request }, 'password'),
  );
  await page.context().addCookies([
    {
      name: sessionCookieName(server.deps.config),
      value: signedIn.token,
      url: server.url,
      httpOnly: true,
      sameSite: 'Lax',
      secure: server.url.startsWith('https:'),
      expires: Math.floor(signedIn.session.absoluteExpiresAt.getTime() / 1000),
    },
  ]);
  await page.goto(path);
  if (path.startsWith('/employee/login')) {
    await page.waitForURL((url) => !url.pathname.startsWith('/employee/login'));
  }
}
