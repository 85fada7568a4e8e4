import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
} from 'playwright-core';
import { DEMO_PASSWORD } from '../../src/server/seed/seed';
import { line } from './harness';

export { freePort } from './port';

/**
 * Chromium for the benchmarks: the Debian build (`CHROME_PATH` or `CHROMIUM_PATH` to use another),
 * either driven by Playwright (`launchBrowser`) or started with a DevTools port for Lighthouse
 * (`launchDebuggableChromium`). Both share the flags below.
 */
export const CHROMIUM_PATH =
  process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Sends every request that is not for this machine to a closed port, as the e2e tests do
 * (test/e2e/support/harness.ts): a page that reached out to the internet would show as an error,
 * never as a figure. Loopback is never proxied.
 */
export const NO_OUTSIDE_REQUESTS = '--proxy-server=http://127.0.0.1:9';

/** Chromium driven by Playwright, with no request leaving the machine. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [NO_OUTSIDE_REQUESTS, ...CHROMIUM_FLAGS],
  });
}

export interface DebuggableChromium {
  /** The DevTools port Lighthouse connects to. */
  port: number;
  /** Ends the browser and its helpers and removes its profile. */
  close(): Promise<void>;
}

/**
 * Chromium with a DevTools port and a fresh profile, for Lighthouse. `extraFlags` come after the
 * shared ones (e.g. `--accept-lang=de-DE,de`: headless Chromium ignores `--lang`).
 */
export async function launchDebuggableChromium(
  extraFlags: string[] = [],
): Promise<DebuggableChromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'trinkgeld-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      ...extraFlags,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group: /usr/bin/chromium is a shell script, and the browser and its helpers
    // are its children, which all have to end before the profile can be removed.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', () => reject(new Error(`chromium exited: ${output}`)));
  });
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await exited;
      try {
        // A helper process may still write into the profile for a moment after the browser ends.
        rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
      } catch (error) {
        line('chromium profile left behind', `${profile} (${(error as Error).message})`);
      }
    },
  };
}

/** The German staff app, as the e2e tests see it (the language follows the browser's). */
export const STAFF_CONTEXT: BrowserContextOptions = { locale: 'de-DE' };

export type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The cookies of one demo login (demo password), taken from a sign-in through the real login
 * page; the service worker is blocked so the sign-in leaves nothing behind but the cookies.
 */
export async function signIn(browser: Browser, origin: string, email: string): Promise<SignedIn> {
  const context = await browser.newContext({
    ...STAFF_CONTEXT,
    baseURL: origin,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.goto('/employee/login');
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/employee/login'));
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The signed-in state as one `Cookie` request header (for Lighthouse's `extraHeaders`). */
export function cookieHeader(state: SignedIn): string {
  return state.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
