import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type Config, testConfig } from '../../../src/server/config';
import type { Clock } from '../../../src/server/lib/clock';
import { type RunningServer, startServer } from '../../../src/server/server';
import { errorLogStream } from '../../support/app';
import { createTestDatabase } from '../../support/database';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.resolve('test-results/e2e');

/**
 * Everything that is not loopback goes to a proxy on the discard port, where nothing listens, so
 * a test can never reach the internet. (Chromium always sends loopback traffic direct.) Doing this
 * in the browser instead of intercepting every request keeps Chromium's cache and saves a round
 * trip to the test process per request.
 */
const OFFLINE_PROXY = '--proxy-server=http://127.0.0.1:9';

const CHROMIUM_FLAGS = [
  OFFLINE_PROXY,
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A port the OS says is free right now, so the public origin is known before listening. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface E2EServerOptions {
  seeded?: boolean;
  config?: Partial<Config>;
  clock?: Clock;
  printMail?: (text: string) => void;
}

/** The built app on a free port with a fresh database of its own (demo data by default). */
export async function startE2EServer(options: E2EServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const database = await createTestDatabase({ seeded: options.seeded ?? true });
  const config = testConfig({
    host: '127.0.0.1',
    port,
    publicOrigin: `http://127.0.0.1:${port}`,
    logLevel: 'error',
    ...options.config,
  });
  const server = await startServer(config, {
    database,
    seed: false,
    loggerStream: errorLogStream(),
    ...(options.clock ? { clock: options.clock } : {}),
    printMail: options.printMail ?? (() => {}),
  });
  const close = server.close.bind(server);
  return Object.assign(server, {
    async close() {
      await close();
      await database.close();
    },
  });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  /** Phone-sized by default off; set for guest journeys. */
  isMobile?: boolean;
  /** The browser's language; German unless a test is about another one. */
  locale?: string;
}

/** A fresh browser context in German; the browser itself only reaches loopback addresses. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: options.locale ?? 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.isMobile ? { isMobile: true, hasTouch: true } : {}),
  });
}

/** Collects uncaught page errors; a journey should end with none. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
