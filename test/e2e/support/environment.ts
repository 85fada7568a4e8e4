import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RunningServer } from '../../../src/server/server';
import {
  type ContextOptions,
  type E2EServerOptions,
  launchBrowser,
  newContext,
  startE2EServer,
} from './harness';
import { startSmtpServer, type TestSmtpServer } from './smtp';

export interface E2EOptions extends E2EServerOptions {
  /** Start a local SMTP server and send the app's mail to it. */
  smtp?: boolean;
}

export interface E2EEnvironment {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly smtp: TestSmtpServer;
  /** A German browser context on this file's server; closed with the file if still open. */
  context(options?: ContextOptions): Promise<BrowserContext>;
}

function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} is only available inside tests and hooks`);
  return value;
}

/**
 * One browser journey file's surroundings: its own server with a fresh database, a browser and,
 * when asked, an SMTP server, started before the file's tests and stopped after them.
 */
export function useE2E(options: E2EOptions = {}): E2EEnvironment {
  const { smtp: withSmtp, ...serverOptions } = options;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let smtp: TestSmtpServer | undefined;
  const contexts = new Set<BrowserContext>();

  beforeAll(async () => {
    if (withSmtp) smtp = await startSmtpServer();
    const config = smtp ? { ...serverOptions.config, smtpUrl: smtp.url } : serverOptions.config;
    [server, browser] = await Promise.all([
      startE2EServer({ ...serverOptions, ...(config ? { config } : {}) }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([...contexts].map((context) => context.close().catch(() => {})));
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  return {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get smtp() {
      return ready(smtp, 'smtp (useE2E({ smtp: true }))');
    },
    async context(contextOptions) {
      const context = await newContext(ready(browser, 'browser'), ready(server, 'server').url, {
        ...contextOptions,
      });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      return context;
    },
  };
}
